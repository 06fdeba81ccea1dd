import type { CallToolResult } from '@modelcontextprotocol/server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request } from 'express';
import { agentName, type AgentOf } from './agent-family.js';
import type { AgentFamily, InsightNote, InsightsSink, Outcome, RequestEvent, RequestsInFlight, Surface } from './events.js';
import type { Counted, Insights } from './insights.js';
import type { Logger } from '../log/logger.js';

/** A page or its Markdown variant answered: the page's own path, and whether it came as Markdown. */
export function notePage(requests: RequestsInFlight | undefined, req: Request, pagePath: string, markdown: boolean): void {
  const note = requests?.noteOf(req);
  if (note === undefined) return;
  note.subject = pagePath;
  note.read = true;
  note.surface = markdown ? 'markdown' : 'html';
}

/**
 * The door a path belongs to; undefined for what insights do not count (OAuth, discovery
 * documents, the favicon, this admin page). Any other path is a page: HTML, or Markdown for a
 * `.md` address (a route may say the page was negotiated as Markdown).
 */
export function surfaceOfPath(path: string): Surface | undefined {
  // Runs on every request: plain string tests, the most frequent doors first, no regular
  // expression unless the path can be one of the rare ones (bench/http.ts --insights).
  if (isRestTarget(path)) return 'rest';
  if (path.endsWith('.md')) return path === '/pricing.md' ? 'pricing-md' : 'markdown';
  if (path.endsWith('.txt')) {
    if (path === '/robots.txt') return 'robots-txt';
    if (path === '/llms.txt' || path === '/llms-full.txt') return 'llms-txt';
  } else if (path.endsWith('.xml')) {
    if (/^\/(sitemap[\w-]*|schemamap)\.xml$/.test(path)) return 'sitemap';
  }
  if (path === '/mcp' || path === '/mcp/') return 'mcp';
  if (path === '/ask' || path === '/ask/') return 'ask';
  if (path.startsWith('/favicon') || (path.length > 1 && isPrivatePrefix(path))) return undefined;
  return 'html';
}

const SLASH = 47;
const LOWER_U = 117;
/** First path segments that are not pages: discovery, OAuth, the agent API's own routes, this admin page, the MCP endpoint's other addresses. */
const NOT_COUNTED = new Set(['.well-known', 'oauth', 'agent', 'admin', 'mcp']);

function isPrivatePrefix(path: string): boolean {
  const end = path.indexOf('/', 1);
  return NOT_COUNTED.has(end === -1 ? path.slice(1) : path.slice(1, end));
}

export function outcomeOfStatus(status: number): Outcome {
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server-error';
  if (status >= 400) return 'client-error';
  return 'ok';
}

/**
 * The edge of an HTTP server: notes each request insights count as it comes (when, through which
 * door, from which family of User-Agent: the string itself is classified and dropped), and when
 * the answer has gone out counts it (what was asked, how it ended, how long it took). Undefined
 * when insights are off.
 *
 * The server tells it of both ends (`HttpConnections.observeRequests`, decision 0158): as a
 * request comes, before the app's handler runs, its record (`Insights.requests`) is made from
 * what Node has just parsed (decision 0153; the request and response already have the app's
 * prototypes, decision 0154) and kept in a field the request was made with (decision 0156).
 * Routes refine the record; it is counted and let go once the response has been sent (decision
 * 0152). A response whose connection closed before it was sent is not counted.
 */
export function insightsEdge(insights: Insights | undefined, logger: Logger): RequestObserver | undefined {
  const classifier = insights?.classifier;
  if (insights === undefined || classifier === undefined) return undefined;
  const { requests, clock } = insights;
  // Runs of one User-Agent are usual (a crawler, a client): its family is worked out once per run.
  let lastUserAgent: string | undefined;
  let lastAgent = classifier.classify(undefined);
  // What made the last request counted what it was, and where it was counted: a request made
  // the same (the same door, subject, status, note and agent, as a client calling one tool or a
  // crawler re-reading a page makes) adds to that count without an event being spelt out.
  let last: LastCounted | undefined;
  return {
    started(request) {
      if (request.method === 'OPTIONS') return;
      // The request's own target, as the client sent it (no router has cut it yet). A REST
      // request's endpoint is read from it in place; any other door from its path.
      const target = request.url ?? '/';
      let surface: Surface;
      let endpoint: string | undefined;
      if (isRestTarget(target)) {
        surface = 'rest';
        endpoint = restEndpoint(target);
      } else {
        // An absolute-form target ("http://host/api/v1/page") is read from its path.
        const path = pathOf(target);
        const door = surfaceOfPath(path);
        if (door === undefined) return;
        surface = door;
        if (door === 'rest') endpoint = restEndpoint(path);
      }
      const userAgent = userAgentOf(request.rawHeaders);
      if (userAgent !== lastUserAgent) {
        lastUserAgent = userAgent;
        lastAgent = classifier.classify(userAgent);
      }
      // Whole milliseconds of insights' clock (the wall clock: Date.now(), which is V8's own,
      // where Node 20's performance.now() crosses into C++ behind a lazy global getter). Averages
      // stay true: a request's start and end fall anywhere within their milliseconds, so the
      // rounding cancels out over many requests.
      requests.arrived(request, clock.now(), surface, endpoint, lastAgent);
    },
    answered(request, response) {
      const heard = requests.ended(request);
      if (heard === undefined) return;
      const status = response.statusCode;
      // One reading of the clock for the duration and the day it is counted in.
      const now = clock.now();
      // Never below 0, should the wall clock be set back while a request is answered.
      const durationMs = Math.max(0, now - heard.arrived);
      if (
        last !== undefined &&
        heard.surface === last.surface &&
        heard.subject === last.subject &&
        status === last.status &&
        heard.agent === last.agent &&
        heard.outcome === last.outcome &&
        heard.via === last.via &&
        heard.client === last.client &&
        heard.read === last.read &&
        insights.recordAgain(last.counted, durationMs, last.countsRead, now)
      )
        return;
      const event = eventOf(status, heard.surface, heard.subject, heard, durationMs, heard.agent);
      last = undefined;
      if (event === undefined) return;
      const counted = insights.record(event, now);
      last = { surface: heard.surface, subject: heard.subject, status, agent: heard.agent, outcome: heard.outcome, via: heard.via, client: heard.client, read: heard.read, counted, countsRead: event.read && event.outcome === 'ok' };
    },
    // One request is lost, never the answer or the process.
    failed(error, stage) {
      const message = error instanceof Error ? error.message : String(error);
      if (stage === 'started') logger.warn({ error: message }, 'insights: a request was not noted');
      else logger.warn({ error: message }, 'insights: a response was not counted');
    },
  };
}

