/**
 * What insights count: one event per answered request (or MCP message over stdio), the
 * questions that found nothing, and the steps of the funnel. Events hold no IP address, no
 * User-Agent string, no token and no e-mail address: only the words below, a page path or a
 * tool name from our own content, and a duration.
 */

/** Through which door a request came. */
export const SURFACES = ['html', 'markdown', 'llms-txt', 'pricing-md', 'sitemap', 'robots-txt', 'rest', 'mcp', 'ask'] as const;
export type Surface = (typeof SURFACES)[number];

/**
 * Who sent it, from the User-Agent (crawler-user-agents' list and isbot) or, for MCP, the
 * protocol's client info. `ai-user` are fetchers a person's question triggers (ChatGPT-User,
 * Claude-User, Perplexity-User); `ai-search` build an assistant's search index; `ai-training`
 * collect text to train models.
 */
export const AGENT_FAMILIES = ['ai-search', 'ai-user', 'ai-training', 'search-engine', 'mcp-client', 'other-bot', 'browser'] as const;
export type AgentFamily = (typeof AGENT_FAMILIES)[number];

/** How it ended: `client-error` is a 4xx other than 429, `tool-error` a tool result with isError, `server-error` a 5xx. */
export const OUTCOMES = ['ok', 'client-error', 'tool-error', 'rate-limited', 'server-error'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const FUNNEL_STEPS = ['reads', 'scans-started', 'scans-completed', 'inquiries-sent'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export interface RequestEvent {
  readonly surface: Surface;
  readonly family: AgentFamily;
  /** The crawler's name (GPTBot), the MCP client's name (claude-ai), or '' when not known. */
  readonly agent: string;
  /** The page's path, the tool's name (`tools/call search_site`), the MCP method or the REST endpoint; '' when there is none. */
  readonly subject: string;
  readonly outcome: Outcome;
  /** MCP only: `http 2025-11-25`, `http 2026-07-28`, `stdio`; '' elsewhere. */
  readonly via: string;
  readonly durationMs: number;
  /** Whether this answer delivered a page or document (the funnel's first step). */
  readonly read: boolean;
}

/** What the edge knows of an HTTP request's answer before the route refines it. */
export interface InsightNote {
  surface?: Surface;
  subject?: string;
  outcome?: Outcome;
  via?: string;
  /** MCP client name from `initialize` or the 2026-07-28 `_meta` client info. */
  client?: string;
  read?: boolean;
}

/** The HTTP requests being answered, as the edge counts them (http-edge.ts): routes refine a request's note here. */
export interface RequestsInFlight {
  /** The note of a request the edge counts, until its answer has ended; undefined for one it does not count. */
  noteOf(request: object): InsightNote | undefined;
}

/** What the rest of the code reports to insights; absent when insights are off. */
export interface InsightsSink {
  record(event: RequestEvent): void;
  /** A search (search_site, REST search, /ask) and how many results it found and how good the best was. */
  searched(query: string, lang: string | undefined, results: number, bestScore: number | undefined): void;
  funnel(step: Exclude<FunnelStep, 'reads'>): void;
}

/**
 * A search whose answer may be cached and sent again (REST): the tool's report is held and
 * `replay` passes it on each time the answer is sent, so every asking counts.
 */
export function heldSearch(target: InsightsSink | undefined): { sink: InsightsSink | undefined; replay: (() => void) | undefined } {
  if (target === undefined) return { sink: undefined, replay: undefined };
  let asked: Parameters<InsightsSink['searched']> | undefined;
  const sink: InsightsSink = {
    record: (event) => target.record(event),
    funnel: (step) => target.funnel(step),
    searched: (...args) => {
      asked = args;
    },
  };
  return { sink, replay: () => (asked === undefined ? undefined : target.searched(...asked)) };
}
