import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSite } from '../../src/content/load-site.js';
import { html, startFixtureSite, type FixtureSite, type Routes } from '../helpers/fixture-site.js';
import { fingerprint, importSite, outputDir } from './import-helpers.js';

const sites: FixtureSite[] = [];
afterEach(async () => {
  await Promise.all(sites.splice(0).map((site) => site.close()));
});

const TEXT = 'We plan, build and measure websites for small companies, and we explain every number we report to you.';
const CONTACT = '<a href="mailto:hello@acme.example">hello@acme.example</a> <a href="tel:+442071234567">+44 20 7123 4567</a>';

/** A site whose sitemap lists every page the test has not taken away. */
async function siteWith(pages: Record<string, string>): Promise<FixtureSite> {
  const routes = (origin: string): Routes => {
    const result: Routes = {
      '/sitemap.xml': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Object.keys(pages).map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')}</urlset>`);
      },
    };
    for (const pagePath of ['/', '/contact/', '/a/', '/b/', `/${'x'.repeat(300)}/`, `/${'x'.repeat(300)}/deeper/`, '/long/']) {
      result[pagePath] = (_req, res) => {
        const title = pages[pagePath];
        if (title === undefined) res.writeHead(404).end();
        else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html(`<title>${title}</title><meta name="description" content="${title} page.">`, `<main><h1>${title}</h1><p>${TEXT}</p>${CONTACT}</main>`));
      };
    }
    return result;
  };
  const site = await startFixtureSite(routes);
  sites.push(site);
  return site;
}

describe('the output folder is self-contained', () => {
  it('a re-import into a copy of an output folder leaves the original byte for byte unchanged', async () => {
    const pages: Record<string, string> = { '/': 'Home', '/contact/': 'Contact', '/a/': 'Alpha', '/b/': 'Beta' };
    const site = await siteWith(pages);
    const original = await outputDir();
    await importSite(`${site.origin}/`, original);
    const before = await fingerprint(original);
    const copy = await outputDir();
    await cp(original, copy, { recursive: true });

    delete pages['/b/'];
    pages['/a/'] = 'Alpha, renamed';
    const report = await importSite(`${site.origin}/`, copy);

    expect(report).toMatchObject({ updated: ['/a/'], removed: ['/b/'] });
    expect(await fingerprint(original)).toEqual(before);
  });

  it('keeps only paths relative to the output folder in its state', async () => {
    const site = await siteWith({ '/': 'Home', '/contact/': 'Contact' });
    const out = await outputDir();
    await importSite(`${site.origin}/`, out);
    const state = await readFile(path.join(out, '.import', 'state.json'), 'utf8');
    expect(state).not.toContain(out);
  });

  it('never deletes a file outside the output folder that an old state file names', async () => {
    const pages: Record<string, string> = { '/': 'Home', '/contact/': 'Contact', '/b/': 'Beta' };
    const site = await siteWith(pages);
    const out = await outputDir();
    await importSite(`${site.origin}/`, out);
    // An earlier version wrote absolute paths; this one points outside the folder.
    const elsewhere = await outputDir();
    const bystander = path.join(elsewhere, 'pages', 'b', 'index.md');
    await mkdir(path.dirname(bystander), { recursive: true });
    await writeFile(bystander, 'not the import’s');
    const stateFile = path.join(out, '.import', 'state.json');
    const state = JSON.parse(await readFile(stateFile, 'utf8')) as { pages: Record<string, { file: string }> };
    for (const record of Object.values(state.pages)) record.file = path.join(elsewhere, path.relative(out, path.resolve(out, record.file)));
    await writeFile(stateFile, JSON.stringify(state));

    delete pages['/b/'];
    const report = await importSite(`${site.origin}/`, out);

    expect(await readFile(bystander, 'utf8')).toBe('not the import’s');
    expect(report.removed).toEqual(['/b/']);
    expect((await loadSite(out)).site.pages.map((page) => page.path)).toEqual(['/', '/contact/']);
  });
});

describe('file names are bounded, and a page that cannot be stored fails alone', () => {
  const LONG = `/${'x'.repeat(300)}/`;

  it('stores a page with a 300-character path segment under a shortened name, the same on every run', async () => {
    const site = await siteWith({ '/': 'Home', '/contact/': 'Contact', [LONG]: 'Long', [`${LONG}deeper/`]: 'Deeper' });
    const out = await outputDir();
    const first = await importSite(`${site.origin}/`, out);
    expect(first).toMatchObject({ failed: [], added: ['/', `${LONG}deeper/`, LONG, '/contact/'].sort() });
    const files = Object.keys(await fingerprint(path.join(out, 'pages')));
    expect(Math.max(...files.flatMap((file) => file.split(path.sep)).map((segment) => segment.length))).toBeLessThanOrEqual(100);
    expect(new Set(files).size).toBe(4);
    const second = await importSite(`${site.origin}/`, out);
    expect(second).toMatchObject({ added: [], updated: [], removed: [], unchanged: 4 });
    expect((await loadSite(out)).site.page(LONG)?.title).toBe('Long');
  });

  it('bounds the whole path of a deeply nested page', async () => {
    const deep = `/${Array.from({ length: 8 }, (_, index) => `${String(index).repeat(60)}`).join('/')}/`;
    const site = await startFixtureSite({
      '/': { body: html('<title>Home</title>', `<main><h1>Home</h1><p>${TEXT}</p>${CONTACT}<a href="${deep}">Deep</a></main>`) },
      [deep]: { body: html('<title>Deep</title>', `<main><h1>Deep</h1><p>${TEXT}</p></main>`) },
    });
    sites.push(site);
    const out = await outputDir();
    const report = await importSite(`${site.origin}/`, out);
    expect(report.added).toEqual(['/', deep]);
    const files = Object.keys(await fingerprint(path.join(out, 'pages')));
    expect(Math.max(...files.map((file) => `pages/${file}`.length))).toBeLessThanOrEqual(200);
  });

  it('lists a page it cannot write as failed and writes the others', async () => {
    const site = await siteWith({ '/': 'Home', '/contact/': 'Contact', '/a/': 'Alpha' });
    const out = await outputDir();
    // A file where the page's folder would go.
    await mkdir(path.join(out, 'pages'), { recursive: true });
    await writeFile(path.join(out, 'pages', 'a'), 'in the way');
    const report = await importSite(`${site.origin}/`, out);
    expect(report.fatal).toBeUndefined();
    expect(report.failed).toEqual([{ url: `${site.origin}/a/`, reason: expect.stringMatching(/^could not be stored: /) }]);
    expect(report.added).toEqual(['/', '/contact/']);
  });
});

