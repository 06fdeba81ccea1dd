import type { Page } from '../content/page.js';
import type { Lang } from '../content/schema.js';
import type { SiteContent } from '../content/site-content.js';
import type { SiteUrls } from '../content/site-urls.js';
import type { PageSearch } from '../search/lazy-search-index.js';
import { escapeHtml } from './html-text.js';
import { FRAME_LABELS } from './labels.js';
import type { SiteFrame } from './site-frame.js';

export interface NotFoundParts {
  readonly site: SiteContent;
  readonly urls: SiteUrls;
  readonly search: PageSearch;
  readonly frame: SiteFrame;
}

/** Words of a missing address that say nothing about what was looked for. */
const NOISE_WORDS = new Set(['md', 'html', 'htm', 'php', 'txt', 'index', 'www']);
const MAX_SUGGESTIONS = 3;
const MAX_QUERY_WORDS = 8;

/**
 * The 404 page. It is in the language its address starts with (`/en/…`), else the site's
 * default; it links the home, services and contact pages, and suggests up to three pages found by
 * searching the words of the missing address (`/pl/uslugi/wdrozenie-ga5/` → "wdrożenie GA4").
 */
export class NotFoundPage {
  constructor(private readonly parts: NotFoundParts) {}

  html(requestPath: string): string {
    const { site, frame } = this.parts;
    const lang = this.#language(requestPath);
    const labels = FRAME_LABELS[lang];
    const suggestions = this.#suggestions(requestPath, lang);
    const { home, services, contact } = frame.links(lang);
    const link = (href: string | undefined, text: string) => (href === undefined ? '' : `<li><a href="${escapeHtml(href)}">${escapeHtml(text)}</a></li>`);
    const ways = [link(home, labels.notFound.goHome), link(services, labels.notFound.browseServices), link(contact, labels.notFound.contactUs)].join('');
    const main = [
      `<h1>${escapeHtml(labels.notFound.title)}</h1>`,
      `<p>${escapeHtml(labels.notFound.lead)}</p>`,
      suggestions.length === 0
        ? ''
        : `<p>${escapeHtml(labels.notFound.suggestions)}</p><ul>${suggestions.map((page) => `<li><a href="${escapeHtml(page.path)}">${escapeHtml(page.title)}</a></li>`).join('')}</ul>`,
      // People are sent to pages made for them, not to llms.txt (that is for language models).
      ways === '' ? '' : `<ul class="ways">${ways}</ul>`,
      '',
    ].join('\n');
    return frame.render({
      lang,
      title: `${labels.notFound.title} – ${site.info.company}`,
      description: undefined,
      canonicalUrl: undefined,
      hreflang: [],
      markdownUrl: undefined,
      languageSwitch: undefined,
      currentPath: undefined,
      headExtraHtml: '',
      mainHtml: main,
      noindex: true,
      openGraphType: 'website',
    });
  }

  markdown(requestPath: string): string {
    const { urls } = this.parts;
    const lang = this.#language(requestPath);
    const labels = FRAME_LABELS[lang].notFound;
    const suggestions = this.#suggestions(requestPath, lang);
    const home = this.parts.frame.links(lang).home;
    const lines = [`# ${labels.title}`, '', labels.lead, ''];
    if (suggestions.length > 0) {
      lines.push(labels.suggestions, '', ...suggestions.map((page) => `- [${page.title.replace(/([[\]])/g, '\\$1')}](${urls.markdownUrl(page.path)}): ${page.description}`), '');
    }
    if (home !== undefined) lines.push(`${labels.goHome}: ${urls.markdownUrl(home)}`, '');
    lines.push(
      `${labels.searchHint}: ${urls.absolute('/llms.txt')}`,
      '',
      `${labels.agentHint}: \`GET ${urls.absolute('/api/v1/search')}?q=…\`, MCP ${urls.absolute('/mcp')} (search_site).`,
      '',
    );
    return lines.join('\n');
  }

  #language(requestPath: string): Lang {
    const { site } = this.parts;
    const first = requestPath.split('/')[1]?.replace(/\.md$/, '');
    return site.languages.find((lang) => lang === first) ?? site.info.defaultLanguage;
  }

  #suggestions(requestPath: string, lang: Lang): Page[] {
    let decoded = requestPath.slice(0, 300);
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      // A broken escape: search the raw address; it is only ever used as search text.
    }
    const words = decoded
      .normalize('NFC')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length >= 2 && !NOISE_WORDS.has(word) && !(this.parts.site.languages as readonly string[]).includes(word))
      .slice(0, MAX_QUERY_WORDS);
    if (words.length === 0) return [];
    return this.parts.search.search({ text: words.join(' ').slice(0, 200), lang, limit: MAX_SUGGESTIONS }).map((hit) => hit.page);
  }
}
