import type { HtmlPage } from '../../../net/page/html-page.js';
import { quote } from '../evidence.js';

/** The four Consent Mode v2 keys; the last two are what v2 added (required in the EEA since March 2024). */
export const CONSENT_KEYS = ['ad_storage', 'analytics_storage', 'ad_user_data', 'ad_personalization'] as const;

export interface ConsentDefault {
  readonly order: number;
  readonly values: ReadonlyMap<string, string>;
  /** Set when the default applies only to some regions (then 'granted' elsewhere is fine). */
  readonly regional: boolean;
  readonly evidence: string;
}

/** gtag('consent', 'default', {...}) or dataLayer.push(['consent', 'default', {...}]). */
const CONSENT_DEFAULT = /(?:gtag\(|push\(\s*\[)\s*['"]consent['"]\s*,\s*['"]default['"]\s*,\s*\{([\s\S]*?)\}\s*[)\]]/g;
const ENTRY = /['"]?([a-z_]+)['"]?\s*:\s*(?:['"]([a-z_]+)['"]|(\d+)|\[)/g;

export function findConsentDefaults(page: HtmlPage): ConsentDefault[] {
  const found: ConsentDefault[] = [];
  for (const script of page.scripts) {
    if (script.code === '') continue;
    for (const match of script.code.matchAll(CONSENT_DEFAULT)) {
      const values = new Map<string, string>();
      let regional = false;
      for (const entry of match[1]!.matchAll(ENTRY)) {
        if (entry[1] === 'region') regional = true;
        else values.set(entry[1]!, entry[2] ?? entry[3] ?? '');
      }
      found.push({ order: script.order, values, regional, evidence: quote(match[0], 200) });
    }
  }
  return found;
}
