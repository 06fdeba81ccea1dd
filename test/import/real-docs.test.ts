import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../src/content/load-site.js';
import type { ServedProcess } from '../helpers/served-process.js';
import { EXPLAINED, explain, importMirror, linkTargets, markdownPath, outsideCode, recordedPaths, reimportIntoCopy, serveImport, type ImportedMirror } from './real-sites.js';

/**
 * Mirrors of documentation built by real generators from Debian's packages
 * (test/fixtures/sites/real/README.md): Sphinx, MkDocs, Hugo, each in Polish and English, and the
 * Debian Administrator's Handbook (DocBook) in en-US and a partial pl-PL translation.
 */
const FIXTURES = [
  { name: 'sphinx', start: '/', article: '/en/installation.html', company: 'Lipiec Deploy', polish: /^\/pl\//, english: /^\/en\//, pages: 8 },
  { name: 'mkdocs', start: '/pl-PL/', article: '/en-US/installation/', company: 'Lipiec Deploy', polish: /^\/pl-pl\//, english: /^\/en-us\//, pages: 8 },
  { name: 'hugo', start: '/', article: '/en-gb/installation/', company: 'Lipiec Deploy', polish: /^\/pl\//, english: /^\/en-gb\//, pages: 8 },
  { name: 'docbook', start: '/', article: '/en-US/apt.html', company: "The Debian Administrator's Handbook", polish: /^\/pl-pl\/(sect-book-structure\/|preface\/|)$/, english: /^\/(en-us\/|pl-pl\/(apt|packaging-system|sect-apt-get|sect-apt-cache|sect-config-misc|sect-manipulating-packages-with-dpkg|sect-network-config)\/)/, pages: 26 },
] as const;

/** Navigation and banners the generators put around every page. */
const CHROME = /Download the ebook|^\s*(- )?\[?(\*\*)?(«\s*)?(Prev|Previous|Next|Poprzedni|Następny|Up|Home)\b|¶|Edit on|Search docs|Built with MkDocs|Theme by/m;

describe.each(FIXTURES)('importing the $name fixture', ({ name, start, article, company, polish, english, pages }) => {
  let imported: ImportedMirror;
  const written = () => [...imported.pages.values()];

  beforeAll(async () => {
    imported = await importMirror(name, start);
  }, 60_000);
  afterAll(async () => {
    await imported?.site.close();
  });

  it('imports every content page, and no generated index, search page or redirect page', () => {
    expect(imported.pages.size).toBe(pages);
    for (const path of imported.pages.keys()) expect(path).not.toMatch(/genindex|search|_sources/);
  });

  it('names the company from the titles, never the host, and asks the person to check it', async () => {
    const siteFile = await import('node:fs/promises').then((fs) => fs.readFile(`${imported.out}/site.yaml`, 'utf8'));
    expect(siteFile).toContain(`company: ${company}\n`);
    expect(imported.report.siteFile?.inferred?.[0]).toMatch(/^company: /);
  });

  it('serves every page in its real language, whatever the page declares', () => {
    for (const [path, page] of imported.pages) {
      if (english.test(path)) expect(page.meta.lang, path).toBe('en');
      else if (polish.test(path)) expect(page.meta.lang, path).toBe('pl');
    }
  });

  it('types each language\'s front page as the company\'s and every other page as an article, never all as company', () => {
    for (const [path, page] of imported.pages) {
      const front = /^\/([a-z]{2}(-[a-z]{2})?\/)?$/.test(path);
      expect(page.meta.type, path).toBe(front ? 'company' : 'blog');
    }
  });

  it('says in import --explain why a documentation page is an article', async () => {
    const result = await explain(`${imported.site.origin}${article}`);
    expect(result.text).toMatch(/\n {2}type: blog\n {4}because one page of a series \(it links the previous or next page\): a documentation article\n/);
  });

  it('fences every code block: no shell or YAML comment becomes a heading', () => {
    for (const page of written()) expect(outsideCode(page.body).match(/^#{1,6} .*/gm)?.filter((heading) => /^#{1,6} (#|\$|install:|pobierz|fetch the|lipiec\.yml|Aktualizacja bazy)/i.test(heading)) ?? []).toEqual([]);
    expect(written().some((page) => page.body.includes('```'))).toBe(true);
  });

  it('keeps no navigation chrome, and no description is a line of links', () => {
    for (const page of written()) {
      expect(page.body, page.meta.path as string).not.toMatch(CHROME);
      expect(page.meta.description as string).not.toMatch(/^\[.*\]\(.*\)$/);
    }
  });

  it('makes every link absolute', () => {
    for (const page of written()) for (const target of linkTargets(page.body)) expect(target).toMatch(/^(https?:\/\/|mailto:|tel:)/);
  });

  it('answers import --explain for every address the mirror recorded: pages, redirect pages, sitemaps, sources and 404s', async () => {
    for (const path of recordedPaths(imported.site.manifest)) {
      const result = await explain(`${imported.site.origin}${path}`);
      expect(result.text, path).toMatch(EXPLAINED);
      if (result.text.includes('content: yes')) expect(result.text).toMatch(/\n {2}language: .+\n {4}because .+\n/);
    }
  }, 120_000);

  it('keeps the site\'s name out of every title, in each language', () => {
    for (const [path, page] of imported.pages) expect(page.meta.title, path).not.toMatch(/\s[–—|·:-]\s.*\b(documentation|dokumentacja|Lipiec Deploy)\b/i);
  });

  it('keeps no comment, post meta line or unrendered shortcode', () => {
    for (const page of written()) expect(page.body).not.toMatch(/\\?\[\/?(vc_|contact-form|button)|Posted on|Opublikowano|Leave a comment|Dodaj komentarz/);
  });

  it('states no price and writes no currency the site does not publish', () => {
    expect(imported.report.siteFile?.defaulted).toEqual(expect.arrayContaining(['pricing.currency.pl', 'pricing.currency.en']));
    for (const page of written()) expect(page.meta.service).toBeUndefined();
  });

  it('leaves the original folder byte for byte unchanged when the import is run again into a copy of it', async () => {
    const { before, after, report } = await reimportIntoCopy(imported, start);
    expect(after).toEqual(before);
    expect(report.unchanged).toBe(imported.pages.size);
  }, 60_000);
});

/**
 * A documentation site publishes no sales e-mail, phone or contact page: its import is served as
 * it is (the built CLI on the imported folder, read over HTTP and MCP), and every answer about
 * contact says plainly that none is published instead of inventing one.
 */
describe.each(FIXTURES)('serving the unedited import of the $name fixture', ({ name, start }) => {
  let imported: ImportedMirror;
  let served: ServedProcess;
  let client: Client;
  let close: () => Promise<void> = async () => {};

  beforeAll(async () => {
    imported = await importMirror(name, start);
    ({ served, client, close } = await serveImport(imported.out));
  }, 60_000);
  afterAll(async () => {
    await close();
    await imported?.site.close();
  });

  it('passes check, each contact detail the site does not publish named as a problem to look at', async () => {
    const { warnings } = await loadSite(imported.out);
    expect(warnings.map((warning) => warning.field)).toEqual(expect.arrayContaining(['salesEmail', 'contact.pl.email', 'contact.pl.phone', 'contact.en.email', 'contact.en.phone']));
    expect(imported.report.siteFile?.missing).toEqual([]);
    expect(imported.report.siteFile?.unpublished).toEqual(expect.arrayContaining(['salesEmail', 'contact.pl.email', 'contact.en.phone']));
  });

  it('serves every imported page over HTTP as Markdown, and llms.txt under the company name', async () => {
    for (const path of imported.pages.keys()) {
      const response = await fetch(new URL(markdownPath(path), served.url));
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('# ');
    }
    const llms = await (await fetch(new URL('/llms.txt', served.url))).text();
    expect(llms.split('\n')[0]).toBe(`# ${(await loadSite(imported.out)).site.info.company}`);
  });

  it('says nothing of prices or currencies in llms.txt and pricing.md, since the site publishes none', async () => {
    const llms = await (await fetch(new URL('/llms.txt', served.url))).text();
    const pricing = await (await fetch(new URL('/pricing.md', served.url))).text();
    for (const text of [llms, pricing]) expect(text).not.toMatch(/\bEUR\b|\bPLN\b|pages quote|net starting prices/);
    expect(llms).toMatch(/publishes no prices on this website: do not state one\./);
    expect(pricing).toMatch(/publishes no prices on this website\./);
  });

  it('reads every page through get_page over MCP', async () => {
    for (const path of imported.pages.keys()) {
      const result = await client.callTool({ name: 'get_page', arguments: { url: path } });
      expect(result.isError, path).toBeFalsy();
    }
  });

  it('answers get_contact over MCP and REST with what is published, saying that no e-mail, phone or contact page is', async () => {
    const contact = (await client.callTool({ name: 'get_contact', arguments: { lang: 'en' } })).structuredContent as Record<string, unknown>;
    expect(contact).not.toHaveProperty('email');
    expect(contact).not.toHaveProperty('phone');
    expect(contact.note).toMatch(/publishes no e-mail address, phone number or contact page/);
    const rest = await fetch(new URL('/api/v1/contact?lang=pl', served.url));
    expect(rest.status).toBe(200);
    expect(((await rest.json()) as Record<string, unknown>).note).toMatch(/nie publikuje na tej stronie adresu e-mail, numeru telefonu ani strony kontaktowej/);
  });

  it('refuses send_inquiry with a clear reason, since the site names no one to send it to, and sends nothing', async () => {
    const result = await client.callTool({
      name: 'send_inquiry',
      arguments: { name: 'Ewa Test', email: 'ewa@example.com', message: 'Czy prowadzicie wdrożenia?', lang: 'pl', consent: true },
    });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/publishes no address for inquiries/);
  });
});

describe('a contact address found only in a book', () => {
  let imported: ImportedMirror;
  beforeAll(async () => {
    imported = await importMirror('docbook');
  }, 60_000);
  afterAll(async () => {
    await imported?.site.close();
  });

  it('is listed under Check as a guess, never taken silently', () => {
    expect(imported.report.siteFile?.inferred).toContainEqual(expect.stringMatching(/^contact\.en\.email: hertzog@debian\.org \(found only in the text of .*is it the company's address\?.*\)$/));
  });

  it('is not written to the site file, so that no inquiry goes to the book\'s author unless the person says so', async () => {
    const { site } = await loadSite(imported.out);
    expect(site.info.salesEmail).toBeUndefined();
    expect(site.info.contact.en?.email).toBeUndefined();
  });
});
