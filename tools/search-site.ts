import * as z from 'zod';
import { toPageSummary } from './page-summary.js';
import { langField, pageTypeField, searchResultsSchema } from './schemas.js';
import { LANGS, type Lang, type PageType } from '../src/content/schema.js';
import { plainText } from '../src/text/plain-text.js';
import { defineTool, READ_ONLY_LOCAL, type ToolContext } from './tool.js';

export const SEARCH_LIMIT = { min: 1, max: 25, default: 8 } as const;

export const searchSite = defineTool({
  name: 'search_site',
  title: 'Search the website',
  description:
    'Search the published pages of this company website (Polish and English) by title, description, section headings and page text. ' +
    'Whole questions work; everyday words find the site\'s own terms (cookie banner → Consent Mode, GTM → Google Tag Manager). ' +
    'Use it first to find which page answers a question (services, prices, cities, case studies, events, blog, contact), ' +
    'then read the page with get_page. Returns ranked page summaries with their URLs and the section headings that matched, each with a deep link. ' +
    'Polish queries may be typed with or without diacritics and in any grammatical form.',
  input: z
    .object({
      query: plainText().min(1).max(200).describe('What to look for, 1-200 characters, in Polish or English (e.g. "wdrożenie GA4", "server-side tagging price").'),
      lang: langField.optional().describe('Only pages in this language: "pl" or "en". Omit to search both.'),
      type: pageTypeField.optional().describe('Only pages of this kind, e.g. "service", "city_page", "blog".'),
      limit: z.number().int().min(SEARCH_LIMIT.min).max(SEARCH_LIMIT.max).default(SEARCH_LIMIT.default).describe('How many results, 1-25 (default 8).'),
    })
    .strict(),
  output: searchResultsSchema,
  annotations: READ_ONLY_LOCAL,
  async run(input, ctx) {
    const hits = ctx.search.search({ text: input.query, lang: input.lang, type: input.type, limit: input.limit });
    ctx.insights?.searched(input.query, input.lang, hits.length, hits[0]?.score);
    const data = hits.map((hit) => toPageSummary(hit.page, ctx.urls, hit.sections));
    if (data.length > 0) return { query: input.query, data };
    const suggestion = otherLanguageSuggestion(input, ctx);
    if (suggestion) return { query: input.query, data, note: suggestion };
    const filters = [input.lang && `lang=${input.lang}`, input.type && `type=${input.type}`].filter(Boolean);
    return {
      query: input.query,
      data,
      note:
        'No page matched. Try fewer or more general words, the other language' +
        (filters.length > 0 ? `, or drop the filter ${filters.join(' and ')}` : '') +
        '. list_services lists every service with its page.',
    };
  },
});

const LANGUAGE_NAMES: Readonly<Record<Lang, string>> = { pl: 'Polish', en: 'English' };

/**
 * When nothing matched in the language asked for, the best page of another language, named in
 * the note rather than put among the results: results stay in the language asked for.
 */
function otherLanguageSuggestion(input: { query: string; lang?: Lang | undefined; type?: PageType | undefined }, ctx: ToolContext): string | undefined {
  if (input.lang === undefined) return undefined;
  for (const lang of LANGS) {
    if (lang === input.lang) continue;
    const [best] = ctx.search.search({ text: input.query, lang, type: input.type, limit: 1 });
    if (best) {
      return (
        `No ${LANGUAGE_NAMES[input.lang]} page matched (lang=${input.lang}). ` +
        `In ${LANGUAGE_NAMES[lang]}, "${best.page.title}" (${ctx.urls.pageUrl(best.page.path)}) matches; search with lang=${lang} to get it.`
      );
    }
  }
  return undefined;
}
