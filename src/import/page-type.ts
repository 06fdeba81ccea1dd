import type { PageType } from '../content/schema.js';
import { objects, text, typesOf, type JsonLdNode } from './json-ld-nodes.js';

/** A path rule: a pattern over the content path (`*` one segment, `**` any number) and the type it gives. */
export interface PageTypeRule {
  readonly path: string;
  readonly type: PageType;
}

/** Cities whose names in a path make a city page (Polish and English spellings of the largest Polish cities). */
const CITIES = 'warszawa,warsaw,krakow,cracow,wroclaw,poznan,gdansk,lodz,szczecin,lublin,bydgoszcz,bialystok,katowice,gdynia,czestochowa,radom,torun,rzeszow,kielce,olsztyn,opole';

/**
 * The default path rules, Polish and English, most specific first. A site file's
 * `import.pageTypes` rules come before these.
 */
export const DEFAULT_PAGE_TYPE_RULES: readonly PageTypeRule[] = [
  { path: '/**/{uslugi,services,oferta,offer}/', type: 'services_index' },
  { path: '/**/{uslugi,services,oferta,offer}/**', type: 'service' },
  { path: '/**/{cennik,ceny,pricing,prices,price-list}/**', type: 'pricing' },
  { path: '/**/{blog,aktualnosci,news,artykuly,articles,poradnik}/**', type: 'blog' },
  { path: '/**/{realizacje,case-studies,case-study,portfolio,projekty,projects,klienci}/**', type: 'case_studies' },
  { path: '/**/{wydarzenia,events,szkolenia,webinary,webinars,warsztaty,workshops}/*/', type: 'event' },
  { path: '/**/{miasta,cities,lokalizacje,locations}/*/', type: 'city_page' },
  { path: `/**/{${CITIES}}/`, type: 'city_page' },
  { path: '/**/{kontakt,contact,contact-us,o-nas,about,about-us,zespol,team,polityka-prywatnosci,privacy,privacy-policy}/**', type: 'company' },
];

/** What the page's own JSON-LD says it is, before path rules refine it. */
type JsonLdVerdict = PageType | 'article' | 'collection';

/**
 * Infers a page's type: the site file's rules first (the person knows best), then the page's own
 * JSON-LD, then the default path rules, then `company`. JSON-LD that only says "an article" or
 * "a collection" is refined by the path (an Article under /realizacje/ is a case study).
 */
export function inferPageType(path: string, nodes: readonly JsonLdNode[], customRules: readonly PageTypeRule[], hasEventDetails: boolean): PageType {
  const custom = matchRule(path, customRules);
  if (custom !== undefined) return custom;
  const byPath = matchRule(path, DEFAULT_PAGE_TYPE_RULES);
  const verdict = jsonLdVerdict(nodes);
  if (verdict === 'article') return byPath === 'case_studies' ? 'case_studies' : 'blog';
  if (verdict === 'collection') return byPath === 'case_studies' || byPath === 'blog' ? byPath : 'services_index';
  if (verdict === 'event' && !hasEventDetails) return byPath === 'event' || byPath === undefined ? 'company' : byPath;
  if (verdict !== undefined) return verdict;
  if (byPath === 'event' && !hasEventDetails) return 'company';
  return byPath ?? 'company';
}

const JSON_LD_TYPES: readonly [string, JsonLdVerdict][] = [
  ['Event', 'event'],
  ['OfferCatalog', 'pricing'],
  ['BlogPosting', 'blog'],
  ['NewsArticle', 'blog'],
  ['Blog', 'blog'],
  ['Article', 'article'],
  ['ContactPage', 'company'],
  ['AboutPage', 'company'],
  ['CollectionPage', 'collection'],
];

function jsonLdVerdict(nodes: readonly JsonLdNode[]): JsonLdVerdict | undefined {
  const types = new Set(nodes.flatMap(typesOf));
  const service = nodes.find((node) => typesOf(node).includes('Service'));
  if (service !== undefined) {
    if (objects(service.areaServed).some((area) => typesOf(area).includes('City')) || typeof service.areaServed === 'string') return 'city_page';
    if (service.hasOfferCatalog !== undefined) return 'service_area';
    return 'service';
  }
  for (const [type, verdict] of JSON_LD_TYPES) if (types.has(type)) return verdict;
  return undefined;
}

/** The city a city page serves, from its Service's areaServed. */
export function servedCity(nodes: readonly JsonLdNode[]): string | undefined {
  for (const node of nodes) {
    if (!typesOf(node).includes('Service')) continue;
    if (typeof node.areaServed === 'string') return node.areaServed.trim() || undefined;
    const city = objects(node.areaServed).find((area) => typesOf(area).includes('City'));
    if (city !== undefined) return text(city.name);
  }
  return undefined;
}

export function matchRule(path: string, rules: readonly PageTypeRule[]): PageType | undefined {
  return rules.find((rule) => patternRegExp(rule.path).test(path))?.type;
}

const compiled = new Map<string, RegExp>();

/** `/**` any number of segments, `*` one segment, `{a,b}` either; every pattern is matched against the whole path. */
function patternRegExp(pattern: string): RegExp {
  let regex = compiled.get(pattern);
  if (regex !== undefined) return regex;
  let source = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index]!;
    if (pattern.startsWith('**', index)) {
      const slash = pattern[index + 2] === '/';
      source += slash ? '(?:[^/]+/)*' : '.*';
      index += slash ? 2 : 1;
    } else if (char === '*') source += '[^/]+';
    else if (char === '{') {
      const end = pattern.indexOf('}', index);
      source += `(?:${pattern.slice(index + 1, end).split(',').map(escape).join('|')})`;
      index = end;
    } else source += escape(char);
  }
  regex = new RegExp(`^${source}$`);
  compiled.set(pattern, regex);
  return regex;
}

function escape(value: string): string {
  return value.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}
