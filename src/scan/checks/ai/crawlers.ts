/**
 * The crawlers that decide whether a site shows up in AI assistants, by what blocking them
 * costs (peers.md §4b V2):
 * - search: builds the index an assistant cites from; blocked = the site is not cited (critical).
 * - user-fetch: fetches a page live when a person asks about it; blocked = the assistant cannot
 *   read the page it was asked about (critical).
 * - training: collects text to train models; blocking it is a legitimate choice that does not
 *   affect citations, so it is reported for information only.
 */
export type CrawlerClass = 'search' | 'user-fetch' | 'training';

export interface Crawler {
  /** The robots.txt product token. */
  readonly token: string;
  readonly operator: string;
  readonly class: CrawlerClass;
}

export const AI_CRAWLERS: readonly Crawler[] = [
  { token: 'OAI-SearchBot', operator: 'OpenAI (ChatGPT search)', class: 'search' },
  { token: 'Claude-SearchBot', operator: 'Anthropic (Claude search)', class: 'search' },
  { token: 'PerplexityBot', operator: 'Perplexity', class: 'search' },
  { token: 'Googlebot', operator: 'Google (Search, AI Overviews, Gemini grounding)', class: 'search' },
  { token: 'Bingbot', operator: 'Microsoft (Bing, Copilot)', class: 'search' },
  { token: 'ChatGPT-User', operator: 'OpenAI (pages fetched for a ChatGPT user)', class: 'user-fetch' },
  { token: 'Claude-User', operator: 'Anthropic (pages fetched for a Claude user)', class: 'user-fetch' },
  { token: 'Perplexity-User', operator: 'Perplexity (pages fetched for a user)', class: 'user-fetch' },
  { token: 'GPTBot', operator: 'OpenAI (model training)', class: 'training' },
  { token: 'ClaudeBot', operator: 'Anthropic (model training)', class: 'training' },
  { token: 'Google-Extended', operator: 'Google (Gemini training and grounding opt-out)', class: 'training' },
  { token: 'Applebot-Extended', operator: 'Apple (Apple Intelligence training)', class: 'training' },
  { token: 'CCBot', operator: 'Common Crawl (used to train many models)', class: 'training' },
  { token: 'meta-externalagent', operator: 'Meta (model training)', class: 'training' },
  { token: 'Bytespider', operator: 'ByteDance (model training)', class: 'training' },
];
