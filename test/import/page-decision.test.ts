import { describe, expect, it } from 'vitest';
import { decidePage, decidePages, explainDecision, siteTitleAffix, type SiteSignals } from '../../src/import/page-decision.js';
import { readPage } from '../../src/import/read-page.js';

const ENGLISH = 'We build websites for small companies in Poznań and measure what they bring. Every project starts with a conversation about goals and ends with a report of results, month after month.';
const POLISH = 'Budujemy strony internetowe dla małych firm z Poznania i mierzymy, co przynoszą. Każdy projekt zaczynamy od rozmowy o celach, a kończymy raportem z wynikami, miesiąc po miesiącu.';

const site: SiteSignals = { titleAffix: { value: undefined, because: '', evidence: [] }, customRules: [], includeArchives: false };

function decide(url: string, { lang, head = '', bodyClass = 'page', body = `<p>${POLISH}</p>`, title = 'Strona' }: { lang?: string; head?: string; bodyClass?: string; body?: string; title?: string }, signals: SiteSignals = site) {
  const html = `<!DOCTYPE html><html${lang === undefined ? '' : ` lang="${lang}"`}><head><title>${title}</title>${head}</head><body class="${bodyClass}"><main><h1>${title}</h1>${body}</main></body></html>`;
  return decidePage(url, readPage(html, url), signals);
}

describe('the language of a page', () => {
  it('is English when the text is plainly English, although WordPress declares pl-PL', () => {
    const decision = decide('https://studio.example/en/about/', { lang: 'pl-PL', body: `<p>${ENGLISH}</p>`, title: 'About us' });
    expect(decision.language.value).toBe('en');
    expect(decision.language.because).toMatch(/language folder in the path says en and the text agrees, although html lang says pl-PL/);
  });

  it('is English on plain English text with no folder, although html lang says pl-PL', () => {
    const decision = decide('https://studio.example/about-the-studio/', { lang: 'pl-PL', body: `<p>${ENGLISH}</p>`, title: 'About us' });
    expect(decision.language).toMatchObject({ value: 'en', because: 'the text is plainly en, although html lang says pl-PL' });
  });

  it('keeps the declared language when the text agrees', () => {
    expect(decide('https://studio.example/o-nas/', { lang: 'pl-PL' }).language).toMatchObject({ value: 'pl', because: 'html lang says pl-PL and the text agrees' });
  });

  it('keeps the declared language when the text is too short to overrule it', () => {
    expect(decide('https://studio.example/kontakt/', { lang: 'pl-PL', body: '<p>Contact</p>', title: 'Kontakt' }).language.value).toBe('pl');
  });

  it.each([
    ['https://handbook.example/en-US/stable/sect.network.html', 'en'],
    ['https://handbook.example/pl-PL/stable/sect.network.html', 'pl'],
    ['https://docs.example/en-gb/install/', 'en'],
  ])('reads a language folder with a region, %s, when the page declares nothing', (url, lang) => {
    const decision = decide(url, { body: '<p>x</p>', title: 'x' });
    expect(decision.language.value).toBe(lang);
    expect(decision.content.value).toBe(true);
  });

  it("takes the language the sitemap's hreflang states for the page", () => {
    const decision = decide('https://handbook.example/book/sect.network.html', { body: '<p>x</p>', title: 'x' }, { ...site, sitemapLanguage: (url) => (url.endsWith('/sect.network.html') ? 'pl-PL' : undefined) });
    expect(decision.language).toMatchObject({ value: 'pl', because: 'hreflang in the sitemap says pl-PL; the text is too short to check it' });
  });

  it('lets the text decide when nothing declares a language', () => {
    expect(decide('https://handbook.example/book/sect.network.html', { body: `<p>${ENGLISH}</p>` }).language).toMatchObject({ value: 'en', because: 'nothing declares a language; the text is in it' });
  });

  it('skips a page in a language the content format does not serve', () => {
    const decision = decide('https://studio.example/de/ueber-uns/', { lang: 'de-DE', body: '<p>Wir sind eine Agentur für Online-Marketing aus Posen, seit zehn Jahren für kleine Unternehmen tätig und erfolgreich.</p>' });
    expect(decision.content).toMatchObject({ value: false, because: 'in de: only pl and en pages can be served' });
  });
});

