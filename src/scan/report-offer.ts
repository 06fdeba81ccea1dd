import { formatMoney, priceWithUnit } from '../content/money.js';
import type { PriceUnit } from '../content/price-unit.js';
import type { ReportLanguage } from './report-language.js';
import type { Problem } from './scan-result.js';
import type { ScanKind } from './snapshot.js';

/** A service of this site as its site file publishes it: never a name or price made up here. */
export interface ReportService {
  readonly id: string;
  readonly name: string;
  /** Net starting price; null means quoted individually. */
  readonly from: number | null;
  readonly currency: string;
  /** What the price is per (month, day for a group…), as the site states it; absent for a one-off price. */
  readonly unit?: PriceUnit | undefined;
  /** The page that publishes it (absolute). */
  readonly url: string;
}

export interface ReportContact {
  readonly email?: string | undefined;
  readonly phone?: string | undefined;
  /** A real contact form (absolute), when the site has one (get_contact's hasContactForm). */
  readonly formUrl?: string | undefined;
  /** The contact page (absolute), named when there is no form. */
  readonly pageUrl?: string | undefined;
  readonly note?: string | undefined;
}

export interface ReportOffer {
  readonly services: readonly ReportService[];
  readonly contact: ReportContact;
}

/**
 * Which kind of service answers which problems, by words in the service's id or name: the
 * site file names the services, so a site without a matching one gets no offer, only contact.
 */
const SERVICE_HINTS: readonly (readonly [checks: RegExp, service: RegExp])[] = [
  [/^T(5|6|7|7b|8)$/, /consent/i],
  [/^T1$/, /ga4|google-analytics|analytics-implementation/i],
  [/^T(2|3|3b|4|9|10|15|15b)$/, /gtm|tag-manager/i],
  [/^T16$/, /server-side/i],
  [/^V(6|7|10|11|17)$/, /structured|llms/i],
  [/^V\d+b?$/, /ai-visibility|visibility/i],
];
const KIND_DEFAULT: Readonly<Record<ScanKind, RegExp>> = { analytics: /gtm|tag-manager|audit/i, ai_visibility: /ai-visibility|visibility/i };

/** The service that answers the most severe problem (problems come most severe first), else the scan's general one. */
export function matchingService(kind: ScanKind, problems: readonly Problem[], services: readonly ReportService[]): ReportService | undefined {
  const matches = (pattern: RegExp) => services.find((service) => pattern.test(service.id) || pattern.test(service.name));
  for (const problem of problems) {
    if (problem.severity === 'info') continue;
    for (const [checks, service] of SERVICE_HINTS) {
      if (!checks.test(problem.check)) continue;
      const found = matches(service);
      if (found !== undefined) return found;
    }
  }
  return matches(KIND_DEFAULT[kind]);
}

/** "from €700 (net)" / "od 1 200 zł netto miesięcznie" (no-break spaces), or "quoted individually". */
export function formatPrice(service: ReportService, lang: ReportLanguage, words: { priceFrom(amount: string): string; quotedIndividually: string }): string {
  if (service.from === null) return words.quotedIndividually;
  return priceWithUnit(words.priceFrom(formatMoney(service.from, service.currency, lang)), service.unit);
}
