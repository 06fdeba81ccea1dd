import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getContact } from '../../tools/get-contact.js';
import { getPage } from '../../tools/get-page.js';
import { listServices } from '../../tools/list-services.js';
import { searchSite } from '../../tools/search-site.js';
import { toolContext, type ToolContext } from '../../tools/tool.js';
import { startRestServer, type RestServer } from '../helpers/rest-api.js';

let rest: RestServer;
let base: string;
let tools: ToolContext;

beforeAll(async () => {
  rest = await startRestServer();
  base = rest.server.ctx.content.current().urls.publicBaseUrl;
  tools = toolContext(rest.server.ctx, rest.server.ctx.content.current(), { transport: 'http' });
});
afterAll(() => rest?.server.close());
beforeEach(() => rest.clock.advance(60_000));

describe('GET /api/v1', () => {
  it('names the API and links its documents, the MCP server and the full URL of every endpoint', async () => {
    const { status, body } = await rest.api.get('/api/v1');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      version: '1.1.0',
      apiVersion: '1.0.0',
      openapi: `${base}/api/v1/openapi.json`,
      openapiYaml: `${base}/api/v1/openapi.yaml`,
      documentation: `${base}/api/v1/docs`,
      mcp: `${base}/mcp`,
    });
    expect(body.endpoints).toEqual({
      health: `${base}/api/v1/health`,
      search: `${base}/api/v1/search`,
      pages: `${base}/api/v1/pages`,
      page: `${base}/api/v1/page`,
      services: `${base}/api/v1/services`,
      contact: `${base}/api/v1/contact`,
      identity: `${base}/api/v1/identity`,
      batch: `${base}/api/v1/batch`,
      openapi: `${base}/api/v1/openapi.json`,
      openapiYaml: `${base}/api/v1/openapi.yaml`,
      documentation: `${base}/api/v1/docs`,
    });
  });

  it('lists only endpoints that are in the OpenAPI document', async () => {
    const { body } = await rest.api.get('/api/v1');
    for (const url of Object.values(body.endpoints as Record<string, string>)) {
      expect(Object.keys(rest.api.doc.paths)).toContain(new URL(url).pathname);
    }
  });

  it('answers at /api/v1/ too', async () => {
    expect((await rest.api.get('/api/v1/')).status).toBe(200);
  });
});

