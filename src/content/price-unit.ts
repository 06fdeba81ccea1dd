import { message } from '../messages/catalog.js';
import type { Lang, PricePer } from './schema.js';

export type { PricePer } from './schema.js';

/**
 * UN/CEFACT Recommendation 20 common codes, which schema.org's `unitCode` takes: MON month,
 * ANN year, WEE week, DAY day, HUR hour, IE person. A page has no common code, so its
 * structured data says `unitText` only.
 */
const UNIT_CODE: Partial<Record<PricePer, string>> = { month: 'MON', year: 'ANN', week: 'WEE', day: 'DAY', hour: 'HUR', person: 'IE' };

/** A unit as the site file states it: what it is per and, per language, the site's own words. */
export interface PriceUnitSource {
  readonly per?: PricePer | undefined;
  readonly label?: Partial<Record<Lang, string>> | undefined;
}

/** A unit in one language: the site's words (or the catalog's `price.unit` for `per`), and `per` when known. */
export interface PriceUnit {
  readonly per?: PricePer;
  readonly label: string;
}

/** The unit in one language, or undefined when the site file states none for it. */
export function unitIn(source: PriceUnitSource | undefined, lang: Lang): PriceUnit | undefined {
  if (source === undefined) return undefined;
  const label = source.label?.[lang] ?? (source.per === undefined ? undefined : message(lang, 'price.unit', { per: source.per }));
  if (label === undefined) return undefined;
  return source.per === undefined ? { label } : { per: source.per, label };
}

/** The UN/CEFACT common code of a unit, for schema.org `unitCode`, when it has one. */
export function unitCodeOf(per: PricePer | undefined): string | undefined {
  return per === undefined ? undefined : UNIT_CODE[per];
}
