import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { startTestServer } from '../helpers/context.js';
import { SAMPLE_SITE } from '../helpers/paths.js';

let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer(SAMPLE_SITE);
});
afterAll(async () => {
  await server?.close();
});

const html = async (path: string) => parse(await (await fetch(server.url + path, { headers: { accept: 'text/html' } })).text());
const property = (root: ReturnType<typeof parse>, name: string) => root.querySelectorAll(`meta[property="${name}"]`).map((meta) => meta.getAttribute('content'));

describe('Open Graph tags', () => {
  it('are on every page: type, site name, title, description, URL and locale', async () => {
    for (const page of server.ctx.content.current().site.pages) {
      const root = await html(page.path);
      expect(property(root, 'og:title'), page.path).toEqual([page.title]);
      expect(property(root, 'og:description'), page.path).toEqual([page.description]);
      expect(property(root, 'og:url'), page.path).toEqual([server.ctx.content.current().urls.pageUrl(page.path)]);
      expect(property(root, 'og:site_name'), page.path).toEqual(['Miarka Analytics sp. z o.o.']);
      expect(property(root, 'og:locale'), page.path).toEqual([page.lang === 'pl' ? 'pl_PL' : 'en_GB']);
      expect(property(root, 'og:type'), page.path).toEqual([page.type === 'blog' && page.published !== undefined ? 'article' : 'website']);
    }
  });

  it('name the translation as an alternate locale', async () => {
    expect(property(await html('/pl/cennik/'), 'og:locale:alternate')).toEqual(['en_GB']);
  });

  it('show the image the site file names', async () => {
    const { cp, mkdtemp, readFile, rm, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(tmpdir(), 'scm-og-'));
    await cp(SAMPLE_SITE, dir, { recursive: true });
    // The sample site names its own logo, image and profiles: replace them with these.
    const siteFile = (await readFile(path.join(dir, 'site.yaml'), 'utf8')).replace(/^(logo|image): .*\n/gm, '').replace(/^sameAs:\n(  - .*\n)+/m, '');
    await writeFile(path.join(dir, 'site.yaml'), siteFile.replace('salesEmail:', 'image: https://miarka.example/office.jpg\nsalesEmail:'));
    const withImage = await startTestServer(dir);
    try {
      const root = parse(await (await fetch(`${withImage.url}/en/`)).text());
      expect(property(root, 'og:image')).toEqual(['https://miarka.example/office.jpg']);
    } finally {
      await withImage.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('are on the 404 page too', async () => {
    const root = await html('/en/no-such-page/');
    expect(property(root, 'og:title')).toEqual(['Page not found – Miarka Analytics sp. z o.o.']);
    expect(property(root, 'og:type')).toEqual(['website']);
  });
});

describe('the 404 page for people', () => {
  it('sends them to the home, services and contact pages, not to llms.txt', async () => {
    const root = await html('/pl/nie-ma-takiej-strony/');
    expect(root.querySelectorAll('a').map((a) => a.getAttribute('href'))).not.toContain('/llms.txt');
    expect(root.querySelectorAll('main ul.ways a').map((a) => a.getAttribute('href'))).toEqual(['/pl/', '/pl/uslugi/', '/pl/kontakt/']);
  });
});

describe('the contact pages', () => {
  it.each([
    ['/pl/kontakt/', 'kontakt@miarka.example'],
    ['/en/contact/', 'hello@miarka.example'],
  ])('%s links the e-mail address and the phone number in its table', async (path, email) => {
    const table = (await html(path)).querySelector('main table')!;
    const hrefs = table.querySelectorAll('a').map((a) => a.getAttribute('href'));
    expect(hrefs).toContain(`mailto:${email}`);
    expect(hrefs).toContain('tel:+48123456789');
  });
});
