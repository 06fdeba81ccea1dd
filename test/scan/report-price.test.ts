import { beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../src/content/load-site.js';
import type { SiteContent } from '../../src/content/site-content.js';
import { formatPrice, type ReportService } from '../../src/scan/report-offer.js';
import { siteReportSender } from '../../src/scan/report-sender.js';
import { SAMPLE_SITE } from '../helpers/paths.js';

/** No-break spaces shown as "·", so a test says where a line may not break. */
const shown = (text: string) => text.replace(/\u00a0/g, '·');

/** The report's own words around a price, as each language's catalog has them. */
const WORDS = {
  pl: { priceFrom: (amount: string) => `od ${amount} netto`, quotedIndividually: 'wycena indywidualna' },
  en: { priceFrom: (amount: string) => `from ${amount} (net)`, quotedIndividually: 'quoted individually' },
};

let site: SiteContent;
beforeAll(async () => {
  site = (await loadSite(SAMPLE_SITE)).site;
});

const service = (lang: 'pl' | 'en', id: string): ReportService => siteReportSender(() => site).offer(lang).services.find((candidate) => candidate.id === id)!;

describe("the price in a scan report's next step", () => {
  it('is written as the site writes money: "3 900 zł", not "3900 PLN"', () => {
    expect(shown(formatPrice(service('pl', 'ga4-implementation'), 'pl', WORDS.pl))).toBe('od·3·900·zł·netto');
    expect(shown(formatPrice(service('en', 'ga4-implementation'), 'en', WORDS.en))).toBe('from·€950·(net)');
  });

  it('keeps its unit as the site states it', () => {
    expect(shown(formatPrice(service('pl', 'ai-visibility-monitoring'), 'pl', WORDS.pl))).toBe('od·1·200·zł·netto·miesięcznie');
    expect(shown(formatPrice(service('en', 'analytics-training'), 'en', WORDS.en))).toBe('from·€460·(net)·per·day for a group');
  });

  it('says "quoted individually" for a price set after a conversation', () => {
    expect(formatPrice(service('pl', 'mobile-app-analytics'), 'pl', WORDS.pl)).toBe('wycena indywidualna');
  });
});
