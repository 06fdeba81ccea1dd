import * as z from 'zod';
import { plainText } from '../src/text/plain-text.js';
import { agentMarkdown, renderPageDocument } from '../src/content/page-document.js';
import { AppError } from '../src/errors.js';
import { pageContentSchema } from './schemas.js';
import { defineTool, READ_ONLY_LOCAL } from './tool.js';

/** The contract's cap on page content. */
export const MAX_PAGE_CHARACTERS = 80_000;

export const getPage = defineTool({
  name: 'get_page',
  title: 'Read a page',
  description:
    'Read one published page of this website as clean Markdown (no navigation, scripts or forms). ' +
    'Pass the page URL returned by search_site or list_services, its path (e.g. "/pl/uslugi/"), or its .md address. ' +
    'Pages longer than 80000 characters are cut and marked truncated. Quote prices only as the page or list_services states them.',
  input: z
    .object({
      url: plainText().min(1).max(500).describe('The page: a full URL of this site, a path starting with "/", or the page\'s .md address (1-500 characters).'),
    })
    .strict(),
  output: pageContentSchema,
  annotations: READ_ONLY_LOCAL,
  async run(input, ctx) {
    const path = ctx.urls.toPagePath(input.url);
    const page = ctx.site.page(path);
    if (!page) {
      throw new AppError('not-found', `No published page at ${path}. Use search_site to find the page's URL, then call get_page with it.`, { field: 'url' });
    }
    const markdown = agentMarkdown(page, ctx.urls);
    const truncated = markdown.length > MAX_PAGE_CHARACTERS;
    return {
      url: ctx.urls.pageUrl(page.path),
      markdownUrl: ctx.urls.markdownUrl(page.path),
      title: page.title,
      lang: page.lang,
      type: page.type,
      markdown: truncated ? cutAt(markdown, MAX_PAGE_CHARACTERS) : markdown,
      truncated,
    };
  },
  // A model reads the text block: the Markdown itself under a front-matter header, not the
  // structured result as an escaped JSON string.
  text(output, ctx) {
    const page = ctx.site.page(ctx.urls.toPagePath(output.url));
    if (!page) return JSON.stringify(output);
    return renderPageDocument(page, ctx.site, ctx.urls, { body: output.markdown, truncated: output.truncated });
  },
});

/** Cuts at most `limit` characters without splitting a surrogate pair. */
function cutAt(text: string, limit: number): string {
  const cut = text.slice(0, limit);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}
