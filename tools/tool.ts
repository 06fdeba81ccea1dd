import type { z } from 'zod';
import type { Clock } from '../src/clock.js';
import type { Config } from '../src/config/load-config.js';
import type { SiteContent } from '../src/content/site-content.js';
import type { SiteUrls } from '../src/content/site-urls.js';
import type { Logger } from '../src/log/logger.js';
import type { MailOutbox } from '../src/mail/mail-outbox.js';
import type { ScanService } from '../src/scan/scan-service.js';
import type { PageSearch } from '../src/search/lazy-search-index.js';
import type { Store } from '../src/store/store.js';
import type { InsightNote, InsightsSink } from '../src/insights/events.js';

/** The MCP tool annotations, always all four, so no client falls back to the spec's defaults. */
export interface ToolAnnotations {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/** Who is calling: what limits and forwarding need to know, nothing personal. */
export interface Caller {
  readonly transport: 'stdio' | 'http';
  /** The client's address as the HTTP layer determined it (absent over stdio). */
  readonly clientIp?: string | undefined;
  /** The authenticated agent, when a valid bearer token came with the request. */
  readonly agent?: { readonly sub: string; readonly clientId: string } | undefined;
  /** Over HTTP, the request's insights note: the tool's name and outcome are written on it. */
  readonly insight?: InsightNote | undefined;
}

/** The process-lifetime services a tool may use (the application context has them all). */
export interface ToolServices {
  /** The validated configuration (read only). */
  readonly config: Config;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly store: Store;
  /** Mail is only ever enqueued: the outbox delivers it. */
  readonly outbox: Pick<MailOutbox, 'enqueue'>;
  readonly scans: Pick<ScanService, 'scan' | 'get' | 'resultTtlMs'>;
  /** Agent-traffic insights (searches that found little, inquiries sent); absent when they are off. */
  readonly insights?: InsightsSink | undefined;
}

/** The content one request answers from (a ContentSnapshot has all of it). */
export interface ToolContent {
  readonly site: SiteContent;
  readonly urls: SiteUrls;
  readonly search: PageSearch;
}

/**
 * Everything a tool may use: the content of the request's snapshot, the services and the caller;
 * nothing that starts or stops the application.
 */
export interface ToolContext extends ToolServices, ToolContent {
  readonly caller: Caller;
}

/** The tools' context for one call: the content taken once for the request, and who is calling. */
export function toolContext(services: ToolServices, content: ToolContent, caller: Caller): ToolContext {
  const { config, logger, clock, store, outbox, scans, insights } = services;
  return { config, logger, clock, store, outbox, scans, insights, site: content.site, urls: content.urls, search: content.search, caller };
}

/**
 * A tool is data plus one function: MCP and REST are thin adapters over `run`. `run` receives
 * input already parsed by `input` and returns data matching `output`; a failure a client can act
 * on is thrown as an AppError.
 */
export interface ToolDefinition<Input extends z.ZodObject = z.ZodObject, Output extends z.ZodObject = z.ZodObject> {
  /** snake_case verb phrase, unique. */
  readonly name: string;
  readonly title: string;
  /** Written for a model: when to use the tool, what it returns, what not to do with it. */
  readonly description: string;
  readonly input: Input;
  readonly output: Output;
  readonly annotations: ToolAnnotations;
  run(input: z.output<Input>, ctx: ToolContext): Promise<z.output<Output>>;
  /**
   * The text content a model reads beside the structured result, when the JSON of that result
   * is not the best reading (get_page: the Markdown itself). Without it the text is the JSON.
   */
  text?(output: z.output<Output>, ctx: ToolContext): string;
}

/** Identity function that lets TypeScript infer a tool's input and output types. */
export function defineTool<Input extends z.ZodObject, Output extends z.ZodObject>(
  definition: ToolDefinition<Input, Output>,
): ToolDefinition<Input, Output> {
  return definition;
}

/** Annotations of a tool that only reads this site's published content. */
export const READ_ONLY_LOCAL: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};
