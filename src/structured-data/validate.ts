import { isTypeOf, rulesFor } from './rules.js';

/**
 * Checks schema.org JSON-LD the way a search or answer engine reads it: the document has a
 * schema.org `@context`, every node a `@type`, each type its required properties (rules.ts),
 * and values that engines parse (ISO 8601 dates, ISO 4217 currencies, numeric prices, absolute
 * URLs, BCP 47 languages). Pure and synchronous; never throws, whatever the input.
 *
 * Required properties are checked on the document's own nodes (top level and `@graph`) and on
 * nested nodes without an `@id`; a nested node with an `@id` is a reference to a node described
 * elsewhere, so only its values are checked. Recommended properties are checked on the
 * document's own nodes only.
 */

export type Severity = 'error' | 'warning';

export interface StructuredDataIssue {
  readonly severity: Severity;
  /** Stable, machine-readable: see ISSUE_CODES. */
  readonly code: IssueCode;
  /** Where in the document, e.g. `$.offers[0].price` or `$['@graph'][2]`. */
  readonly path: string;
  /** The `@type` of the node concerned, when it has one. */
  readonly type?: string;
  readonly property?: string;
  readonly message: string;
}

export interface StructuredDataNode {
  readonly path: string;
  readonly types: readonly string[];
  /** A node of the document itself (top level or `@graph`), not one nested in another. */
  readonly topLevel: boolean;
}

export interface StructuredDataReport {
  /** True when there is no error (warnings allowed). */
  readonly valid: boolean;
  readonly issues: readonly StructuredDataIssue[];
  /** Every typed node found, in document order. */
  readonly nodes: readonly StructuredDataNode[];
}

export const ISSUE_CODES = [
  'invalid-json',
  'missing-context',
  'missing-type',
  'missing-property',
  'missing-recommended-property',
  'invalid-value',
  'date-order',
  'too-large',
] as const;
export type IssueCode = (typeof ISSUE_CODES)[number];

/** Bounds that keep a hostile document from costing more than a page's worth of work. */
const MAX_DEPTH = 32;
const MAX_NODES = 5_000;
const HEADLINE_MAX = 110;

const DATE_PROPERTIES = new Set([
  'datePublished',
  'dateModified',
  'dateCreated',
  'startDate',
  'endDate',
  'validFrom',
  'validThrough',
  'priceValidUntil',
  'uploadDate',
  'foundingDate',
  'birthDate',
  'doorTime',
]);
const URL_PROPERTIES = new Set(['url', 'sameAs', 'logo', 'image', 'contentUrl', 'embedUrl', 'thumbnailUrl']);
const ENUMERATION_PROPERTIES = new Set(['eventStatus', 'eventAttendanceMode', 'availability', 'itemCondition']);
const PRICE_PROPERTIES = new Set(['price', 'minPrice', 'maxPrice', 'lowPrice', 'highPrice']);

/** `2026-12-10`, `2026-12`, `2026`, or a date-time with optional seconds, fraction and offset. */
const ISO_8601 = /^\d{4}(?:-\d{2}(?:-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?)?)?$/;
const CURRENCY = /^[A-Z]{3}$/;
const NUMERIC_PRICE = /^\d+(?:\.\d+)?$/;
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/;
const SCHEMA_ORG = /^https?:\/\/schema\.org\/?$/;
const SCHEMA_ORG_ENUM = /^(?:https?:\/\/schema\.org\/)?[A-Z][A-Za-z]+$/;

/** Parses the text of a `<script type="application/ld+json">` element and validates it. */
export function validateJsonLdText(text: string): StructuredDataReport {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'not JSON';
    return report([{ severity: 'error', code: 'invalid-json', path: '$', message: `The JSON-LD is not valid JSON (${reason}).` }], []);
  }
  return validateStructuredData(document);
}

/** Validates a parsed JSON-LD document: one node, an array of nodes, or a `@graph`. */
export function validateStructuredData(document: unknown): StructuredDataReport {
  const walker = new Walker();
  walker.document(document);
  return report(walker.issues, walker.nodes);
}

function report(issues: StructuredDataIssue[], nodes: StructuredDataNode[]): StructuredDataReport {
  return { valid: !issues.some((issue) => issue.severity === 'error'), issues, nodes };
}

