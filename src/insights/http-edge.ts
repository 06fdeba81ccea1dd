import type { CallToolResult } from '@modelcontextprotocol/server';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler, Response } from 'express';
import { agentName } from './agent-family.js';
import type { AgentFamily, InsightNote, InsightsSink, Outcome, RequestEvent, Surface } from './events.js';
import type { Insights } from './insights.js';

/**
 * `res.locals` key of the note. The note lives in `res.locals`, Express's own per-request object,
 * never on the response itself: a property added to a ServerResponse gives it another hidden
 * class, and every later access to the response's fields (Node's header writing, Express's
 * routing) runs slower for it: set on the response, the note took about 5 % off a REST page's
 * rate in bench/http.ts --insights.
 */
const NOTE = Symbol('insights note');

/** The note the edge opened for this request, if insights count it (routes refine it). */
export function insightNote(res: Response): InsightNote | undefined {
  return (res.locals as { [NOTE]?: InsightNote })[NOTE];
}

/** A page or its Markdown variant answered: the page's own path, and whether it came as Markdown. */
export function notePage(res: Response, pagePath: string, markdown: boolean): void {
  const note = insightNote(res);
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

/** The note as the edge keeps it: when the request came, whose it is, and how it ended. */
interface EdgeNote extends InsightNote {
  readonly path: string;
  readonly started: number;
  readonly owner: Insights;
  status: number;
  durationMs: number;
  userAgent: string | undefined;
}

/**
 * The edge of the HTTP app: opens a note for each request insights count, and when the answer
 * has gone out records one event from it (the surface, the requester's family, what was asked,
 * how it ended and how long it took). The User-Agent is classified and dropped when counted.
 *
 * The end of a response is heard on Node's `http.server.response.finish` diagnostics channel,
 * one subscription for the app, rather than by a 'finish' listener on each response (that
 * listener and its closure, one per request, cost about 3 % of a REST page's rate), and the
 * responses heard are counted in batches (see `Insights.listenForResponses`).
 */
export function insightsEdge(insights: Insights | undefined): RequestHandler {
  const classifier = insights?.classifier;
  if (insights === undefined || classifier === undefined) return (_req, _res, next) => next();
  insights.listenForResponses(
    (message) => {
      const { request, response } = message as { request: IncomingMessage; response: Response };
      const note = (response.locals as { [NOTE]?: EdgeNote } | undefined)?.[NOTE];
      // Every server of the process is heard: only this app's requests are this instance's.
      if (note?.owner !== insights) return undefined;
      note.status = response.statusCode;
      note.durationMs = performance.now() - note.started;
      note.userAgent = request.headers['user-agent'];
      return note;
    },
    (notes) => {
      // A batch is mostly one client's requests: the last answer is reused while the User-Agent is the same.
      let lastUserAgent: string | undefined;
      let lastAgent = classifier.classify(undefined);
      for (const note of notes) {
        if (note.userAgent !== lastUserAgent) {
          lastUserAgent = note.userAgent;
          lastAgent = classifier.classify(lastUserAgent);
        }
        if (note.surface === 'rest' && note.subject === undefined) note.subject = restEndpoint(note.path);
        const event = eventOf(note.status, note, note.durationMs, lastAgent);
        if (event !== undefined) insights.record(event);
      }
    },
  );
  return (req, res, next) => {
    const path = pathOf(req.url) ?? req.path;
    const surface = surfaceOfPath(path);
    if (surface === undefined || req.method === 'OPTIONS') return next();
    // Every field the note will get, given now: one object shape from birth, rather than a new
    // shape (and a property store allocated) each time a route or the end adds a field.
    const note: EdgeNote = {
      surface,
      // A mounted router shortens req.url while it runs: the path is read now (a REST call's endpoint is told from it when counted).
      path,
      subject: undefined,
      outcome: undefined,
      via: undefined,
      client: undefined,
      read: undefined,
      started: performance.now(),
      owner: insights,
      status: 0,
      durationMs: 0,
      userAgent: undefined,
    };
    (res.locals as { [NOTE]?: EdgeNote })[NOTE] = note;
    next();
  };
}

/**
 * The path of a request's origin-form target ("/api/v1/page?url=…" → "/api/v1/page"), cut from
 * the raw string: Express's `req.path` parses the whole URL, which the edge pays for on every
 * request. Undefined for any other form, which `req.path` then reads.
 */
function pathOf(url: string): string | undefined {
  if (url.charCodeAt(0) !== SLASH) return undefined;
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

function eventOf(status: number, note: InsightNote, durationMs: number, ua: { family: AgentFamily; agent: string }): RequestEvent | undefined {
  const surface = note.surface!;
  const outcome = status >= 400 ? outcomeOfStatus(status) : (note.outcome ?? 'ok');
  let subject = note.subject;
  if (surface === 'html' || surface === 'markdown') {
    // Redirects and the content's assets are not page reads; a miss is counted as one.
    if (subject === undefined && status < 400) return undefined;
    subject ??= status === 404 ? '(not found)' : '';
  }
  if (surface === 'rest' && status === 404) subject = '(not found)';
  let { family, agent } = ua;
  if (surface === 'mcp' && !family.startsWith('ai-')) {
    family = 'mcp-client';
    agent = note.client ?? '';
  }
  const read = note.read === true || surface === 'llms-txt' || surface === 'pricing-md' || (surface === 'rest' && subject === 'page') || (surface === 'mcp' && subject === 'resources/read');
  return { surface, family, agent, subject: subject ?? '', outcome, via: note.via ?? '', durationMs, read };
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
export function noteMcpRequest(res: Response, body: unknown, protocolHeader: string | string[] | undefined): void {
  const note = insightNote(res);
  if (note === undefined) return;
  const message = (typeof body === 'object' && body !== null ? body : {}) as { method?: unknown; params?: { _meta?: Record<string, unknown>; clientInfo?: { name?: unknown }; protocolVersion?: unknown } };
  note.subject = typeof message.method === 'string' && METHOD.test(message.method) ? message.method : '(invalid)';
  const meta = message.params?._meta;
  const modernVersion = meta?.['io.modelcontextprotocol/protocolVersion'];
  const version = typeof modernVersion === 'string' ? modernVersion : typeof protocolHeader === 'string' ? protocolHeader : message.params?.protocolVersion;
  note.via = `http ${typeof version === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(version) ? version : '2025-03-26'}`;
  const client = (meta?.['io.modelcontextprotocol/clientInfo'] as { name?: unknown } | undefined)?.name ?? message.params?.clientInfo?.name;
  const name = agentName(client);
  if (name !== '') note.client = name;
}

/** A tool's answer: its name as the subject, and a tool error or a refusal for a limit as the outcome. */
export function noteToolResult(note: InsightNote, tool: string, result: CallToolResult): void {
  note.subject = `tools/call ${tool}`;
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
