import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentMarkdown } from '../../src/content/page-document.js';
import { markdownPath } from '../../src/content/site-urls.js';
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

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(server.url + path, { headers, redirect: 'manual' });
}

describe('every page of the sample site', () => {
  it('answers HTML at its canonical path, and Markdown there and at its .md address', async () => {
    const { pages } = server.ctx.content.current().site;
    expect(pages.length).toBe(88);
    for (const page of pages) {
      const html = await get(page.path);
      expect(html.status, page.path).toBe(200);
      expect(html.headers.get('content-type'), page.path).toBe('text/html; charset=utf-8');
      expect(await html.text(), page.path).toContain(`<link rel="alternate" type="text/markdown" href="${server.ctx.content.current().urls.markdownUrl(page.path)}"`);

      const negotiated = await get(page.path, { accept: 'text/markdown' });
      const byAddress = await get(markdownPath(page.path));
      expect(byAddress.status, markdownPath(page.path)).toBe(200);
      expect(byAddress.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      const text = await byAddress.text();
      expect(await negotiated.text(), page.path).toBe(text);
      expect(text, page.path).toMatch(new RegExp(`^---\\ntitle: [^\\n]+\\n[\\s\\S]*\\nurl: ${server.ctx.content.current().urls.pageUrl(page.path)}\\nlang: ${page.lang}\\n[\\s\\S]*\\n---\\n\\n`));
      expect(text.endsWith(`${agentMarkdown(page, server.ctx.content.current().urls)}\n`), page.path).toBe(true);
    }
  });

  it('links only pages that exist: every site path in every rendered page answers 200', async () => {
    const targets = new Set<string>();
    for (const page of server.ctx.content.current().site.pages) {
      const html = await (await get(page.path)).text();
      for (const match of html.matchAll(/ href="(\/[^"#?]*)/g)) targets.add(match[1]!);
    }
    expect(targets.size).toBeGreaterThan(88);
    const broken: string[] = [];
    for (const target of targets) {
      const response = await get(target);
      if (response.status !== 200) broken.push(`${target} → ${response.status}`);
    }
    expect(broken).toEqual([]);
  });

  it('puts the home, services, pricing and contact pages of each language in the header', async () => {
    const pl = await (await get('/pl/cennik/')).text();
    expect(pl).toContain('<ul><li><a href="/pl/">Strona główna</a></li><li><a href="/pl/uslugi/">Usługi</a></li><li><a href="/pl/cennik/" aria-current="page">Cennik</a></li><li><a href="/pl/kontakt/">Kontakt</a></li>');
    const en = await (await get('/en/')).text();
    expect(en).toContain('<ul><li><a href="/en/" aria-current="page">Home</a></li><li><a href="/en/services/">Services</a></li><li><a href="/en/pricing/">Pricing</a></li><li><a href="/en/contact/">Contact</a></li>');
  });
});

describe('the language link in the header', () => {
  it('leads to the other language home when the page has no translation', async () => {
    const untranslated = server.ctx.content.current().site.pages.find((page) => page.lang === 'pl' && page.alternate === undefined);
    expect(untranslated).toBeDefined();
    const html = await (await get(untranslated!.path)).text();
    expect(html).toContain('<a class="lang" href="/en/" hreflang="en" lang="en">English</a>');
  });
});

describe('the site root', () => {
  it('redirects / to the default language home with 302', async () => {
    const response = await get('/');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/pl/');
  });

  it('redirects /index.md to the default language home Markdown with 302', async () => {
    const response = await get('/index.md');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/pl.md');
  });

  it.each([
    ['/pl', '/pl/'],
    ['/en', '/en/'],
  ])('redirects %s to %s with 301', async (from, to) => {
    const response = await get(from);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(to);
  });

  it('answers the language homes at /pl.md and /en.md', async () => {
    for (const [path, lang] of [
      ['/pl.md', 'pl'],
      ['/en.md', 'en'],
    ] as const) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(`\nurl: ${server.ctx.content.current().urls.pageUrl(`/${lang}/`)}\nlang: ${lang}\n`);
    }
  });
});
