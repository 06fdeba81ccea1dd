/**
 * Schema.org rules the AI visibility scan applies to JSON-LD: for each type that assistants and
 * search engines read (organisation, local business, web site, service and offer, product,
 * article, FAQ, breadcrumbs, event), the properties they need (errors) and the ones that make
 * the entity useful (warnings), plus value formats (dates, prices, currencies, URLs). Based on
 * schema.org and the documented requirements of Google's rich results; deliberately small.
 *
 * Exported for the site's own structured data too (issue 7 validates its objects against the
 * same rules), so what we publish passes what we check.
 */

export interface StructuredDataIssue {
  readonly level: 'error' | 'warning';
  /** The schema.org type the rule belongs to. */
  readonly type: string;
  /** Where in the document, e.g. `@graph[1].offers`. */
  readonly path: string;
  readonly message: string;
}

export interface TypedNode {
  readonly types: readonly string[];
  readonly node: Readonly<Record<string, unknown>>;
  readonly path: string;
}

/** Each inner array is a set of alternatives: one of them present satisfies the rule. */
interface TypeRule {
  readonly required: readonly (readonly string[])[];
  readonly recommended: readonly (readonly string[])[];
}

const RULES: Record<string, TypeRule> = {
  Organization: { required: [['name'], ['url']], recommended: [['logo'], ['sameAs'], ['contactPoint', 'telephone', 'email'], ['address']] },
  LocalBusiness: { required: [['name'], ['address']], recommended: [['url'], ['telephone'], ['logo', 'image'], ['sameAs'], ['openingHoursSpecification', 'openingHours'], ['geo']] },
  WebSite: { required: [['name'], ['url']], recommended: [['inLanguage'], ['publisher']] },
  WebPage: { required: [], recommended: [['name', 'headline'], ['url']] },
  Service: { required: [['name']], recommended: [['provider'], ['description'], ['offers', 'areaServed']] },
  Offer: { required: [['price', 'priceSpecification'], ['priceCurrency', 'priceSpecification']], recommended: [] },
  AggregateOffer: { required: [['lowPrice'], ['priceCurrency']], recommended: [['highPrice']] },
  PriceSpecification: { required: [['price', 'minPrice'], ['priceCurrency']], recommended: [] },
  Product: { required: [['name']], recommended: [['offers'], ['image'], ['description']] },
  Article: { required: [['headline'], ['author'], ['datePublished']], recommended: [['dateModified'], ['image'], ['publisher']] },
  FAQPage: { required: [['mainEntity']], recommended: [] },
  Question: { required: [['name'], ['acceptedAnswer', 'suggestedAnswer']], recommended: [] },
  Answer: { required: [['text']], recommended: [] },
  BreadcrumbList: { required: [['itemListElement']], recommended: [] },
  ListItem: { required: [['position'], ['name', 'item']], recommended: [] },
  Event: { required: [['name'], ['startDate'], ['location']], recommended: [['endDate'], ['eventStatus'], ['eventAttendanceMode'], ['organizer'], ['description']] },
  Person: { required: [['name']], recommended: [] },
  PostalAddress: { required: [], recommended: [['streetAddress'], ['addressLocality'], ['addressCountry']] },
  ContactPoint: { required: [['telephone', 'email', 'url']], recommended: [['contactType']] },
};

/** Subtypes that share their parent's rules (the common ones; schema.org has many more). */
const PARENT: Record<string, string> = {
  Corporation: 'Organization',
  NGO: 'Organization',
  EducationalOrganization: 'Organization',
  OnlineBusiness: 'Organization',
  ProfessionalService: 'LocalBusiness',
  Store: 'LocalBusiness',
  Restaurant: 'LocalBusiness',
  LegalService: 'LocalBusiness',
  AccountingService: 'LocalBusiness',
  FinancialService: 'LocalBusiness',
  HomeAndConstructionBusiness: 'LocalBusiness',
  MedicalBusiness: 'LocalBusiness',
  HealthAndBeautyBusiness: 'LocalBusiness',
  AutomotiveBusiness: 'LocalBusiness',
  LodgingBusiness: 'LocalBusiness',
  FoodEstablishment: 'LocalBusiness',
  BlogPosting: 'Article',
  NewsArticle: 'Article',
  TechArticle: 'Article',
  Report: 'Article',
  ScholarlyArticle: 'Article',
  AboutPage: 'WebPage',
  ContactPage: 'WebPage',
  CollectionPage: 'WebPage',
  ItemPage: 'WebPage',
  FAQPage: 'FAQPage',
  UnitPriceSpecification: 'PriceSpecification',
  CompoundPriceSpecification: 'PriceSpecification',
  BusinessEvent: 'Event',
  EducationEvent: 'Event',
  SocialEvent: 'Event',
  ExhibitionEvent: 'Event',
};

/** The rule families a type belongs to (its own and its parent's). */
export function ruleTypes(type: string): string[] {
  const own = RULES[type] === undefined ? [] : [type];
  const parent = PARENT[type];
  return parent !== undefined && parent !== type ? [...own, parent] : own;
}

