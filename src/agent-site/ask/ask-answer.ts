import type { ContentSnapshot } from '../../live/content-snapshot.js';
import type { Lang } from '../../content/schema.js';
import { message } from '../../messages/catalog.js';
import type { SearchHit } from '../../search/search-index.js';
import { schemaOrgFor, type SchemaOrgObject } from '../../structured-data/schema-org.js';
import type { AskMode, AskRequest } from './ask-request.js';

/** What an answer is made of: the request's content snapshot. */
export type AskContent = Pick<ContentSnapshot, 'site' | 'urls' | 'search'>;

/** The NLWeb protocol version our answers follow. */
export const NLWEB_VERSION = '0.54';

/**
 * One result: the fields NLWeb's REST API defines (url, name, site, score, description,
 * schema_object) plus `@type`, which protocol 0.54 clients read from a result.
 */
export interface AskResult {
  readonly '@type': string;
  readonly url: string;
  readonly name: string;
  readonly site: string;
  /** 100 for the best match, one less for each following one: the order is what counts. */
  readonly score: number;
  readonly description: string;
  readonly schema_object: SchemaOrgObject;
}

export interface AskMeta {
  readonly response_type: 'answer';
  readonly version: typeof NLWEB_VERSION;
  readonly response_format: 'conv_search';
  /** Always `list`: the site answers from its search index, without a language model. */
  readonly mode: 'list';
  /** The mode the client asked for, when it was not `list`. */
  readonly requested_mode?: AskMode;
  /** What the client should know about this answer (a mode not honoured, nothing found). */
  readonly notice?: string;
}

export interface AskAnswer {
  readonly queryId: string;
  /** The text searched: the decontextualized query when the client sent one, else the query. */
  readonly searched: string;
  readonly meta: AskMeta;
  readonly count: number;
  /** The best result's relevance (insights count weak answers as content gaps). */
  readonly bestScore: number | undefined;
  /** Results built one at a time, so that a stream sends each as soon as it exists. */
  results(): Iterable<AskResult>;
}

/**
 * Answers a question in list mode from the site's search index: the same search, ranking and
 * limits as the search_site tool, one result per matching page with its schema.org object.
 * Modes that need a language model (summarize, generate) are answered with the same list and
 * say so in `_meta`; nothing is invented. The notices are the catalogs' `ask.*`, in English like
 * the API's errors.
 */
export function answerQuestion(request: AskRequest, ctx: AskContent, newQueryId: () => string): AskAnswer {
  const searched = request.decontextualizedQuery ?? request.query;
  const hits = ctx.search.search({ text: searched, lang: siteLanguage(request.language, ctx), limit: request.numResults });
  const notices: string[] = [];
  if (request.mode !== 'list') {
    notices.push(message('en', 'ask.listOnly', { mode: request.mode }));
  }
  if (hits.length === 0) {
    notices.push(message('en', 'ask.noMatch'));
  }
  const meta: AskMeta = {
    response_type: 'answer',
    version: NLWEB_VERSION,
    response_format: 'conv_search',
    mode: 'list',
    ...(request.mode === 'list' ? {} : { requested_mode: request.mode }),
    ...(notices.length === 0 ? {} : { notice: notices.join(' ') }),
  };
  const site = new URL(ctx.urls.publicBaseUrl).host;
  return {
    queryId: request.queryId ?? newQueryId(),
    searched,
    meta,
    count: hits.length,
    bestScore: hits[0]?.score,
    *results() {
      for (const [index, hit] of hits.entries()) yield toResult(hit, index, site, ctx);
    },
  };
}

function toResult(hit: SearchHit, index: number, site: string, ctx: AskContent): AskResult {
  const schemaObject = schemaOrgFor(hit.page, ctx);
  return {
    '@type': schemaObject['@type'],
    url: ctx.urls.pageUrl(hit.page.path),
    name: hit.page.title,
    site,
    score: 100 - index,
    description: hit.page.description,
    schema_object: schemaObject,
  };
}

/** The site language a preferred language tag names (`en-GB` → `en`), if the site has it. */
function siteLanguage(tag: string | undefined, ctx: AskContent): Lang | undefined {
  const primary = tag?.split('-')[0]?.toLowerCase();
  return ctx.site.languages.find((lang) => lang === primary);
}
