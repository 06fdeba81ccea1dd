import type { SiteUrls } from '../content/site-urls.js';

/** The AI crawlers robots.txt names, by what they fetch for (tokens as their operators publish them). */
export const AI_CRAWLERS = {
  /** Build AI search indexes; blocking them hides the site from AI answers. */
  search: ['OAI-SearchBot', 'Claude-SearchBot', 'PerplexityBot', 'DuckAssistBot'],
  /** Fetch a page because a person asked an assistant to. */
  userFetch: ['ChatGPT-User', 'Claude-User', 'Perplexity-User', 'MistralAI-User'],
  /** Collect text to train models. */
  training: ['GPTBot', 'ClaudeBot', 'Google-Extended', 'Applebot-Extended', 'CCBot', 'meta-externalagent'],
} as const;

/**
 * Machine endpoints that are not pages: a crawler indexing them wastes its budget and ours.
 * `$` ends a rule (RFC 9309), so a page such as /asking/ is not caught by /ask.
 */
const NOT_PAGES = ['/ask$', '/ask?', '/mcp$', '/mcp?', '/api/v1', '/oauth/', '/agent/'];

/**
 * `/robots.txt` (RFC 9309). Pages are open to every crawler. AI search crawlers get their own
 * group saying so, because scanners and site owners look for named rules; user-triggered
 * fetchers act for a person and may read everything, the API included. The operator's
 * Content-Signal (`--content-signal`, the same value the pages send) is repeated in every group,
 * since a crawler reads only its own group; `ai-train=no` also shuts AI training crawlers out,
 * so the file never allows what its signal refuses. The sitemap and the NLWeb schema map are
 * named.
 */
export function renderRobotsTxt(urls: SiteUrls, company: string, contentSignal: string | undefined): string {
  const training = /\bai-train=no\b/.test(contentSignal ?? '') ? 'disallow' : 'allow';
  const signal = contentSignal === undefined ? [] : [`Content-Signal: ${contentSignal}`];
  const crawlerRules = ['Allow: /', ...NOT_PAGES.map((path) => `Disallow: ${path}`)];
  const group = (comment: string, agents: readonly string[], rules: readonly string[]) => [
    `# ${comment}`,
    ...agents.map((agent) => `User-agent: ${agent}`),
    ...signal,
    ...rules,
    '',
  ];
  return [
    `# robots.txt of ${company.replace(/[\r\n]+/g, ' ')}`,
    `# For language models: ${urls.absolute('/llms.txt')}`,
    `# Ask the site in plain language (NLWeb): POST ${urls.absolute('/ask')}`,
    `# MCP server: ${urls.absolute('/mcp')}`,
    '',
    ...group('Every crawler: all pages; the machine endpoints are not pages.', ['*'], crawlerRules),
    ...group('AI search crawlers: welcome, so the site can be found and cited in AI answers.', AI_CRAWLERS.search, crawlerRules),
    ...group('Fetchers acting for a person (an assistant reading a page on request): everything.', AI_CRAWLERS.userFetch, ['Allow: /']),
    ...group(
      training === 'allow' ? 'AI training crawlers: allowed.' : 'AI training crawlers: not allowed (Content-Signal: ai-train=no).',
      AI_CRAWLERS.training,
      training === 'allow' ? crawlerRules : ['Disallow: /'],
    ),
    `Sitemap: ${urls.absolute('/sitemap.xml')}`,
    `Schemamap: ${urls.absolute('/schemamap.xml')}`,
    '',
  ].join('\n');
}
