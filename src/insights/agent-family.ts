import crawlerList from 'crawler-user-agents';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import type { AgentFamily } from './events.js';

/** What a User-Agent tells: its family and, for a known crawler, its name (never the string itself). */
export interface AgentOf {
  readonly family: AgentFamily;
  readonly agent: string;
}

/** An entry of crawler-user-agents' list (its published type leaves out `tags` and `description`). */
interface CrawlerEntry {
  readonly pattern: string;
  readonly tags?: readonly string[];
  readonly description?: string;
}

interface Rule {
  readonly pattern: RegExp;
  readonly family: AgentFamily;
}

/**
 * The family of a crawler the list tags, derived from its tags and words rather than from a table
 * of names we would keep: an `ai-crawler` that acts for a user (its token or description says
 * user, assistant or fetcher: ChatGPT-User, Claude-User, Perplexity-User, kagi-fetcher) is a
 * user-triggered fetcher; one that also indexes for search (OAI-SearchBot, Claude-SearchBot,
 * PerplexityBot) is an AI search crawler; any other AI crawler collects training data (GPTBot,
 * ClaudeBot, CCBot, Google-Extended). Updating the package updates all of it.
 */
export function familyOfEntry(entry: CrawlerEntry): AgentFamily {
  const tags = entry.tags ?? [];
  const words = `${entry.pattern} ${entry.description ?? ''}`;
  if (tags.includes('ai-crawler')) {
    if (/-user\b|\buser\b|assistant|fetcher/i.test(words)) return 'ai-user';
    if (tags.includes('search-engine') || /search/i.test(words)) return 'ai-search';
    return 'ai-training';
  }
  if (tags.includes('search-engine')) return 'search-engine';
  return 'other-bot';
}

/** AI crawlers first, then search engines, then the rest, so that a UA naming two gets the more telling one. */
const RANK: Readonly<Record<AgentFamily, number>> = { 'ai-user': 0, 'ai-search': 1, 'ai-training': 2, 'search-engine': 3, 'other-bot': 4, 'mcp-client': 5, browser: 6 };

/**
 * Classifies User-Agent strings. The list (about 1,500 patterns) is tried once per distinct
 * string; answers are kept for the last few thousand strings, so a busy crawler costs one map
 * lookup per request.
 */
export class AgentClassifier {
  readonly #rules: readonly Rule[];
  readonly #known = new LRUCache<string, AgentOf>({ max: 5_000 });

  constructor(entries: readonly CrawlerEntry[] = crawlerList as readonly CrawlerEntry[]) {
    const rules: Rule[] = [];
    for (const entry of entries) {
      try {
        rules.push({ pattern: new RegExp(entry.pattern), family: familyOfEntry(entry) });
      } catch {
        // A pattern this engine cannot compile is skipped; isbot still catches most such bots.
      }
    }
    this.#rules = rules.sort((a, b) => RANK[a.family] - RANK[b.family]);
  }

  classify(userAgent: string | undefined): AgentOf {
    const ua = (userAgent ?? '').slice(0, 512);
    if (ua.trim() === '') return { family: 'other-bot', agent: '' };
    let answer = this.#known.get(ua);
    if (answer === undefined) {
      answer = this.#classify(ua);
      this.#known.set(ua, answer);
    }
    return answer;
  }

  #classify(ua: string): AgentOf {
    for (const rule of this.#rules) {
      const match = rule.pattern.exec(ua);
      if (match) return { family: rule.family, agent: agentName(match[0]) };
    }
    return isbot(ua) ? { family: 'other-bot', agent: '' } : { family: 'browser', agent: '' };
  }
}

/**
 * A name fit to keep and show: letters, digits, space, dot, dash and underscore, at most 40
 * characters (a crawler's token as the list matched it, or an MCP client's `clientInfo.name`).
 */
export function agentName(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  return raw
    .replace(/[^A-Za-z0-9 ._-]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 40);
}
