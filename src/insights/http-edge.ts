import type { CallToolResult } from '@modelcontextprotocol/server';
import type { Request, RequestHandler, Response } from 'express';
import { agentName } from './agent-family.js';
import type { AgentFamily, InsightNote, InsightsSink, Outcome, RequestEvent, RequestsInFlight, Surface } from './events.js';
import type { Insights, RequestRecord } from './insights.js';

/** A page or its Markdown variant answered: the page's own path, and whether it came as Markdown. */
export function notePage(requests: RequestsInFlight | undefined, req: Request, pagePath: string, markdown: boolean): void {
  const note = requests?.noteOf(req);
  if (note === undefined) return;
  note.subject = pagePath;
  note.read = true;
  if (markdown) note.surface = 'markdown';
}

/**
 * The door a path belongs to; undefined for what insights do not count (OAuth, discovery
 * documents, the favicon, this admin page). Any other path is a page: HTML, or Markdown for a
 * `.md` address (a route may say the page was negotiated as Markdown).
 */
export function surfaceOfPath(path: string): Surface | undefined {
  // Runs on every request: plain string tests, the most frequent doors first, no regular
  // expression unless the path can be one of the rare ones (bench/http.ts --insights).
  if (path.startsWith('/api/v1') && (path.length === 7 || path.charCodeAt(7) === SLASH)) return 'rest';
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
 * The edge of the HTTP app: notes when each request came, and when the answer has gone out records
 * one event for each request insights count (the surface, the requester's family, what was
 * asked, how it ended and how long it took). The User-Agent is classified and dropped when
 * counted.
 *
 * A request pays for as little as can be: as it comes, the edge makes its one record (kept
 * beside the request, `Insights.requests`), which routes refine and which is completed and kept
 * as the response ends; which door it came through, the REST endpoint and the User-Agent's family
 * are worked out in batches of responses (see `Insights.listenForResponses`). The end of a
 * response is heard on Node's `http.server.response.finish` diagnostics channel, one subscription
 * for the app, rather than by a 'finish' listener on each response (that listener and its
 * closure, one per request, cost about 3 % of a REST page's rate).
 */
export function insightsEdge(insights: Insights | undefined): RequestHandler {
  const classifier = insights?.classifier;
  if (insights === undefined || classifier === undefined) return (_req, _res, next) => next();
  const { requests } = insights;
  insights.listenForResponses(
    (message): RequestRecord | undefined => {
      const { request, response } = message as { request: Request; response: Response };
      // Every server of the process is heard: a request this instance's edge did not see come
      // (another server's, or one insights do not count) has no record.
      const heard = requests.noteOf(request);
      if (heard === undefined) return undefined;
      // The request's own record is completed and kept: nothing more is made for it.
      // A mounted router shortens req.url while it runs; originalUrl is the request's own.
      heard.url = request.originalUrl;
      heard.method = request.method;
      heard.status = response.statusCode;
      // Never below 0, should the wall clock be set back while a request is answered.
      heard.durationMs = Math.max(0, Date.now() - heard.arrived);
      heard.userAgent = request.headers['user-agent'];
      return heard;
    },
    (responses) => {
      // A batch is mostly one client's requests: the last answer is reused while the User-Agent is the same.
      let lastUserAgent: string | undefined;
      let lastAgent = classifier.classify(undefined);
      for (const heard of responses) {
        if (heard.method === 'OPTIONS') continue;
        const path = pathOf(heard.url);
        const surface = heard.surface ?? surfaceOfPath(path);
        if (surface === undefined) continue;
        if (heard.userAgent !== lastUserAgent) {
          lastUserAgent = heard.userAgent;
          lastAgent = classifier.classify(lastUserAgent);
        }
        const subject = heard.subject ?? (surface === 'rest' ? restEndpoint(path) : undefined);
        const event = eventOf(heard.status, surface, subject, heard, heard.durationMs, lastAgent);
        if (event !== undefined) insights.record(event);
      }
    },
  );
  return (req, _res, next) => {
    // Whole milliseconds of the wall clock: Date.now() is V8's own, where Node 20's
    // performance.now() crosses into C++ behind a lazy global getter (1.5 µs a request in
    // bench/insights-cpu.ts). Averages stay true: a request's start and end fall anywhere within
    // their milliseconds, so the rounding cancels out over many requests.
    requests.arrived(req, Date.now());
    next();
  };
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

/** `/api/v1/search` → `search`; the root is `root`. */
function restEndpoint(path: string): string {
  let start = '/api/v1'.length;
  while (path.charCodeAt(start) === SLASH) start++;
  const end = path.indexOf('/', start);
  const segment = start >= path.length ? 'root' : path.slice(start, end === -1 ? undefined : end);
  return /^[a-z][a-z-]{0,30}$/.test(segment) ? segment : '(not found)';
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
