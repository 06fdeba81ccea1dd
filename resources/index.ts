import type { SiteContent } from '../src/content/site-content.js';
import type { SiteUrls } from '../src/content/site-urls.js';
import { renderLlmsTxt } from './llms-txt.js';
import { renderPricingMarkdown } from './pricing-md.js';

/** A generated text document served both as an MCP resource and at its path over HTTP. */
export interface SiteDocument {
  readonly path: string;
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly mimeType: string;
  readonly text: string;
}

/** Renders every generated document once per content snapshot (a snapshot never changes). */
export function renderSiteDocuments(site: SiteContent, urls: SiteUrls): readonly SiteDocument[] {
  return [
    {
      path: '/llms.txt',
      name: 'llms.txt',
      title: 'Site map for language models (llms.txt)',
      description: 'The site summary and every page\'s Markdown address, grouped by language and kind (llmstxt.org format).',
      mimeType: 'text/markdown',
      text: renderLlmsTxt(site, urls),
    },
    {
      path: '/pricing.md',
      name: 'pricing.md',
      title: 'Published starting prices',
      description: 'Every published net starting price with its currency, its unit (per month, per day…) when it has one, and its page URL, per language.',
      mimeType: 'text/markdown',
      text: renderPricingMarkdown(site, urls),
    },
  ];
}