describe('what a WordPress page is', () => {
  it('types a post as a blog article with its date, from the body class and <time datetime>', () => {
    const decision = decide('https://studio.example/2025/03/03/jak-mierzyc-konwersje/', {
      lang: 'pl-PL',
      bodyClass: 'post-template-default single single-post postid-12 single-format-standard',
      head: '<link rel="alternate" type="application/json" href="https://studio.example/wp-json/wp/v2/posts/12">',
      body: `<div class="entry-meta"><time class="entry-date published" datetime="2025-03-03T10:00:00+01:00">3 marca 2025</time></div><p>${POLISH}</p>`,
    });
    expect(decision.type.value).toBe('blog');
    expect(decision.type.evidence).toEqual([
      { source: 'body class', value: 'single-post' },
      { source: 'WordPress REST link', value: 'https://studio.example/wp-json/wp/v2/posts/12' },
    ]);
    expect(decision.published.value).toBe('2025-03-03');
    expect(decision.content.value).toBe(true);
  });

  it.each([
    ['https://studio.example/tag/analityka/', 'archive tag tag-analityka', 'a tag archive'],
    ['https://studio.example/category/bez-kategorii/', 'archive category', 'a category archive'],
    ['https://studio.example/author/admin/', 'archive author author-admin', 'an author archive'],
    ['https://studio.example/2025/03/', 'archive date', 'a date archive'],
    ['https://studio.example/blog/page/2/', 'blog paged paged-2', 'a page of a paginated list'],
    ['https://studio.example/?s=seo', 'search search-results', 'search results'],
    ['https://studio.example/logo/', 'attachment single', 'an attachment page'],
    ['https://studio.example/feed/', '', 'a feed'],
  ])('skips %s as not content, with the reason', (url, bodyClass, kind) => {
    const decision = decide(url, { lang: 'pl-PL', bodyClass });
    expect(decision.content).toMatchObject({ value: false, because: `${kind}, not content (--include-archives brings it in)` });
    expect(decision.archive).toBe(true);
  });

  it("skips a redirect page (Hugo's / sending readers to /pl/)", () => {
    const decision = decide('https://docs.example/', { lang: 'pl', head: '<meta name="robots" content="noindex"><meta http-equiv="refresh" content="0; url=https://docs.example/pl/">' });
    expect(decision.content).toMatchObject({ value: false, because: 'a redirect page: it sends the reader on to https://docs.example/pl/' });
  });

  it("skips Sphinx's generated index of terms", () => {
    expect(decide('https://docs.example/en/genindex.html', { lang: 'en', body: `<p>${ENGLISH}</p>` }).content.because).toBe('a generated index of terms, not content (--include-archives brings it in)');
  });

  it('imports archives when the person asks for them', () => {
    expect(decide('https://studio.example/tag/analityka/', { lang: 'pl-PL', bodyClass: 'archive tag' }, { ...site, includeArchives: true }).content.value).toBe(true);
  });

  it('skips a password-protected post, whatever the options', () => {
    const decision = decide('https://studio.example/raport-dla-klienta/', {
      lang: 'pl-PL',
      title: 'Zabezpieczony: Raport dla klienta',
      bodyClass: 'single single-post post-password-required',
      body: '<form action="https://studio.example/wp-login.php?action=postpass" class="post-password-form" method="post"><p>Ta treść jest chroniona hasłem.</p></form>',
    }, { ...site, includeArchives: true });
    expect(decision.content).toMatchObject({ value: false, because: 'password-protected: its content is not public' });
  });
});

describe('titles and the site name', () => {
  it.each([
    [['Oferta – Studio Nowak – strony dla firm', 'Kontakt – Studio Nowak – strony dla firm', 'Blog – Studio Nowak – strony dla firm'], 'suffix', 'Studio Nowak – strony dla firm'],
    [['Installation — Acme 2.0 documentation', 'Usage — Acme 2.0 documentation', 'API — Acme 2.0 documentation'], 'suffix', 'Acme 2.0 documentation'],
    [['Acme | Pricing', 'Acme | About', 'Acme | Contact'], 'prefix', 'Acme'],
    [['Pricing · Acme', 'About · Acme', 'Docs: start'], 'suffix', 'Acme'],
  ] as const)('finds the name most titles share: %j', (titles, position, name) => {
    expect(siteTitleAffix(titles).value).toMatchObject({ position, name });
  });

  it('finds no name when the titles share nothing', () => {
    expect(siteTitleAffix(['3.1. Coexistence', '3.2. Migration', 'Preface']).value).toBeUndefined();
  });

  it('finds the name in each language of a site that writes it twice (Sphinx: "documentation", "dokumentacja")', () => {
    const titles = ['Instalacja — dokumentacja Lipiec Deploy 2.3', 'Konfiguracja — dokumentacja Lipiec Deploy 2.3', 'Polecenia — dokumentacja Lipiec Deploy 2.3', 'Installation — Lipiec Deploy 2.3 documentation', 'Configuration — Lipiec Deploy 2.3 documentation', 'Commands — Lipiec Deploy 2.3 documentation'];
    const affix = siteTitleAffix(titles).value!;
    expect([affix.name, ...(affix.also ?? [])].sort()).toEqual(['Lipiec Deploy 2.3 documentation', 'dokumentacja Lipiec Deploy 2.3']);
  });

  it('removes the shared name from each title, and gives a home page titled by the name alone its heading', () => {
    const pages = ['Oferta', 'Kontakt', 'Blog'].map((name) => ({ url: `https://studio.example/${name.toLowerCase()}/`, html: `<title>${name} – Studio Nowak – strony dla firm</title><main><h1>${name}</h1><p>${POLISH}</p></main>` }));
    pages.push({ url: 'https://studio.example/', html: `<title>Studio Nowak – strony dla firm</title><main><h1>Strony, które sprzedają</h1><p>${POLISH}</p></main>` });
    const decisions = decidePages(pages.map((page) => ({ url: page.url, facts: readPage(`<html lang="pl">${page.html}</html>`, page.url) })), { customRules: [], includeArchives: false });
    expect([...decisions.values()].map((decision) => decision.title.value)).toEqual(['Oferta', 'Kontakt', 'Blog', 'Strony, które sprzedają']);
    expect(decisions.get('https://studio.example/oferta/')!.title.because).toBe('"Studio Nowak – strony dla firm" is the site\'s name, removed from the title');
  });

  it('never takes a line of links as the description', () => {
    const decision = decide('https://docs.example/en/guide.html', { lang: 'en', body: `<p><a href="/get/">Download the ebook</a> <a href="/buy/">Buy the paperback</a></p><p>${ENGLISH}</p>` });
    expect(decision.description.value).toBe(ENGLISH);
  });
});

describe('explaining a decision', () => {
  it('prints every decision with what it rests on', () => {
    const text = explainDecision(decide('https://studio.example/en/about/', { lang: 'pl-PL', body: `<p>${ENGLISH}</p>`, title: 'About us' }), 'en');
    expect(text).toContain('  language: en\n    because language folder in the path says en and the text agrees, although html lang says pl-PL\n    - language folder in the path: en\n    - html lang: pl-PL\n    - text: en (');
    expect(text).toContain('  type: company');
    expect(text).toContain('  content: yes');
  });
});