type JsonObject = Record<string, unknown>;

class Walker {
  readonly issues: StructuredDataIssue[] = [];
  readonly nodes: StructuredDataNode[] = [];
  #visited = 0;
  #truncated = false;

  document(document: unknown): void {
    const roots = Array.isArray(document) ? document.map((value, index) => ({ value, path: `$[${index}]` })) : [{ value: document, path: '$' }];
    if (roots.length === 0) {
      this.#issue('error', 'missing-type', '$', 'The document is an empty array: it describes nothing.');
      return;
    }
    for (const root of roots) this.#root(root.value, root.path);
  }

  #root(value: unknown, path: string): void {
    if (!isObject(value)) {
      this.#issue('error', 'missing-type', path, 'A JSON-LD document must be an object (or an array of objects) describing a schema.org node.');
      return;
    }
    if (!hasSchemaOrgContext(value['@context'])) {
      this.#issue('error', 'missing-context', path, 'Missing a schema.org @context: add "@context": "https://schema.org".', { property: '@context' });
    }
    const graph = value['@graph'];
    if (Array.isArray(graph)) {
      graph.forEach((member, index) => this.#node(member, `${path}['@graph'][${index}]`, true, 1));
      if (value['@type'] === undefined) return;
    }
    this.#node(value, path, true, 0);
  }

  #node(value: unknown, path: string, topLevel: boolean, depth: number): void {
    if (!isObject(value)) {
      if (topLevel) this.#issue('error', 'missing-type', path, 'A node must be an object with a @type.');
      return;
    }
    if (this.#overBudget(path, depth)) return;
    const types = typesOf(value['@type']);
    const isReference = !topLevel && typeof value['@id'] === 'string';
    if (types.length === 0) {
      // Nested `{ "@id": … }` references and untyped value objects are fine; a document node is not.
      if (topLevel) this.#issue('error', 'missing-type', path, 'Missing @type: say what this node is, e.g. "@type": "Organization".', { property: '@type' });
    } else {
      this.nodes.push({ path, types, topLevel });
      if (!isReference) for (const type of types) this.#checkRules(value, type, path, topLevel);
    }
    this.#checkValues(value, types, path);
    for (const [property, child] of Object.entries(value)) {
      if (property.startsWith('@')) continue;
      this.#children(child, `${path}${member(property)}`, depth + 1);
    }
  }

