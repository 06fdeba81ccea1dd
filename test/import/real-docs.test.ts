import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain, htmlPaths, importMirror, linkTargets, outsideCode, type ImportedMirror } from './real-sites.js';

/**
 * Mirrors of documentation built by real generators from Debian's packages
 * (test/fixtures/sites/real/README.md): Sphinx, MkDocs, Hugo, each in Polish and English, and the
 * Debian Administrator's Handbook (DocBook) in en-US and a partial pl-PL translation.
 */
const FIXTURES = [
  { name: 'sphinx', start: '/', company: 'Lipiec Deploy', polish: /^\/pl\//, english: /^\/en\//, pages: 8 },
  { name: 'mkdocs', start: '/pl-PL/', company: 'Lipiec Deploy', polish: /^\/pl-pl\//, english: /^\/en-us\//, pages: 8 },
  { name: 'hugo', start: '/', company: 'Lipiec Deploy', polish: /^\/pl\//, english: /^\/en-gb\//, pages: 8 },
  { name: 'docbook', start: '/', company: "The Debian Administrator's Handbook", polish: /^\/pl-pl\/(sect-book-structure\/|preface\/|)$/, english: /^\/(en-us\/|pl-pl\/(apt|packaging-system|sect-apt-get|sect-apt-cache|sect-config-misc|sect-manipulating-packages-with-dpkg|sect-network-config)\/)/, pages: 26 },
] as const;

/** Navigation and banners the generators put around every page. */
const CHROME = /Download the ebook|^\s*(- )?\[?(\*\*)?(«\s*)?(Prev|Previous|Next|Poprzedni|Następny|Up|Home)\b|¶|Edit on|Search docs|Built with MkDocs|Theme by/m;

describe.each(FIXTURES)('importing the $name fixture', ({ name, start, company, polish, english, pages }) => {
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

  it('answers import --explain for every page the mirror recorded', async () => {
    for (const path of htmlPaths(imported.site.manifest)) {
      const result = await explain(`${imported.site.origin}${path}`);
      expect(result.ok, path).toBe(true);
      expect(result.text).toMatch(/\n {2}language: .+\n {4}because .+\n/);
    }
  }, 60_000);
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
    expect(imported.report.siteFile?.inferred).toContainEqual(expect.stringMatching(/^contact\.en\.email: hertzog@debian\.org \(found only in the text of .*is it the company's address\?\)$/));
  });
});