/**
 * Told of every request the server answers: as it comes, before the handler runs, and once its
 * response has been sent whole (not a response whose connection closed before it was). What
 * either throws goes to `failed`, and the request and the process carry on. The insights edge is
 * one; `HttpConnections.observeRequests` takes it (defined here, as src/http imports insights and
 * not the other way round).
 */
export interface RequestObserver {
  started(request: IncomingMessage): void;
  answered(request: IncomingMessage, response: ServerResponse): void;
  failed(error: unknown, stage: 'started' | 'answered'): void;
}

/**
 * The request's User-Agent, as `req.headers['user-agent']` gives it (the first one sent), read
 * from the header lines the parser has already made: Node 20 builds `req.headers` the first time
 * anything reads it, and the routes build it later in any case (bench/insights-cpu.ts).
 */
export function userAgentOf(rawHeaders: readonly string[]): string | undefined {
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const name = rawHeaders[index]!;
    // As clients spell it, then any other spelling (only a name of ten letters starting with a u).
    if (name.length !== 10) continue;
    if (name === 'user-agent' || name === 'User-Agent') return rawHeaders[index + 1];
    if ((name.charCodeAt(0) | 32) === LOWER_U && name.toLowerCase() === 'user-agent') return rawHeaders[index + 1];
  }
  return undefined;
}

/** The path of a request's target ("/api/v1/page?url=…" → "/api/v1/page"; an absolute-form target's path). */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  const target = query === -1 ? url : url.slice(0, query);
  if (target.charCodeAt(0) === SLASH) return target;
  try {
    return new URL(target).pathname;
  } catch {
    return target;
  }
}

function eventOf(status: number, surface: Surface, noted: string | undefined, note: InsightNote | undefined, durationMs: number, ua: { family: AgentFamily; agent: string }): RequestEvent | undefined {
  const outcome = status >= 400 ? outcomeOfStatus(status) : (note?.outcome ?? 'ok');
  let subject = noted;
  if (surface === 'html' || surface === 'markdown') {
    // Redirects and the content's assets are not page reads; a miss is counted as one.
    if (subject === undefined && status < 400) return undefined;
    subject ??= status === 404 ? '(not found)' : '';
  }
  if (surface === 'rest' && status === 404) subject = '(not found)';
  let { family, agent } = ua;
  if (surface === 'mcp' && !family.startsWith('ai-')) {
    family = 'mcp-client';
    agent = note?.client ?? '';
  }
  const read = note?.read === true || surface === 'llms-txt' || surface === 'pricing-md' || (surface === 'rest' && subject === 'page') || (surface === 'mcp' && subject === 'resources/read');
  return { surface, family, agent, subject: subject ?? '', outcome, via: note?.via ?? '', durationMs, read };
}

/** The last request the edge counted: what made it what it was, and its count. */
interface LastCounted extends InsightNote {
  readonly surface: Surface;
  readonly subject: string | undefined;
  readonly status: number;
  readonly agent: AgentOf;
  readonly counted: Counted;
  /** Whether it was counted as a read (the funnel's first step). */
  readonly countsRead: boolean;
}

/** Whether a request's target or path is under /api/v1 (`/api/v1`, `/api/v1/…`, `/api/v1?…`). */
function isRestTarget(target: string): boolean {
  if (!target.startsWith('/api/v1')) return false;
  const next = target.charCodeAt(7);
  return target.length === 7 || next === SLASH || next === QUESTION;
}