describe('GET /api/v1/health', () => {
  it('is ok with the version, the number of pages and the languages, and is never cached', async () => {
    const { status, body, headers } = await rest.api.get('/api/v1/health');
    expect(status).toBe(200);
    const content = rest.server.ctx.content.current();
    expect(body).toEqual({
      ok: true,
      version: '1.1.0',
      pages: content.site.pages.length,
      languages: ['pl', 'en'],
      content: { version: content.version, loadedAt: new Date(content.loadedAt).toISOString() },
    });
    expect(headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /api/v1/search', () => {
  it('returns exactly what search_site returns for the same question', async () => {
    const { status, body } = await rest.api.get('/api/v1/search?q=ga4&lang=pl&limit=2');
    expect(status).toBe(200);
    expect(body).toEqual(await searchSite.run({ query: 'ga4', lang: 'pl', limit: 2 }, tools));
    expect(body.data.length).toBeGreaterThan(0);
  });

  it('applies the default limit of 8 and the type filter', async () => {
    const { body } = await rest.api.get('/api/v1/search?q=analytics&type=service');
    expect(body).toEqual(await searchSite.run({ query: 'analytics', type: 'service', limit: 8 }, tools));
    for (const page of body.data) expect(page.type).toBe('service');
  });

  it('reads + and %20 as spaces and decodes UTF-8', async () => {
    const plus = await rest.api.get('/api/v1/search?q=wdro%C5%BCenie+ga4');
    const space = await rest.api.get('/api/v1/search?q=wdro%C5%BCenie%20ga4');
    expect(plus.body.query).toBe('wdrożenie ga4');
    expect(space.body).toEqual(plus.body);
  });

  it('names the other endpoints, not MCP tools, in its advice when nothing matched', async () => {
    const { body } = await rest.api.get('/api/v1/search?q=zzzzqqq');
    expect(body.data).toEqual([]);
    expect(body.note).toContain('/api/v1/services');
    expect(body.note).not.toContain('list_services');
  });
});

describe('GET /api/v1/page', () => {
  it('returns exactly what get_page returns, by path, full URL or .md address', async () => {
    const expected = await getPage.run({ url: '/pl/uslugi/' }, tools);
    for (const url of ['/pl/uslugi/', `${base}/pl/uslugi/`, `${base}/pl/uslugi.md`]) {
      const { status, body } = await rest.api.get(`/api/v1/page?url=${encodeURIComponent(url)}`);
      expect(status, url).toBe(200);
      expect(body, url).toEqual(expected);
    }
  });

  it('answers 404 not-found for a path with no published page, pointing at the search endpoint', async () => {
    const { status, body } = await rest.api.get('/api/v1/page?url=/pl/nie-ma/');
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: 'not-found', instance: '/api/v1/page' });
    expect(body.detail).toContain('/pl/nie-ma/');
    expect(body.detail).toContain('/api/v1/search');
  });

  it.each(['/../../etc/passwd', '%2e%2e%2fetc%2fpasswd', '/_draft/'])('never serves anything outside the published pages: %s', async (url) => {
    const { status, body } = await rest.api.get(`/api/v1/page?url=${encodeURIComponent(url)}`);
    expect([400, 404]).toContain(status);
    expect(body.code).toMatch(/^(invalid-parameter|not-found)$/);
  });

  it.each(['https://evil.example/pl/uslugi/', '//evil.example/x', 'file:///etc/passwd', 'javascript:alert(1)'])('refuses a URL of another site with 400: %s', async (url) => {
    const { status, body } = await rest.api.get(`/api/v1/page?url=${encodeURIComponent(url)}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'invalid-parameter' });
  });
});

describe('GET /api/v1/pages', () => {
  it('answers an empty list, not an error, when no page matches', async () => {
    const { status, body, headers } = await rest.api.get('/api/v1/pages?type=blog');
    expect(status).toBe(200);
    expect(body).toEqual({ data: [], total: 0, limit: 50, next_cursor: null });
    expect(headers.get('link')).toBeNull();
  });

  it('lists page summaries without matchingSections', async () => {
    const { body } = await rest.api.get('/api/v1/pages?lang=pl&type=service');
    expect(body.data.map((page: { url: string }) => page.url)).toEqual([`${base}/pl/uslugi/audyt/`, `${base}/pl/uslugi/wdrozenie-ga4/`]);
    for (const page of body.data) expect(page).not.toHaveProperty('matchingSections');
  });
});

describe('GET /api/v1/services', () => {
  it('defaults to Polish (PLN) and returns exactly what list_services returns', async () => {
    const { status, body } = await rest.api.get('/api/v1/services');
    expect(status).toBe(200);
    expect(body).toEqual(await listServices.run({ lang: 'pl' }, tools));
  });

  it('returns the English services in EUR with lang=en', async () => {
    const { body } = await rest.api.get('/api/v1/services?lang=en');
    expect(body).toEqual(await listServices.run({ lang: 'en' }, tools));
    expect(body.language).toBe('en');
  });
});

describe('GET /api/v1/contact', () => {
  it('gives one contactForm URL when lang is given', async () => {
    const { body } = await rest.api.get('/api/v1/contact?lang=en');
    expect(body).toEqual(await getContact.run({ lang: 'en' }, tools));
    expect(typeof body.contactForm).toBe('string');
  });

  it('gives a map from language to URL without lang', async () => {
    const { body } = await rest.api.get('/api/v1/contact');
    expect(body).toEqual(await getContact.run({}, tools));
    expect(Object.keys(body.contactForm).sort()).toEqual(['en', 'pl']);
  });
});
