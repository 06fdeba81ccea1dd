import { defineScanTool } from './scan-tool.js';

export const scanAiVisibility = defineScanTool('ai_visibility', {
  name: 'scan_ai_visibility',
  title: 'Scan a website: visibility in AI assistants',
  checks:
    'visibility in AI assistants (ChatGPT, Claude, Perplexity, Gemini, Copilot): robots.txt and which AI crawlers it lets in ' +
    '(search and user-fetch crawlers blocked is critical; training crawlers are for information), noindex/nosnippet, llms.txt, Markdown for agents, the sitemap, content visible without JavaScript, ' +
    'JSON-LD structured data, titles, descriptions, hreflang, freshness and fetch cost.',
});