const DATE_PROPERTIES = ['datePublished', 'dateModified', 'dateCreated', 'startDate', 'endDate', 'validFrom', 'validThrough', 'uploadDate'];
const URL_PROPERTIES = ['url', 'sameAs', 'logo', 'image', 'item'];
/** ISO 8601 date or date-time, as schema.org Date/DateTime expect. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Every node with an @type, anywhere in a JSON-LD document (@graph, arrays, nested values). */
export function typedNodes(document: unknown): TypedNode[] {
  const nodes: TypedNode[] = [];
  const visit = (value: unknown, path: string, depth: number): void => {
    if (depth > 12 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, `${path}[${index}]`, depth + 1));
      return;
    }
    const node = value as Record<string, unknown>;
    const type = node['@type'];
    const types = (Array.isArray(type) ? type : [type]).filter((item): item is string => typeof item === 'string').map(stripVocabulary);
    if (types.length > 0) nodes.push({ types, node, path: path === '' ? '(top)' : path });
    for (const [key, child] of Object.entries(node)) {
      if (key === '@context') continue;
      visit(child, path === '' ? key : `${path}.${key}`, depth + 1);
    }
  };
  visit(document, '', 0);
  return nodes;
}

/** Checks one JSON-LD document (one script block's parsed value) against the rules. */
export function validateJsonLd(document: unknown): StructuredDataIssue[] {
  const issues: StructuredDataIssue[] = [];
  const roots = Array.isArray(document) ? document : [document];
  for (const [index, root] of roots.entries()) {
    if (root === null || typeof root !== 'object' || Array.isArray(root)) {
      issues.push({ level: 'error', type: '-', path: Array.isArray(document) ? `[${index}]` : '(top)', message: 'is not a JSON-LD object' });
      continue;
    }
    if (!referencesSchemaOrg((root as Record<string, unknown>)['@context'])) {
      issues.push({ level: 'error', type: '-', path: Array.isArray(document) ? `[${index}]` : '(top)', message: '@context is missing or does not name https://schema.org, so consumers cannot read the types' });
    }
  }
  for (const { types, node, path } of typedNodes(document)) {
    if (isReferenceOnly(node)) continue;
    for (const type of types) {
      for (const family of ruleTypes(type)) {
        const rule = RULES[family]!;
        for (const alternatives of rule.required) {
          if (!alternatives.some((property) => present(node[property]))) {
            issues.push({ level: 'error', type, path, message: `${type} needs ${alternatives.join(' or ')}` });
          }
        }
        for (const alternatives of rule.recommended) {
          if (!alternatives.some((property) => present(node[property]))) {
            issues.push({ level: 'warning', type, path, message: `${type} should have ${alternatives.join(' or ')}` });
          }
        }
      }
    }
    issues.push(...formatIssues(types[0] ?? '-', node, path));
  }
  return dedupe(issues);
}

function formatIssues(type: string, node: Readonly<Record<string, unknown>>, path: string): StructuredDataIssue[] {
  const issues: StructuredDataIssue[] = [];
  for (const property of DATE_PROPERTIES) {
    const value = node[property];
    if (typeof value === 'string' && !ISO_DATE.test(value.trim())) {
      issues.push({ level: 'error', type, path, message: `${property} "${value.slice(0, 40)}" is not an ISO 8601 date (e.g. 2026-11-02)` });
    }
  }
  for (const property of ['price', 'lowPrice', 'highPrice', 'minPrice']) {
    const value = node[property];
    if (typeof value === 'string' && !/^\d+(\.\d+)?$/.test(value.trim())) {
      issues.push({ level: 'error', type, path, message: `${property} "${value.slice(0, 40)}" must be a plain number (no currency, spaces or thousands separators; use "." for decimals)` });
    }
  }
  const currency = node.priceCurrency;
  if (typeof currency === 'string' && !/^[A-Z]{3}$/.test(currency.trim())) {
    issues.push({ level: 'error', type, path, message: `priceCurrency "${currency.slice(0, 20)}" must be an ISO 4217 code such as PLN or EUR` });
  }
  for (const property of URL_PROPERTIES) {
    for (const value of Array.isArray(node[property]) ? (node[property] as unknown[]) : [node[property]]) {
      if (typeof value === 'string' && !/^https?:\/\//i.test(value.trim())) {
        issues.push({ level: 'warning', type, path, message: `${property} "${value.slice(0, 60)}" should be an absolute http(s) URL` });
      }
    }
  }
  for (const [property, value] of Object.entries(node)) {
    if (!property.startsWith('@') && typeof value === 'string' && value.trim() === '') {
      issues.push({ level: 'error', type, path, message: `${property} is empty` });
    }
  }
  return issues;
}

function present(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.some(present);
  return true;
}

/** {"@id": "..."} alone points at a node described elsewhere. */
function isReferenceOnly(node: Readonly<Record<string, unknown>>): boolean {
  return Object.keys(node).every((key) => key === '@id' || key === '@type');
}

function referencesSchemaOrg(context: unknown): boolean {
  if (typeof context === 'string') return /^https?:\/\/schema\.org\/?$/i.test(context.trim());
  if (Array.isArray(context)) return context.some(referencesSchemaOrg);
  if (context !== null && typeof context === 'object') {
    const vocab = (context as Record<string, unknown>)['@vocab'];
    return typeof vocab === 'string' && /schema\.org/i.test(vocab);
  }
  return false;
}

function stripVocabulary(type: string): string {
  return type.replace(/^(https?:\/\/schema\.org\/|schema:)/i, '');
}

function dedupe(issues: StructuredDataIssue[]): StructuredDataIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.level}|${issue.path}|${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
