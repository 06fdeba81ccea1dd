import type { Lang } from '../content/schema.js';
import type { SiteContent } from '../content/site-content.js';
import { escapeHtml } from './html-text.js';
import { FRAME_LABELS, type FrameLabels } from './labels.js';
import { STYLESHEET } from './stylesheet.js';
import { FAVICON_LINK } from '../web/favicon.js';
import { bindSingleLetterWords, bindsSingleLetterWords } from '../text/typography.js';

/** Where the frame's links lead in one language; a link is left out when the site has no such page. */
export interface FrameLinks {
  readonly home: string | undefined;
  readonly services: string | undefined;
  readonly pricing: string | undefined;
  readonly contact: string | undefined;
  readonly privacyPolicy: string | undefined;
}

/** One `<link rel="alternate" hreflang>` of a page. */
export interface HreflangLink {
  readonly hreflang: string;
  readonly href: string;
}

/** What a page puts inside the frame. Strings ending in `Html` are already-safe HTML; the rest is text. */
export interface FrameView {
  readonly lang: Lang;
  readonly title: string;
  readonly description: string | undefined;
  readonly canonicalUrl: string | undefined;
  readonly hreflang: readonly HreflangLink[];
  /** The page's own Markdown address (absolute). */
  readonly markdownUrl: string | undefined;
  /** The same page in another language, for the language switch. */
  readonly languageSwitch: { readonly lang: Lang; readonly path: string } | undefined;
  /** The page path, to mark the current navigation link. */
  readonly currentPath: string | undefined;
  /** Extra elements for `<head>` (structured data), already serialized safely. */
  readonly headExtraHtml: string;
  readonly mainHtml: string;
  readonly noindex: boolean;
  /** Open Graph type: `article` for dated writing, `website` for the rest. */
  readonly openGraphType: 'website' | 'article';
}

/**
 * The frame every HTML page shares: head, a header with the company name and the main pages of
 * the page's language, and a footer with the contact options. Links inside the site are paths,
 * so pages work on whatever host serves them; canonical and hreflang links are absolute, as
 * search engines require.
 */
export class SiteFrame {
  readonly #links: ReadonlyMap<Lang, FrameLinks>;

  constructor(private readonly site: SiteContent) {
    this.#links = new Map(site.languages.map((lang) => [lang, frameLinks(site, lang)]));
  }

  links(lang: Lang): FrameLinks {
    return this.#links.get(lang) ?? frameLinks(this.site, lang);
  }

  render(view: FrameView): string {
    const labels = FRAME_LABELS[view.lang];
    const head = [
      '<meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      FAVICON_LINK,
      `<title>${escapeHtml(view.title)}</title>`,
      view.description === undefined ? '' : `<meta name="description" content="${escapeHtml(view.description)}">`,
      view.noindex ? '<meta name="robots" content="noindex">' : '',
      view.canonicalUrl === undefined ? '' : `<link rel="canonical" href="${escapeHtml(view.canonicalUrl)}">`,
      ...view.hreflang.map((link) => `<link rel="alternate" hreflang="${escapeHtml(link.hreflang)}" href="${escapeHtml(link.href)}">`),
      view.markdownUrl === undefined ? '' : `<link rel="alternate" type="text/markdown" href="${escapeHtml(view.markdownUrl)}" title="Markdown">`,
      ...this.#openGraph(view),
      `<style>${STYLESHEET}</style>`,
      view.headExtraHtml,
    ];
    return [
      '<!doctype html>',
      `<html lang="${view.lang}">`,
      `<head>${head.filter((line) => line !== '').join('\n')}</head>`,
      '<body>',
      `<a class="skip" href="#main">${escapeHtml(labels.skipToContent)}</a>`,
      this.#header(view, labels),
      `<main id="main">\n${view.mainHtml}</main>`,
      this.#footer(view, labels),
      '</body>',
      '</html>',
      '',
    ].join('\n');
  }

  /**
   * Open Graph tags: what a chat app, a social network or an agent's link preview shows for
   * the page. The image is the site file's image or logo, when it names one.
   */
  #openGraph(view: FrameView): string[] {
    const { info } = this.site;
    const meta = (property: string, content: string | undefined) =>
      content === undefined ? '' : `<meta property="${property}" content="${escapeHtml(content)}">`;
    const locale = (lang: string) => FRAME_LABELS[lang as Lang]?.locale.replace('-', '_');
    const otherLocales = view.hreflang.map((link) => link.hreflang).filter((lang) => lang !== view.lang && lang !== 'x-default');
    return [
      meta('og:type', view.openGraphType),
      meta('og:site_name', info.company),
      meta('og:title', view.title),
      meta('og:description', view.description),
      meta('og:url', view.canonicalUrl),
      meta('og:locale', locale(view.lang)),
      ...otherLocales.map((lang) => meta('og:locale:alternate', locale(lang))),
      meta('og:image', this.#image(view)),
    ];
  }

