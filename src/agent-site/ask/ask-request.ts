import * as z from 'zod';
import { AppError } from '../../errors.js';
import { plainText } from '../../text/plain-text.js';

/**
 * An NLWeb `/ask` request, read from either shape in use:
 *
 * - flat (NLWeb's REST API, GET parameters, a form or a JSON object): `query`, `prev`,
 *   `decontextualized_query`, `streaming`, `mode` (or `generate_mode`), `site`, `query_id`,
 *   `num_results`, `lang`;
 * - structured (NLWeb protocol 0.54): `query.text`, `query.site`, `query.num_results`,
 *   `query.decontextualized_query`, `context.prev`, `prefer.streaming`, `prefer.mode`,
 *   `prefer["accept-language"]`, `meta.version`.
 *
 * Other members are ignored (both shapes are extensible). Values are bounded (ASK_LIMITS) and
 * a value that breaks a bound or has the wrong type is an `invalid-parameter` error naming the
 * field as the client wrote it (`query.text`, `prev`).
 */

export const ASK_LIMITS = {
  /** Characters of a question (after whitespace is collapsed). */
  queryMaxLength: 500,
  /** Earlier questions kept as conversation context. */
  prevMaxEntries: 10,
  resultsDefault: 10,
  resultsMax: 25,
} as const;

export const ASK_MODES = ['list', 'summarize', 'generate'] as const;
export type AskMode = (typeof ASK_MODES)[number];

export interface AskRequest {
  readonly shape: 'flat' | 'structured';
  /** The question as asked, whitespace collapsed. */
  readonly query: string;
  /** The question made self-contained by the client (it replaces `query` for searching). */
  readonly decontextualizedQuery: string | undefined;
  readonly prev: readonly string[];
  /** The mode asked for; the site answers every mode with a list (see ask-answer.ts). */
  readonly mode: AskMode;
  /** Streaming asked for explicitly (true or false), or undefined to follow the Accept header. */
  readonly streaming: boolean | undefined;
  readonly site: string | undefined;
  readonly queryId: string | undefined;
  readonly numResults: number;
  /** A language tag the client prefers (`pl`, `en-GB`), when it sent one. */
  readonly language: string | undefined;
}

/** Where the request's fields came from: a JSON body, or parameters (URL query or form body). */
export type AskInput = { readonly kind: 'json'; readonly body: unknown; readonly params: URLSearchParams } | { readonly kind: 'params'; readonly params: URLSearchParams };

export interface AskRequestOptions {
  /** Whether a `site` value names this site. */
  readonly isThisSite: (site: string) => boolean;
  /** How to name this site in an error message. */
  readonly siteName: string;
}

/** Reads and validates a request; throws AppError `invalid-parameter` or `invalid-body`. */
export function parseAskRequest(input: AskInput, options: AskRequestOptions): AskRequest {
  if (input.kind === 'json') {
    if (!isObject(input.body)) {
      throw new AppError('invalid-body', 'The body must be a JSON object: {"query": "your question"} or {"query": {"text": "your question"}}.');
    }
    if (isObject(input.body.query)) return checkSite(structured(input.body), 'query.site', options);
    return checkSite(flat({ ...paramsObject(input.params), ...input.body }), 'site', options);
  }
  return checkSite(flat(paramsObject(input.params)), 'site', options);
}

// --- field schemas ---------------------------------------------------------------------------

/** Whitespace collapsed; controls and invisible characters were refused by the text rule (plainText). */
function cleanText(value: string): string {
  return value.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

const required = (what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : Array.isArray(issue.input) ? `must be given once, as ${what}` : `must be ${what}`;

const textValue = (max: number) =>
  plainText({ multiline: true }, { error: required('a string') })
    .transform(cleanText)
    .pipe(z.string().max(max, { error: `must be at most ${max} characters` }));

const questionSchema = textValue(ASK_LIMITS.queryMaxLength).pipe(z.string().min(1, { error: 'must not be empty: ask a question' }));

/** `prev` as an array, a JSON array in a string, or comma-separated questions (NLWeb's GET form). */
const prevSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    if (trimmed.startsWith('[')) {
      try {
        return JSON.parse(trimmed) as unknown;
      } catch {
        return value;
      }
    }
    return trimmed === '' ? [] : trimmed.split(',');
  },
  z
    .array(textValue(ASK_LIMITS.queryMaxLength), { error: 'must be a list of earlier questions' })
    .transform((questions) => questions.filter((question) => question.length > 0))
    .pipe(z.array(z.string()).max(ASK_LIMITS.prevMaxEntries, { error: `must hold at most ${ASK_LIMITS.prevMaxEntries} earlier questions; send the most recent ones` })),
);

const BOOLEAN_WORDS: Readonly<Record<string, boolean>> = { true: true, false: false, '1': true, '0': false, yes: true, no: false, on: true, off: false };

