import { access } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { html } from '../helpers/fixture-site.js';
import { importSite, outputDir, siteServer, TEXT } from './import-helpers.js';

/**
 * An import ends, whatever the site does: the whole import has a deadline, and a page that is
 * endless, a gzip bomb or larger than the size limit is not imported, each with its own reason.
 */
const serve = siteServer();
const stalled: http.ServerResponse[] = [];
// Registered after siteServer's: after-hooks run last-registered first, so stalled answers end before their sites close.
afterEach(() => {
  for (const res of stalled.splice(0)) res.destroy();
});

const page = (title: string) => html(`<title>${title}</title>`, `<main><h1>${title}</h1><p>${TEXT}</p></main>`);
const sitemap = (origin: string, paths: string[]) => ({
  headers: { 'content-type': 'application/xml' },
  body: `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')}</urlset>`,
});
/** Headers at once, then a first byte of the body, then nothing: a page that never ends. */
const tarpit = (_req: http.IncomingMessage, res: http.ServerResponse) => {
  res.writeHead(200, { 'content-type': 'text/html' });
  res.write('<!doctype html><html lang="en"><title>Never</title>');
  stalled.push(res);
};

describe('the import deadline', () => {
  it('ends the import with the pages read so far and says the deadline was reached', async () => {
    const site = await serve((origin) => ({
      '/sitemap.xml': sitemap(origin, ['/', '/a/', '/stuck/', '/b/']),
      '/': { body: page('Home') },
      '/a/': { body: page('Alpha') },
      '/stuck/': tarpit,
      '/b/': { body: page('Beta') },
    }));
    const report = await importSite(`${site.origin}/`, await outputDir(), { concurrency: 1, deadlineMs: 3_000 });
    expect(report).toMatchObject({ deadlineReached: true, added: ['/', '/a/'], failed: [{ url: `${site.origin}/stuck/`, reason: "the import's deadline was reached before this page was read" }] });
    expect(site.requests.map((request) => request.path)).not.toContain('/b/');
  });

  it('keeps the pages an earlier import wrote and this one did not reach', async () => {
    let stuck = false;
    const site = await serve((origin) => ({
      '/sitemap.xml': sitemap(origin, ['/', '/a/', '/b/']),
      '/': { body: page('Home') },
      '/a/': (req, res) => (stuck ? tarpit(req, res) : res.writeHead(200, { 'content-type': 'text/html' }).end(page('Alpha'))),
      '/b/': { body: page('Beta') },
    }));
    const out = await outputDir();
    await importSite(`${site.origin}/`, out, { concurrency: 1 });
    stuck = true;
    const report = await importSite(`${site.origin}/`, out, { concurrency: 1, deadlineMs: 3_000 });
    expect(report).toMatchObject({ deadlineReached: true, removed: [] });
    await expect(access(path.join(out, 'pages', 'b', 'index.md'))).resolves.toBeUndefined();
  });

  it('says so in one line when the deadline comes before any page was read', async () => {
    const site = await serve((origin) => ({ '/sitemap.xml': sitemap(origin, ['/']), '/': tarpit }));
    const report = await importSite(`${site.origin}/`, await outputDir(), { deadlineMs: 500 });
    expect(report.fatal).toBe(`nothing imported from ${site.origin}: the import's deadline (0.5 s) was reached before any page was read`);
  });
});

describe('pages too large to import', () => {
  it.each([
    ['an endless page', (_req: http.IncomingMessage, res: http.ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      res.write('<!doctype html><html lang="en"><title>Endless</title><p>');
      pump();
    }],
    ['a gzip bomb', { headers: { 'content-type': 'text/html', 'content-encoding': 'gzip' }, body: gzipSync(Buffer.concat([Buffer.from('<!doctype html><html lang="en"><title>Bomb</title><p>'), Buffer.alloc(20 * 1024 * 1024, 0x61)])) }],
  ])('does not import %s, and says it is larger than the size limit', async (_name, route) => {
    const site = await serve((origin) => ({ '/sitemap.xml': sitemap(origin, ['/', '/big/']), '/': { body: page('Home') }, '/big/': route }));
    const report = await importSite(`${site.origin}/`, await outputDir());
    expect(report.added).toEqual(['/']);
    expect(report.skipped).toEqual([{ url: `${site.origin}/big/`, reason: 'larger than 5 MB: not imported' }]);
  });
});
