import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../src/content/load-site.js';
import type { SiteContent } from '../../src/content/site-content.js';
import { LazySearchIndex } from '../../src/search/lazy-search-index.js';
import { importSite, outputDir } from './import-helpers.js';
import { EXPLAINED, explain, importMirror, linkTargets, markdownPath, outsideCode, recordedPaths, reimportIntoCopy, serveImport, type ImportedMirror } from './real-sites.js';

/**
 * The mirror of a real WordPress 6.1 from Debian's packages (test/fixtures/sites/real/README.md):
 * default block theme, lang="pl-PL" on every page, English pages under /en/ without a
 * multilingual plugin, posts with comments, archives, a password-protected post, shortcodes.
 */
describe('importing a real WordPress 6.1 site', () => {
  let imported: ImportedMirror;
  let site: SiteContent;
  const bodies = () => [...imported.pages.values()].map((page) => page.body);

  beforeAll(async () => {
    imported = await importMirror('wordpress');
    site = (await loadSite(imported.out)).site;
  }, 60_000);
  afterAll(async () => {
    await imported?.site.close();
  });

  it('names the company from the WordPress site title, never the host, and asks the person to check it', () => {
    expect(site.info.company).toBe('Studio Lipiec sp. z o.o.');
    expect(imported.report.siteFile?.inferred).toContainEqual(expect.stringMatching(/^company: Studio Lipiec sp\. z o\.o\. \(the WordPress site title/));
  });

  it('serves every page in its real language: the English pages are English although WordPress says pl-PL', () => {
    const languages = Object.fromEntries(site.pages.map((page) => [page.path, page.lang]));
    for (const path of ['/en/', '/en/about-us/', '/en/services/', '/en/contact/']) expect(languages[path]).toBe('en');
    for (const [path, lang] of Object.entries(languages)) if (!path.startsWith('/en/')) expect(lang, path).toBe('pl');
  });

  it('types posts as blog articles with their dates', () => {
    const posts = Object.fromEntries(site.pages.filter((page) => page.type === 'blog').map((page) => [page.path, page.published]));
    expect(posts).toEqual({
      '/wizytowka-google-a-strona-internetowa/': '2025-06-24',
      '/nowa-siedziba-studia/': '2025-05-19',
      '/kopie-zapasowe/': '2025-04-03',
      '/rodo-na-stronie-firmowej/': '2025-03-11',
      '/jak-przyspieszyc-strone-na-wordpressie/': '2025-02-20',
      '/ile-kosztuje-strona-internetowa/': '2025-01-14',
    });
  });

  it('leaves out archives and lists, and the password-protected post, each listed with its reason', () => {
    for (const page of site.pages) expect(page.path).not.toMatch(/^\/(tag|category|author|blog|feed)\/|\/page\/\d+\/$/);
    const reasons = Object.fromEntries(imported.report.skipped.map((skip) => [new URL(skip.url).pathname, skip.reason]));
    expect(reasons).toMatchObject({
      '/tag/wordpress/': 'a tag archive, not content (--include-archives brings it in)',
      '/category/poradniki/': 'a category archive, not content (--include-archives brings it in)',
      '/author/admin/': 'an author archive, not content (--include-archives brings it in)',
      '/blog/': 'a list of posts, not content (--include-archives brings it in)',
      '/oferta-dla-stalych-klientow-2026/': 'password-protected: its content is not public',
    });
  });

  it('keeps no comment, commenter, avatar or post meta line', () => {
    for (const body of bodies()) {
      for (const visitor of ['Marta Zielińska', 'Tomasz K.', 'gravatar', 'Odpowiedz', 'Dodaj komentarz', 'Anuluj pisanie odpowiedzi', 'Wszędzie indziej piszą', 'replytocom']) expect(body).not.toContain(visitor);
    }
    expect(imported.pages.get('/ile-kosztuje-strona-internetowa/')!.body).not.toContain('Anna Lipiec');
  });

  it('keeps no unrendered shortcode', () => {
    for (const body of bodies()) expect(body).not.toMatch(/\\?\[\/?(vc_|contact-form|button)/);
  });

  it('fences every preformatted block, so that shell comments never become headings', () => {
    const body = imported.pages.get('/jak-przyspieszyc-strone-na-wordpressie/')!.body;
    expect(body).toContain('```\n# zainstaluj wtyczkę cache\n');
    expect(body).toContain('```\n# nginx: kompresja odpowiedzi\n');
    for (const page of bodies()) expect(outsideCode(page).match(/^# .*/gm) ?? []).toHaveLength(1);
  });

  it('keeps no navigation chrome: menu, skip link, post navigation or the theme\'s footer', () => {
    for (const [path, page] of imported.pages) {
      expect(page.body, path).not.toMatch(/Proudly powered by|Dumnie wspierane|Przejdź do treści|Skip to content|Poprzedni wpis|Następny wpis/);
      // The menu lists every page: a line of links to O nas, Usługi, Cennik, Kontakt is the header kept.
      expect(page.body, path).not.toMatch(/\[O nas\]\([^)]*\)\s*(- )?\[Usługi\]/);
    }
  });

  it('keeps every price with its period, in the currency the site publishes', () => {
    const units = Object.fromEntries(site.info.pricing.items.map((item) => [item.id, [item.from.pl, item.unit?.per]]));
    expect(units).toMatchObject({
      'strona-wizytowka-do-5-podstron': [3900, undefined],
      'opieka-techniczna-wordpress': [1200, 'month'],
      'opieka-nad-sklepem': [1800, 'month'],
      'pozycjonowanie-lokalne': [900, 'month'],
      'warsztaty-dla-zespolu-na-miejscu-u-klienta': [2400, 'day'],
      'prace-dodatkowe': [160, 'hour'],
      'szkolenie-z-obslugi-wordpressa': [450, 'person'],
      'opieka-techniczna': [1200, 'month'],
    });
    expect(site.info.pricing.currency.pl).toBe('PLN');
    expect(imported.report.siteFile?.defaulted).not.toContain('pricing.currency.pl');
  });

  it('keeps the prices the English services page lists, in the PLN it quotes them in, each with its period', () => {
    const english = site.info.pricing.items.filter((item) => item.page.en === '/en/services/').map((item) => [item.name.en, item.from.en, item.unit?.per]);
    expect(english).toEqual([
      ['Company websites', 3900, undefined],
      ['Online shops', 14000, undefined],
      ['Technical care', 1200, 'month'],
    ]);
    expect(site.info.pricing.currency.en).toBe('PLN');
  });

  it('leaves the original folder byte for byte unchanged when the import is run again into a copy of it', async () => {
    const { before, after, report } = await reimportIntoCopy(imported);
    expect(after).toEqual(before);
    expect(report.unchanged).toBe(imported.pages.size);
  }, 60_000);

  it('makes every link absolute', () => {
    for (const body of bodies()) for (const target of linkTargets(body)) expect(target).toMatch(/^(https?:\/\/|mailto:|tel:)/);
  });

  it('lists the services of /uslugi/, so that list_services lists them', () => {
    expect(site.info.services).toEqual([
      { area: { pl: '/uslugi/' }, services: [{ pl: '/uslugi/strony-internetowe/' }, { pl: '/uslugi/sklepy-internetowe/' }, { pl: '/uslugi/opieka-techniczna/' }] },
    ]);
  });

  it('imports the archives too when the person asks for them (--include-archives), never the password-protected post', async () => {
    const out = await outputDir();
    const report = await importSite(`${imported.site.origin}/`, out, { includeArchives: true });
    expect(report.added).toEqual(expect.arrayContaining(['/tag/wordpress/', '/category/poradniki/', '/author/admin/', '/blog/']));
    expect(report.added).not.toContain('/oferta-dla-stalych-klientow-2026/');
  }, 30_000);

  it('marks the archives it was asked to import as listings, so that search never ranks them above the articles they list', async () => {
    const out = await outputDir();
    await importSite(`${imported.site.origin}/`, out, { includeArchives: true });
    const withArchives = (await loadSite(out)).site;
    const tag = withArchives.pages.find((page) => page.path === '/tag/wordpress/')!;
    expect(tag.listing).toBe(true);
    const index = new LazySearchIndex(withArchives.pages);
    for (const post of withArchives.pages.filter((page) => page.type === 'blog' && page.listing !== true)) {
      expect(index.search({ text: post.title, lang: 'pl', limit: 1 })[0]?.page.path, post.title).toBe(post.path);
    }
  }, 30_000);

  it("finds each article first when searching for the words of its title", () => {
    const index = new LazySearchIndex(site.pages);
    for (const post of site.pages.filter((page) => page.type === 'blog')) {
      expect(index.search({ text: post.title, lang: 'pl', limit: 1 })[0]?.page.path, post.title).toBe(post.path);
    }
  });

  it('answers import --explain for every address the mirror recorded: pages, archives, feeds, sitemaps, redirects and 404s', async () => {
    for (const path of recordedPaths(imported.site.manifest)) {
      const result = await explain(`${imported.site.origin}${path}`);
      expect(result.text, path).toMatch(EXPLAINED);
    }
    const post = await explain(`${imported.site.origin}/jak-przyspieszyc-strone-na-wordpressie/`);
    expect(post.text).toContain('  type: blog\n    because WordPress says it is a post\n    - body class: single-post\n');
    expect(post.text).toContain('  site name in titles: Studio Lipiec – strony dla firm\n');
    // One explanation per page of the site, each a fetch and a full read: over a minute on a loaded machine.
  }, 180_000);
});

describe('serving the unedited import of the real WordPress', () => {
  let imported: ImportedMirror;
  let serving: Awaited<ReturnType<typeof serveImport>>;
  beforeAll(async () => {
    imported = await importMirror('wordpress');
    serving = await serveImport(imported.out);
  }, 60_000);
  afterAll(async () => {
    await serving?.close();
    await imported?.site.close();
  });

  it('passes check with no problem to look at', async () => {
    expect((await loadSite(imported.out)).warnings).toEqual([]);
  });

  it('serves every page over HTTP, and llms.txt and pricing.md under the company name, in the currency the site quotes', async () => {
    for (const path of imported.pages.keys()) expect((await fetch(new URL(markdownPath(path), serving.served.url))).status, path).toBe(200);
    const llms = await (await fetch(new URL('/llms.txt', serving.served.url))).text();
    expect(llms.split('\n')[0]).toBe('# Studio Lipiec sp. z o.o.');
    const pricing = await (await fetch(new URL('/pricing.md', serving.served.url))).text();
    expect(pricing).toMatch(/\| Opieka techniczna WordPress \| — \| 1\s200\szł\s\/\smies\. \|/);
    for (const text of [llms, pricing]) expect(text).not.toMatch(/\bEUR\b/);
  });

  it('gives the contact the site publishes through get_contact over MCP', async () => {
    const contact = (await serving.client.callTool({ name: 'get_contact', arguments: { lang: 'pl' } })).structuredContent as Record<string, unknown>;
    expect(contact).toMatchObject({ company: 'Studio Lipiec sp. z o.o.', email: 'biuro@studio-lipiec.example', phone: '+48 12 345 67 89' });
    expect(contact.note ?? '').not.toMatch(/publishes no/);
  });
});

describe('importing the same WordPress when its sitemap answers 501 (pages found by links)', () => {
  let imported: ImportedMirror;
  beforeAll(async () => {
    imported = await importMirror('wordpress', '/', { overlay: 'wordpress-sitemap-501' });
  }, 60_000);
  afterAll(async () => {
    await imported?.site.close();
  });

  it('imports the same content pages, and leaves out the paginated lists and the attachment page that links lead to', () => {
    expect([...imported.pages.keys()]).toHaveLength(19);
    const reasons = Object.fromEntries(imported.report.skipped.map((skip) => [new URL(skip.url).pathname + new URL(skip.url).search, skip.reason]));
    expect(reasons).toMatchObject({
      '/blog/page/2/': 'a page of a paginated list, not content (--include-archives brings it in)',
      '/nowa-siedziba-studia/biuro-studia/': 'an attachment page, not content (--include-archives brings it in)',
    });
  });

  it('says in the summary that the sitemap answered 501 and that links were followed instead', () => {
    expect(imported.report.howFound).toMatch(/^the sitemap could not be read \(.*wp-sitemap\.xml: HTTP 501\): links were followed from the start page$/);
  });
});
