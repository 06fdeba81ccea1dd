import { cp, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPRESS_BODIES_FROM_PAGES, ContentError, loadSite } from '../../src/content/load-site.js';
import { MINI_SITE } from '../helpers/paths.js';

const temporary: string[] = [];

/** A copy of the mini site with extra or replaced files. */
async function siteWith(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'scm-site-'));
  temporary.push(dir);
  await cp(MINI_SITE, dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return dir;
}

afterEach(async () => {
  for (const dir of temporary.splice(0)) await rm(dir, { recursive: true, force: true });
});

const page = (fields: string, body = '# Title\n') => `---\n${fields}\n---\n${body}`;

describe('loadSite', () => {
  it('loads every Markdown and HTML page, sorted by path, skipping drafts', async () => {
    const { site, warnings } = await loadSite(MINI_SITE);
    expect(warnings).toEqual([]);
    expect(site.pages.map((p) => p.path)).toEqual([
      '/en/contact/',
      '/en/services/',
      '/en/services/ga4-implementation/',
      '/pl/kontakt/',
      '/pl/prywatnosc/',
      '/pl/uslugi/',
      '/pl/uslugi/audyt/',
      '/pl/uslugi/wdrozenie-ga4/',
    ]);
  });

  it('reads front matter fields', async () => {
    const { site } = await loadSite(MINI_SITE);
    expect(site.page('/pl/uslugi/wdrozenie-ga4/')).toMatchObject({
      title: 'Wdrożenie Google Analytics 4',
      type: 'service',
      lang: 'pl',
      alternate: '/en/services/ga4-implementation/',
      published: '2025-02-10',
      updated: '2026-09-30',
      service: 'ga4',
      source: path.join('pages', 'pl', 'ga4.md'),
    });
  });

  it('removes scripts and forms from Markdown pages', async () => {
    const { site } = await loadSite(MINI_SITE);
    const markdown = site.page('/pl/uslugi/wdrozenie-ga4/')!.markdown;
    expect(markdown).not.toMatch(/<script|alert|<form|<input/);
    expect(markdown).toContain('- plan pomiaru');
  });

  it('lists section headings below the title, ignoring code blocks', async () => {
    const { site } = await loadSite(MINI_SITE);
    expect(site.page('/pl/uslugi/wdrozenie-ga4/')!.headings).toEqual(['Co obejmuje wdrożenie', 'Ile kosztuje wdrożenie GA4?']);
  });

  it('reads an HTML page\'s metadata from its head and keeps only its main content', async () => {
    const { site } = await loadSite(MINI_SITE);
    const privacy = site.page('/pl/prywatnosc/')!;
    expect(privacy).toMatchObject({ title: 'Polityka prywatności & cookies', description: 'Jak przetwarzamy dane osobowe.', type: 'company', lang: 'pl', updated: '2026-01-15' });
    expect(privacy.markdown).toContain('# Polityka prywatności');
    expect(privacy.markdown).toContain('Administratorem danych jest Testowa Firma.');
    expect(privacy.headings).toEqual(['Pliki cookies']);
    expect(privacy.markdown).not.toMatch(/Stopka|Start|track\(|color: red|newsletter/);
  });

  it('skips a page with broken front matter, naming the file and the field, and serves the rest', async () => {
    const dir = await siteWith({ 'pages/broken.md': page('title: Broken\ndescription: x\ntype: product\nlang: pl\npath: /pl/broken/') });
    const { site, warnings } = await loadSite(dir);
    expect(warnings).toEqual([{ file: path.join('pages', 'broken.md'), field: 'type', message: expect.stringMatching(/^Invalid option/) }]);
    expect(site.page('/pl/broken/')).toBeUndefined();
    expect(site.pages).toHaveLength(8);
  });

  it('skips a page without front matter', async () => {
    const dir = await siteWith({ 'pages/plain.md': '# Just text\n' });
    const { warnings } = await loadSite(dir);
    expect(warnings[0]).toMatchObject({ file: path.join('pages', 'plain.md'), field: 'front matter', message: expect.stringContaining('must start with a line "---"') });
  });

  it('skips a page whose front matter is not YAML', async () => {
    const dir = await siteWith({ 'pages/bad-yaml.md': '---\ntitle: [unclosed\n---\n' });
    const { warnings } = await loadSite(dir);
    expect(warnings[0]).toMatchObject({ file: path.join('pages', 'bad-yaml.md'), field: 'front matter' });
  });

  it('names the line of the file, not of the front matter, and quotes it, when the YAML is broken', async () => {
    const dir = await siteWith({ 'pages/indent.md': '---\ntitle: X\ndescription: x\n  lang: pl\n---\nText\n' });
    const { warnings } = await loadSite(dir);
    expect(warnings[0]).toEqual({
      file: path.join('pages', 'indent.md'),
      field: 'front matter',
      message: 'front matter is not valid YAML: line 4: bad indentation of a mapping entry: "lang: pl"; page skipped',
    });
  });

  it('skips a page with a path that is not canonical', async () => {
    const dir = await siteWith({ 'pages/x.md': page('title: X\ndescription: x\ntype: blog\nlang: pl\npath: /pl/Blog') });
    const { warnings } = await loadSite(dir);
    expect(warnings[0]).toMatchObject({ field: 'path', message: expect.stringContaining('must start and end with "/"') });
  });

  it('skips an event page without event details', async () => {
    const dir = await siteWith({ 'pages/e.md': page('title: E\ndescription: e\ntype: event\nlang: pl\npath: /pl/e/') });
    const { warnings } = await loadSite(dir);
    expect(warnings[0]).toMatchObject({ field: 'event' });
  });

  it('refuses two pages with the same path, naming both files', async () => {
    const dir = await siteWith({ 'pages/copy.md': page('title: Copy\ndescription: c\ntype: company\nlang: pl\npath: /pl/kontakt/') });
    await expect(loadSite(dir)).rejects.toThrow(`Two pages claim the path /pl/kontakt/: ${path.join('pages', 'copy.md')} and ${path.join('pages', 'pl', 'kontakt.md')}. Give each page its own path.`);
  });

  it('takes files in code-unit order, whatever the locale, so that a clash names them the same way everywhere', async () => {
    // A locale-aware order puts "a.md" before "B.md"; code units put upper case first.
    const fields = 'description: c\ntype: company\nlang: pl\npath: /pl/twin/';
    const dir = await siteWith({ 'pages/a.md': page(`title: A\n${fields}`), 'pages/B.md': page(`title: B\n${fields}`) });
    await expect(loadSite(dir)).rejects.toThrow(`Two pages claim the path /pl/twin/: ${path.join('pages', 'B.md')} and ${path.join('pages', 'a.md')}.`);
  });

  it('loads the same site when it reads its files blocking, as a start does', async () => {
    const dir = await siteWith({ 'pages/broken.md': '---\ntitle: [\n---\n# Broken\n' });
    const [reading, blocking] = [await loadSite(dir), await loadSite(dir, { blocking: true })];
    expect(blocking.warnings).toEqual(reading.warnings);
    expect(blocking.warnings).toHaveLength(1);
    expect(blocking.site.pages.map((p) => [p.path, p.title, p.markdown])).toEqual(reading.site.pages.map((p) => [p.path, p.title, p.markdown]));
  });

  it('ignores an alternate that names no page, with a warning', async () => {
    const dir = await siteWith({ 'pages/x.md': page('title: X\ndescription: x\ntype: blog\nlang: pl\npath: /pl/x/\nalternate: /en/nowhere/') });
    const { site, warnings } = await loadSite(dir);
    expect(site.page('/pl/x/')!.alternate).toBeUndefined();
    expect(warnings[0]).toMatchObject({ field: 'alternate', message: expect.stringContaining('no page has the path /en/nowhere/') });
  });

  it('warns when a price in the site file does not appear on its page', async () => {
    const dir = await siteWith({});
    const yaml = (await import('node:fs/promises')).readFile(path.join(dir, 'site.yaml'), 'utf8');
    await writeFile(path.join(dir, 'site.yaml'), (await yaml).replace('from: { pl: 3900, en: 950 }\n      packages', 'from: { pl: 4100, en: 950 }\n      packages'));
    const { warnings } = await loadSite(dir);
    expect(warnings).toContainEqual(expect.objectContaining({ file: 'site.yaml', message: expect.stringContaining('the price 4100 does not appear on /pl/uslugi/wdrozenie-ga4/') }));
  });

  it('does not follow a symbolic link out of the content directory', async () => {
    const outside = await mkdtemp(path.join(tmpdir(), 'scm-outside-'));
    temporary.push(outside);
    await writeFile(path.join(outside, 'secret.md'), page('title: Secret\ndescription: s\ntype: blog\nlang: pl\npath: /pl/secret/'));
    const dir = await siteWith({});
    await symlink(path.join(outside, 'secret.md'), path.join(dir, 'pages', 'secret.md'));
    const { site } = await loadSite(dir);
    expect(site.page('/pl/secret/')).toBeUndefined();
  });

  it('stops with one clear message when the content directory is missing', async () => {
    await expect(loadSite('/nonexistent/site')).rejects.toThrow(/Cannot read the content directory \/nonexistent\/site \(it does not exist\)\. Set --content-dir \/ CONTENT_DIR/);
  });

  it('stops when the site file is invalid, listing each problem', async () => {
    const dir = await siteWith({ 'site.yaml': 'company: X\nsiteUrl: not a url\n' });
    await expect(loadSite(dir)).rejects.toThrow(/site\.yaml is invalid:\n {2}- siteUrl: must be the http\(s\) URL of the site/);
  });

  it('reads the site\'s own search synonyms', async () => {
    const dir = await siteWith({});
    const fs = await import('node:fs/promises');
    const text = await fs.readFile(path.join(dir, 'site.yaml'), 'utf8');
    await fs.writeFile(path.join(dir, 'site.yaml'), `${text}search:\n  synonyms:\n    pl:\n      - [kokpit, dashboard]\n`);
    const { site } = await loadSite(dir);
    expect(site.info.search?.synonyms).toEqual({ pl: [['kokpit', 'dashboard']] });
  });

  it('stops on a synonym set of one phrase, saying what a set needs', async () => {
    const dir = await siteWith({});
    const fs = await import('node:fs/promises');
    const text = await fs.readFile(path.join(dir, 'site.yaml'), 'utf8');
    await fs.writeFile(path.join(dir, 'site.yaml'), `${text}search:\n  synonyms:\n    en:\n      - [dashboard]\n`);
    await expect(loadSite(dir)).rejects.toThrow(/search\.synonyms\.en\.0: a synonym set needs at least two phrases that mean the same/);
  });

  it('stops when a language of the site lacks its contact options', async () => {
    const dir = await siteWith({});
    const fs = await import('node:fs/promises');
    const text = await fs.readFile(path.join(dir, 'site.yaml'), 'utf8');
    await fs.writeFile(path.join(dir, 'site.yaml'), text.replace(/\n  en:\n    email: hello@testowa\.example\n    phone: "\+48 22 000 00 00"\n    contactForm: \/en\/contact\/\n/, '\n'));
    await expect(loadSite(dir)).rejects.toThrow(/contact\.en: missing/);
  });
});

describe('section heading ids', () => {
  it('are the headings folded to lower-case ASCII words joined by hyphens, unique within the page', async () => {
    const { headingIds } = await import('../../src/content/sections.js');
    expect(headingIds(['Ile kosztuje wdrożenie GA4?', 'Łódź: e-commerce & logistyka', 'FAQ', 'FAQ', '!!!'])).toEqual([
      'ile-kosztuje-wdrozenie-ga4',
      'lodz-e-commerce-logistyka',
      'faq',
      'faq-2',
      'section',
    ]);
  });
});

describe('page bodies of a large site', () => {
  /** A long Polish body, different on every page. */
  const body = (index: number) => `# Strona ${index}\n\n${Array.from({ length: 20 }, (_, line) => `Akapit ${line} strony ${index}: wdrożenie GA4 w Łodzi, €3 900, emoji 🚀.`).join('\n\n')}\n`;

  it(`are kept compressed from ${COMPRESS_BODIES_FROM_PAGES} pages on, and read back exactly as written`, async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < COMPRESS_BODIES_FROM_PAGES; index++) {
      files[`pages/pl/strona-${index}.md`] = page(`title: Strona ${index}\ndescription: Opis.\ntype: blog\nlang: pl\npath: /pl/strona-${index}/`, body(index));
    }
    const { site } = await loadSite(await siteWith(files));

    const loaded = site.page('/pl/strona-7/')!;
    expect(loaded.markdown).toBe(body(7).trim());
    expect(loaded.storedMarkdownBytes).toBeLessThan(loaded.markdownBytes / 2);
  });

  it('are kept as written on a small site, where reading them should cost nothing', async () => {
    const { site } = await loadSite(await siteWith({ 'pages/pl/dluga.md': page('title: Długa\ndescription: Opis.\ntype: blog\nlang: pl\npath: /pl/dluga/', body(1)) }));

    const loaded = site.page('/pl/dluga/')!;
    expect(loaded.markdown).toBe(body(1).trim());
    expect(loaded.storedMarkdownBytes).toBe(loaded.markdownBytes);
  });
});