const booleanSchema = z.preprocess((value) => (typeof value === 'string' ? (BOOLEAN_WORDS[value.trim().toLowerCase()] ?? value) : value), z.boolean({ error: 'must be true or false' }));

/** `none` is NLWeb's `generate_mode` word for a plain list. */
const modeSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  z.enum([...ASK_MODES, 'none'], { error: 'must be list, summarize or generate' }).transform((mode): AskMode => (mode === 'none' ? 'list' : mode)),
);

const countSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: `must be a whole number from 1 to ${ASK_LIMITS.resultsMax}` })
    .int({ error: `must be a whole number from 1 to ${ASK_LIMITS.resultsMax}` })
    .min(1, { error: `must be a whole number from 1 to ${ASK_LIMITS.resultsMax}` })
    .max(ASK_LIMITS.resultsMax, { error: `must be a whole number from 1 to ${ASK_LIMITS.resultsMax}` }),
);

const siteSchema = plainText({ multiline: false }, { error: 'must be a string' }).trim().max(253, { error: 'must be at most 253 characters' });

const queryIdSchema = plainText({ multiline: false }, { error: 'must be a string' }).regex(/^[A-Za-z0-9._:-]{1,128}$/, { error: 'must be 1-128 letters, digits, ".", "_", ":" or "-"' });

/** A language tag, or the first tag of an Accept-Language list (`en-GB,en;q=0.8` → `en-GB`). */
const languageSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(/[,;]/)[0]?.trim() : value),
  plainText({ multiline: false }, { error: 'must be a language tag such as pl or en-GB' }).regex(/^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8}){0,4}$/, { error: 'must be a language tag such as pl or en-GB' }),
);

const flatSchema = z.looseObject({
  query: questionSchema,
  prev: prevSchema.optional(),
  decontextualized_query: textValue(ASK_LIMITS.queryMaxLength).optional(),
  streaming: booleanSchema.optional(),
  mode: modeSchema.optional(),
  generate_mode: modeSchema.optional(),
  site: siteSchema.optional(),
  query_id: queryIdSchema.optional(),
  num_results: countSchema.optional(),
  lang: languageSchema.optional(),
});

const structuredSchema = z.looseObject({
  query: z.looseObject({
    text: questionSchema,
    site: siteSchema.optional(),
    num_results: countSchema.optional(),
    decontextualized_query: textValue(ASK_LIMITS.queryMaxLength).optional(),
  }),
  context: z.looseObject({ prev: prevSchema.optional() }, { error: 'must be an object' }).optional(),
  prefer: z
    .looseObject(
      {
        streaming: booleanSchema.optional(),
        mode: modeSchema.optional(),
        'accept-language': languageSchema.optional(),
      },
      { error: 'must be an object' },
    )
    .optional(),
  meta: z.looseObject({}, { error: 'must be an object' }).optional(),
});

// --- the two shapes --------------------------------------------------------------------------

function flat(fields: Record<string, unknown>): AskRequest {
  const parsed = parse(flatSchema, fields);
  return {
    shape: 'flat',
    query: parsed.query,
    decontextualizedQuery: nonEmpty(parsed.decontextualized_query),
    prev: parsed.prev ?? [],
    mode: parsed.mode ?? parsed.generate_mode ?? 'list',
    streaming: parsed.streaming,
    site: nonEmpty(parsed.site),
    queryId: parsed.query_id,
    numResults: parsed.num_results ?? ASK_LIMITS.resultsDefault,
    language: parsed.lang,
  };
}

function structured(body: Record<string, unknown>): AskRequest {
  const parsed = parse(structuredSchema, body);
  return {
    shape: 'structured',
    query: parsed.query.text,
    decontextualizedQuery: nonEmpty(parsed.query.decontextualized_query),
    prev: parsed.context?.prev ?? [],
    mode: parsed.prefer?.mode ?? 'list',
    streaming: parsed.prefer?.streaming,
    site: nonEmpty(parsed.query.site),
    queryId: undefined,
    numResults: parsed.query.num_results ?? ASK_LIMITS.resultsDefault,
    language: parsed.prefer?.['accept-language'],
  };
}

function checkSite(request: AskRequest, field: string, options: AskRequestOptions): AskRequest {
  if (request.site === undefined || request.site.toLowerCase() === 'all' || options.isThisSite(request.site)) return request;
  throw new AppError('invalid-parameter', `${field}: this server answers for ${options.siteName} only; omit ${field} or send "all".`, { field });
}

function parse<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.map(String).join('.') || 'query';
  throw new AppError('invalid-parameter', `${field} ${issue.message}.`, { field });
}

/** URL or form parameters as fields: one value as a string, a repeated one as an array. */
function paramsObject(params: URLSearchParams): Record<string, unknown> {
  // fromEntries defines own properties, so a parameter named __proto__ stays a plain field.
  return Object.fromEntries([...new Set(params.keys())].map((key) => {
    const values = params.getAll(key);
    return [key, values.length === 1 ? values[0] : values];
  }));
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