  /** The site file's image or logo, absolute: a file of assets/ at the address the page is served from. */
  #image(view: FrameView): string | undefined {
    for (const named of [this.site.info.image, this.site.info.logo]) {
      if (named === undefined) continue;
      if (!named.startsWith('/')) return named;
      if (this.site.asset(named) !== undefined && view.canonicalUrl !== undefined) return new URL(named, view.canonicalUrl).href;
    }
    return undefined;
  }

  #header(view: FrameView, labels: FrameLabels): string {
    const links = this.links(view.lang);
    const item = (href: string | undefined, text: string) =>
      href === undefined ? '' : `<li><a href="${escapeHtml(href)}"${href === view.currentPath ? ' aria-current="page"' : ''}>${escapeHtml(text)}</a></li>`;
    const items = [item(links.home, labels.home), item(links.services, labels.services), item(links.pricing, labels.pricing), item(links.contact, labels.contact)].join('');
    const company = escapeHtml(companyName(this.site.info.company, view.lang));
    const brand = links.home === undefined ? `<span class="brand">${company}</span>` : `<a class="brand" href="${escapeHtml(links.home)}">${company}</a>`;
    const other = view.languageSwitch;
    // The language switch sits beside the company name, the menu on a row of its own: the header
    // then has the same shape in every language, and no separator is left dangling when it wraps.
    const languageSwitch =
      other === undefined
        ? ''
        : `<a class="lang" href="${escapeHtml(other.path)}" hreflang="${other.lang}" lang="${other.lang}">${escapeHtml(FRAME_LABELS[other.lang].languageName)}</a>`;
    return `<header><div class="bar">${brand}${languageSwitch}<nav aria-label="${escapeHtml(labels.mainNavigation)}"><ul>${items}</ul></nav></div></header>`;
  }

  #footer(view: FrameView, labels: FrameLabels): string {
    const { info } = this.site;
    const contact = info.contact[view.lang] ?? info.contact[info.defaultLanguage];
    const lines: string[] = [];
    const reach = [escapeHtml(companyName(info.company, view.lang))];
    if (contact?.email !== undefined) reach.push(`<a href="mailto:${escapeHtml(contact.email)}">${escapeHtml(contact.email)}</a>`);
    if (contact?.phone !== undefined) reach.push(`<a href="tel:${escapeHtml(contact.phone.replace(/[^+\d]/g, ''))}">${escapeHtml(contact.phone)}</a>`);
    lines.push(`<p>${reach.join(' · ')}</p>`);
    if (info.address) {
      const { street, postalCode, city } = info.address;
      lines.push(`<p>${escapeHtml(`${street}, ${postalCode} ${city}`)}</p>`);
    }
    const more: string[] = [];
    const privacy = this.links(view.lang).privacyPolicy;
    if (privacy !== undefined) more.push(`<a href="${escapeHtml(privacy)}">${escapeHtml(labels.privacyPolicy)}</a>`);
    // The links for agents sit beside a page's own content; an error page sends people home instead.
    if (view.markdownUrl !== undefined) {
      more.push(`<a href="${escapeHtml(new URL(view.markdownUrl).pathname)}" type="text/markdown">${escapeHtml(labels.markdownVersion)}</a>`);
      more.push(`<a href="/llms.txt" type="text/markdown">${escapeHtml(labels.siteMapForModels)}</a>`);
    }
    if (more.length > 0) lines.push(`<p>${more.join(' · ')}</p>`);
    return `<footer>${lines.join('')}</footer>`;
  }
}

/** The company's name as shown on a page: with the page language's typography ("sp. z\u00a0o.o."). */
function companyName(company: string, lang: Lang): string {
  return bindsSingleLetterWords(lang) ? bindSingleLetterWords(company) : company;
}

/**
 * The main pages of one language: its home (`/pl/`), the services index (or the first service
 * area), the pricing page, and the contact and privacy pages named in the site file. Only pages
 * that exist are linked.
 */
function frameLinks(site: SiteContent, lang: Lang): FrameLinks {
  const existing = (path: string | undefined) => (path !== undefined && site.page(path) !== undefined ? path : undefined);
  const firstOfType = (type: 'services_index' | 'pricing') => site.pages.find((page) => page.lang === lang && page.type === type)?.path;
  const contact = site.info.contact[lang];
  return {
    home: existing(`/${lang}/`),
    services: firstOfType('services_index') ?? site.info.services.map((group) => existing(group.area[lang])).find((path) => path !== undefined),
    pricing: firstOfType('pricing'),
    contact: existing(contact?.contactForm),
    privacyPolicy: existing(contact?.privacyPolicy),
  };
}