/**
 * `/api/v1/search` → `search` (a query after it is left out: `/api/v1/page?url=…` → `page`); the
 * root is `root`; anything but a word of a-z and hyphens is `(not found)`.
 */
export function restEndpoint(target: string): string {
  let start = '/api/v1'.length;
  while (target.charCodeAt(start) === SLASH) start++;
  // A word of at most 31 letters a-z and hyphens, starting with a letter, up to a slash, a
  // query or the end: tested letter by letter, as this runs on every REST request.
  let end = start;
  while (end < target.length && end - start <= MAX_ENDPOINT) {
    const code = target.charCodeAt(end);
    if (!isLowerLetter(code) && (code !== HYPHEN || end === start)) break;
    end++;
  }
  const next = end < target.length ? target.charCodeAt(end) : QUESTION;
  if (end - start > MAX_ENDPOINT || (next !== SLASH && next !== QUESTION)) return '(not found)';
  return end === start ? 'root' : target.slice(start, end);
}

const MAX_ENDPOINT = 31;
const QUESTION = 63;
const HYPHEN = 45;
function isLowerLetter(code: number): boolean {
  return code >= 97 && code <= 122;
}

const METHOD = /^[a-z][a-zA-Z/_-]{0,40}$/;

/** What the body of a request to /mcp says: its method, the protocol revision and the client's name where the protocol gives it. */
export function noteMcpRequest(requests: RequestsInFlight | undefined, req: Request, body: unknown, protocolHeader: string | string[] | undefined): InsightNote | undefined {
  const note = requests?.noteOf(req);
  if (note === undefined) return undefined;
  const message = (typeof body === 'object' && body !== null ? body : {}) as { method?: unknown; params?: { _meta?: Record<string, unknown>; clientInfo?: { name?: unknown }; protocolVersion?: unknown } };
  note.subject = typeof message.method === 'string' && METHOD.test(message.method) ? message.method : '(invalid)';
  const meta = message.params?._meta;
  const modernVersion = meta?.['io.modelcontextprotocol/protocolVersion'];
  const version = typeof modernVersion === 'string' ? modernVersion : typeof protocolHeader === 'string' ? protocolHeader : message.params?.protocolVersion;
  note.via = viaHttp(version);
  const client = (meta?.['io.modelcontextprotocol/clientInfo'] as { name?: unknown } | undefined)?.name ?? message.params?.clientInfo?.name;
  const name = agentName(client);
  if (name !== '') note.client = name;
  return note;
}

/** Words spelt once and used again (a request's revision, a tool's subject): at most this many of each. */
const MAX_WORDED = 64;

/** Words made of few distinct values, each spelt once (at most MAX_WORDED are remembered). */
function worded(spell: (value: string) => string): (value: string) => string {
  const spelt = new Map<string, string>();
  return (value) => {
    let words = spelt.get(value);
    if (words === undefined) {
      words = spell(value);
      if (spelt.size < MAX_WORDED) spelt.set(value, words);
    }
    return words;
  };
}

const REVISION = /^\d{4}-\d{2}-\d{2}$/;
const viaRevision = worded((version) => `http ${REVISION.test(version) ? version : '2025-03-26'}`);
/** `http 2025-11-25`: the HTTP transport and the protocol revision the request named (2025-03-26, the first stateless one, when it named none). */
function viaHttp(version: unknown): string {
  return viaRevision(typeof version === 'string' ? version : '');
}

const toolSubject = worded((tool) => `tools/call ${tool}`);

/** A tool's answer: its name as the subject, and a tool error or a refusal for a limit as the outcome. */
export function noteToolResult(note: InsightNote, tool: string, result: CallToolResult): void {
  note.subject = toolSubject(tool);
  note.outcome = toolOutcome(result);
  note.read = tool === 'get_page' && note.outcome === 'ok';
}

export function toolOutcome(result: CallToolResult): Outcome {
  if (result.isError !== true) return 'ok';
  const text = result.content?.[0]?.type === 'text' ? result.content[0].text : '';
  return /^\[(rate-limited|quota-exceeded)\]/.test(text) ? 'rate-limited' : 'tool-error';
}

/**
 * Over stdio there is no HTTP edge: each MCP message the SDK handles is recorded as it is
 * answered (SiteServer calls this), with the client's name from `initialize`.
 */
export function recordStdioMessage(
  sink: InsightsSink,
  message: { method: string; params?: Record<string, unknown> | undefined },
  answer: { result?: CallToolResult; failed?: boolean },
  durationMs: number,
  client: string | undefined,
): void {
  const note: InsightNote = { subject: METHOD.test(message.method) ? message.method : '(invalid)' };
  if (message.method === 'tools/call' && typeof message.params?.name === 'string' && answer.result !== undefined) noteToolResult(note, agentName(message.params.name), answer.result);
  const outcome = answer.failed === true ? 'client-error' : (note.outcome ?? 'ok');
  const read = note.read === true || (message.method === 'resources/read' && outcome === 'ok');
  sink.record({ surface: 'mcp', family: 'mcp-client', agent: agentName(client), subject: note.subject ?? '', outcome, via: 'stdio', durationMs, read });
}
