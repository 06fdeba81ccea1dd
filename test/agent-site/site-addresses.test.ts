import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAddressTable } from '../../src/agent-site/site-addresses.js';
import type { Page } from '../../src/content/page.js';
import { SiteContent } from '../../src/content/site-content.js';
import type { AppContext } from '../../src/context.js';
import { testContext } from '../helpers/context.js';
import { testPage } from '../helpers/pages.js';

let ctx: AppContext;

beforeAll(async () => {
  ctx = await testContext();
});
afterAll(async () => {
  await ctx?.close();
});

function pageAt(path: string, lang: Page['lang'] = 'pl'): Page {
  return testPage({ path, lang, title: `Strona ${path}` }, '# Strona');
}

function tableWith(...extra: Page[]) {
  return buildAddressTable(new SiteContent(ctx.content.current().site.info, [...ctx.content.current().site.pages, ...extra]), ctx.content.current().documents);
}

describe('the address table', () => {
  it('maps each page to its path, its .md address and its path without the slash', () => {
    const { addresses } = tableWith();
    expect(addresses.get('/pl/uslugi/')).toMatchObject({ kind: 'page', page: { path: '/pl/uslugi/' } });
    expect(addresses.get('/pl/uslugi.md')).toMatchObject({ kind: 'markdown', page: { path: '/pl/uslugi/' } });
    expect(addresses.get('/pl/uslugi')).toEqual({ kind: 'redirect', location: '/pl/uslugi/', status: 301 });
  });

  it('has three addresses per page, plus the two documents, and nothing else on a site without a home page', () => {
    const { addresses } = tableWith();
    expect(addresses.size).toBe(ctx.content.current().site.pages.length * 3 + 2);
    expect([...addresses.keys()].every((path) => /^\/[a-z0-9/.-]*$/.test(path))).toBe(true);
  });

  it('sends / and /index.md to the default language home with 302 when there is no page at /', () => {
    const { addresses } = tableWith(pageAt('/pl/'));
    expect(addresses.get('/')).toEqual({ kind: 'redirect', location: '/pl/', status: 302 });
    expect(addresses.get('/index.md')).toEqual({ kind: 'redirect', location: '/pl.md', status: 302 });
    expect(addresses.get('/pl.md')).toMatchObject({ kind: 'markdown', page: { path: '/pl/' } });
  });

  it('serves a page at / at / and /index.md instead of redirecting', () => {
    const { addresses } = tableWith(pageAt('/'), pageAt('/pl/'));
    expect(addresses.get('/')).toMatchObject({ kind: 'page', page: { path: '/' } });
    expect(addresses.get('/index.md')).toMatchObject({ kind: 'markdown', page: { path: '/' } });
  });

  it('keeps /pricing.md for the generated document when a page at /pricing/ would claim it, and reports the clash', () => {
    const { addresses, clashes } = tableWith(pageAt('/pricing/', 'en'));
    expect(addresses.get('/pricing.md')).toMatchObject({ kind: 'document', document: { path: '/pricing.md' } });
    expect(addresses.get('/pricing/')).toMatchObject({ kind: 'page' });
    expect(clashes).toEqual(['/pricing.md']);
  });
});