  #children(value: unknown, path: string, depth: number): void {
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        if (isObject(item)) this.#node(item, `${path}[${index}]`, false, depth);
      });
    } else if (isObject(value)) {
      this.#node(value, path, false, depth);
    }
  }

  #checkRules(node: JsonObject, type: string, path: string, topLevel: boolean): void {
    const rules = rulesFor(type);
    if (!rules) return;
    for (const property of rules.required ?? []) {
      if (!isPresent(node[property])) {
        this.#issue('error', 'missing-property', path, `${type} requires "${property}".`, { type, property });
      }
    }
    for (const group of rules.requiredOneOf ?? []) {
      if (!group.some((property) => isPresent(node[property]))) {
        this.#issue('error', 'missing-property', path, `${type} requires one of ${group.map((property) => `"${property}"`).join(', ')}.`, { type, property: group[0] });
      }
    }
    if (topLevel) {
      for (const property of rules.recommended ?? []) {
        if (!isPresent(node[property])) {
          this.#issue('warning', 'missing-recommended-property', path, `${type} should have "${property}".`, { type, property });
        }
      }
    }
    // An Offer's price means nothing without its currency, on the Offer or in its specification.
    if (isTypeOf(type, 'Offer') && isPresent(node.price) && !isPresent(node.priceCurrency)) {
      this.#issue('error', 'missing-property', path, `${type} has a price but no "priceCurrency".`, { type, property: 'priceCurrency' });
    }
    if (isTypeOf(type, 'Article') && typeof node.headline === 'string' && node.headline.length > HEADLINE_MAX) {
      this.#issue('warning', 'invalid-value', `${path}.headline`, `The headline has ${node.headline.length} characters; search engines cut it after ${HEADLINE_MAX}.`, { type, property: 'headline' });
    }
  }

  #checkValues(node: JsonObject, types: readonly string[], path: string): void {
    const type = types[0];
    for (const [property, raw] of Object.entries(node)) {
      const values = Array.isArray(raw) ? raw : [raw];
      for (const value of values) {
        if (isObject(value) || value === null || value === undefined) continue;
        const problem = valueProblem(property, value);
        if (problem) this.#issue('error', 'invalid-value', `${path}${member(property)}`, problem, { type, property });
        else if (ENUMERATION_PROPERTIES.has(property) && !(typeof value === 'string' && SCHEMA_ORG_ENUM.test(value))) {
          this.#issue('warning', 'invalid-value', `${path}${member(property)}`, `"${property}" should be a schema.org enumeration member such as https://schema.org/EventScheduled.`, { type, property });
        }
      }
    }
    const start = dateValue(node.startDate);
    const end = dateValue(node.endDate);
    if (start !== undefined && end !== undefined && end < start) {
      this.#issue('error', 'date-order', `${path}.endDate`, 'endDate is before startDate.', { type, property: 'endDate' });
    }
  }

  #overBudget(path: string, depth: number): boolean {
    this.#visited += 1;
    if (depth <= MAX_DEPTH && this.#visited <= MAX_NODES) return false;
    if (!this.#truncated) {
      this.#truncated = true;
      this.#issue('warning', 'too-large', path, `The document is nested deeper than ${MAX_DEPTH} levels or has more than ${MAX_NODES} nodes; the rest was not checked.`);
    }
    return true;
  }

  #issue(severity: Severity, code: IssueCode, path: string, message: string, extra: { type?: string | undefined; property?: string } = {}): void {
    const issue: { -readonly [K in keyof StructuredDataIssue]: StructuredDataIssue[K] } = { severity, code, path, message };
    if (extra.type !== undefined) issue.type = extra.type;
    if (extra.property !== undefined) issue.property = extra.property;
    this.issues.push(issue);
  }
}

/** What is wrong with a scalar property value, or undefined when it is fine. */
function valueProblem(property: string, value: unknown): string | undefined {
  if (DATE_PROPERTIES.has(property)) {
    return typeof value === 'string' && ISO_8601.test(value) && dateValue(value) !== undefined
      ? undefined
      : `"${property}" must be an ISO 8601 date or date-time such as 2026-12-10 or 2026-12-10T09:30:00+01:00.`;
  }
  if (PRICE_PROPERTIES.has(property)) {
    const ok = (typeof value === 'number' && Number.isFinite(value) && value >= 0) || (typeof value === 'string' && NUMERIC_PRICE.test(value));
    return ok ? undefined : `"${property}" must be a number such as 3900 or "3900.00", without a currency symbol or thousands separator.`;
  }
  if (property === 'priceCurrency') {
    return typeof value === 'string' && CURRENCY.test(value) ? undefined : '"priceCurrency" must be a three-letter ISO 4217 code such as PLN or EUR.';
  }
  if (property === 'inLanguage') {
    return typeof value === 'string' && LANGUAGE_TAG.test(value) ? undefined : '"inLanguage" must be a BCP 47 language tag such as pl or en-GB.';
  }
  if (URL_PROPERTIES.has(property)) {
    return typeof value === 'string' && isAbsoluteHttpUrl(value) ? undefined : `"${property}" must be an absolute http(s) URL.`;
  }
  return undefined;
}

function hasSchemaOrgContext(context: unknown): boolean {
  if (typeof context === 'string') return SCHEMA_ORG.test(context);
  if (Array.isArray(context)) return context.some(hasSchemaOrgContext);
  if (isObject(context)) return typeof context['@vocab'] === 'string' && SCHEMA_ORG.test(context['@vocab']);
  return false;
}

/** `"Service"`, `"schema:Service"`, `"https://schema.org/Service"` and arrays of them. */
function typesOf(value: unknown): string[] {
  const raw = Array.isArray(value) ? value : [value];
  return raw.filter((type): type is string => typeof type === 'string' && type.length > 0).map((type) => type.replace(/^(?:https?:\/\/schema\.org\/|schema:)/, ''));
}

function isPresent(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.some(isPresent);
  return true;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAbsoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function dateValue(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

function member(property: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(property) ? `.${property}` : `['${property.replace(/'/g, "\\'")}']`;
}
