import robotsParserModule from 'robots-parser';
import type { FetchedResponse } from '../fetcher.js';

/**
 * The package is CommonJS (`module.exports = function`) while its typings declare an ES default
 * export, which NodeNext resolves to the module object; at run time the import is the function.
 */
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

export interface RobotsLine {
  /** 1-based, as an editor shows it. */
  readonly number: number;
  readonly text: string;
}

export interface RobotsGroup {
  /** User-agent values, lower case, version stripped. */
  readonly agents: readonly string[];
  readonly rules: readonly (RobotsLine & { readonly directive: 'allow' | 'disallow'; readonly value: string })[];
  readonly contentSignals: readonly (RobotsLine & { readonly value: string })[];
}

/** A robots.txt that was served (HTTP 200) and parsed. Shared by the scans (which judge it) and the importer (which obeys it). */
export interface RobotsFile {
  readonly url: string;
  readonly response: FetchedResponse;
  readonly lines: readonly string[];
  readonly groups: readonly RobotsGroup[];
  readonly sitemaps: readonly RobotsLine[];
  /** Lines that are neither blank, a comment, nor `name: value`. */
  readonly malformed: readonly RobotsLine[];
  /** Allow/Disallow lines before any User-agent line (crawlers ignore them). */
  readonly orphanRules: readonly RobotsLine[];
  /** Content-Signal lines outside any group. */
  readonly globalSignals: readonly (RobotsLine & { readonly value: string })[];
  isAllowed(path: string, token: string): boolean;
  /** The line that decided `isAllowed` for this path and crawler, if a rule matched. */
  decidingLine(path: string, token: string): RobotsLine | undefined;
  /** True when a group names this crawler itself (otherwise the `*` group, or nothing, applies). */
  namesAgent(token: string): boolean;
  /** The Crawl-delay (seconds) of the group that applies to this crawler; not in RFC 9309, but widely honoured. */
  crawlDelaySeconds(token: string): number | undefined;
  /** The absolute URLs of the `Sitemap:` lines, in file order. */
  sitemapUrls(): readonly string[];
}

export function parseRobots(response: FetchedResponse): RobotsFile {
  const url = response.finalUrl;
  const text = response.body.replace(/^\ufeff/, '');
  const lines = text.split(/\r\n|\r|\n/);
  const groups: { agents: string[]; rules: RobotsGroup['rules'][number][]; contentSignals: RobotsGroup['contentSignals'][number][] }[] = [];
  const sitemaps: RobotsLine[] = [];
  const malformed: RobotsLine[] = [];
  const orphanRules: RobotsLine[] = [];
  const globalSignals: (RobotsLine & { value: string })[] = [];
  let current: (typeof groups)[number] | undefined;
  let lastWasAgent = false;
  lines.forEach((raw, index) => {
    const number = index + 1;
    const content = raw.replace(/#.*$/, '').trim();
    if (content === '') return;
    const colon = content.indexOf(':');
    if (colon <= 0) {
      malformed.push({ number, text: raw });
      return;
    }
    const name = content.slice(0, colon).trim().toLowerCase();
    const value = content.slice(colon + 1).trim();
    if (name === 'user-agent') {
      if (!lastWasAgent || current === undefined) {
        current = { agents: [], rules: [], contentSignals: [] };
        groups.push(current);
      }
      current.agents.push(normaliseAgent(value));
      lastWasAgent = true;
      return;
    }
    lastWasAgent = false;
    if (name === 'allow' || name === 'disallow') {
      if (current === undefined) orphanRules.push({ number, text: raw });
      else current.rules.push({ number, text: raw, directive: name, value });
    } else if (name === 'sitemap') {
      sitemaps.push({ number, text: raw });
    } else if (name === 'content-signal') {
      if (current === undefined) globalSignals.push({ number, text: raw, value });
      else current.contentSignals.push({ number, text: raw, value });
    }
  });

  const parser = robotsParser(url, text);
  const origin = new URL(url).origin;
  const agents = new Set(groups.flatMap((group) => group.agents));
  return {
    url,
    response,
    lines,
    groups,
    sitemaps,
    malformed,
    orphanRules,
    globalSignals,
    isAllowed: (path, token) => parser.isAllowed(origin + path, token) !== false,
    decidingLine: (path, token) => {
      const number = parser.getMatchingLineNumber(origin + path, token);
      return number > 0 ? { number, text: lines[number - 1] ?? '' } : undefined;
    },
    namesAgent: (token) => agents.has(normaliseAgent(token)),
    crawlDelaySeconds: (token) => {
      const delay = parser.getCrawlDelay(token);
      return typeof delay === 'number' && Number.isFinite(delay) && delay >= 0 ? delay : undefined;
    },
    sitemapUrls: () => parser.getSitemaps(),
  };
}

function normaliseAgent(value: string): string {
  return value.split('/')[0]!.trim().toLowerCase();
}
