import { XMLParser, XMLValidator } from 'fast-xml-parser';
import robotsParserModule from 'robots-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_CRAWLERS } from '../../src/agent-site/robots-txt.js';
import { languageVersions } from '../../src/content/alternates.js';
import type { RunningServer } from '../../src/http/serve.js';
import { schemaOrgFor } from '../../src/structured-data/schema-org.js';
import { validateStructuredData } from '../../src/structured-data/validate.js';
import { startTestServer } from '../helpers/context.js';
import { SAMPLE_SITE } from '../helpers/paths.js';
import { rawRequest } from '../helpers/raw-http.js';

/** robots-parser is CommonJS and its typings declare no call signature for the ESM default import. */
interface Robots {
  isAllowed(url: string, userAgent: string): boolean | undefined;
  getSitemaps(): string[];
}
const robotsParser = robotsParserModule as unknown as (url: string, contents: string) => Robots;

const PUBLIC = 'https://agents.miarka.example';
let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer(SAMPLE_SITE, ['--public-base-url', PUBLIC]);
});
afterAll(async () => {
  await server?.close();
});

type Json = Record<string, any>;

/** Fetches a path of the running server (URLs inside the documents use the public origin). */
async function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, { headers });
}

async function text(path: string): Promise<string> {
  const response = await get(path);
  expect(response.status).toBe(200);
  return response.text();
}

/** The server path of one of our public URLs. */
function local(url: string): string {
  expect(url.startsWith(PUBLIC)).toBe(true);
  return url.slice(PUBLIC.length);
}

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['url', 'xhtml:link'].includes(name) });

describe('robots.txt', () => {
  let robots: Robots;
  let body: string;
  const pageUrls = () => server.ctx.content.current().site.pages.map((page) => `${PUBLIC}${page.path}`);

  beforeAll(async () => {
    const response = await get('/robots.txt');
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    body = await response.text();
    robots = robotsParser(`${PUBLIC}/robots.txt`, body);
  });

  it('lets every crawler read every page', () => {
    for (const agent of ['Googlebot', 'Bingbot', 'SomeNewCrawler']) {
      expect(pageUrls().filter((url) => !robots.isAllowed(url, agent)), agent).toEqual([]);
    }
  });

  it('welcomes AI search crawlers and assistants fetching for a person on every page, by name', () => {
    for (const agent of [...AI_CRAWLERS.search, ...AI_CRAWLERS.userFetch]) {
      expect(body).toContain(`User-agent: ${agent}`);
      expect(pageUrls().filter((url) => !robots.isAllowed(url, agent)), agent).toEqual([]);
    }
  });

  it('keeps crawlers off the machine endpoints, but not a page whose path merely starts the same', () => {
    for (const path of ['/ask', '/ask?query=ga4', '/mcp', '/api/v1/search?q=ga4', '/oauth/token/', '/agent/auth/']) {
      expect(robots.isAllowed(`${PUBLIC}${path}`, 'OAI-SearchBot'), path).toBe(false);
      expect(robots.isAllowed(`${PUBLIC}${path}`, 'Googlebot'), path).toBe(false);
    }
    expect(robots.isAllowed(`${PUBLIC}/asking-questions/`, 'Googlebot')).toBe(true);
    expect(robots.isAllowed(`${PUBLIC}/api/v1/services?lang=en`, 'ChatGPT-User')).toBe(true);
  });

  it('allows AI training crawlers by default and says so in Content-Signal', () => {
    for (const agent of AI_CRAWLERS.training) expect(robots.isAllowed(`${PUBLIC}/pl/`, agent), agent).toBe(true);
    expect(body.match(/^Content-Signal: .*$/gm)).toEqual(Array(4).fill('Content-Signal: ai-train=yes, search=yes, ai-input=yes'));
  });

  it('writes no Content-Signal when the signal is off, and still lets every crawler in', async () => {
    const silent = await startTestServer(SAMPLE_SITE, ['--public-base-url', PUBLIC, '--content-signal', 'off']);
    try {
      const unsigned = await (await fetch(`${silent.url}/robots.txt`)).text();
      expect(unsigned).not.toContain('Content-Signal');
      const parsed = robotsParser(`${PUBLIC}/robots.txt`, unsigned);
      for (const agent of Object.values(AI_CRAWLERS).flat()) expect(parsed.isAllowed(`${PUBLIC}/en/`, agent), agent).toBe(true);
    } finally {
      await silent.close();
    }
  });

  it('names the sitemap and the NLWeb schema map', () => {
    expect(robots.getSitemaps()).toEqual([`${PUBLIC}/sitemap.xml`]);
    expect(body.match(/^schemamap:\s*(\S+)$/im)?.[1]).toBe(`${PUBLIC}/schemamap.xml`);
  });

  it('keeps training crawlers out when the content signal says ai-train=no, and search crawlers still in', async () => {
    const strict = await startTestServer(SAMPLE_SITE, ['--public-base-url', PUBLIC, '--content-signal', 'ai-train=no, search=yes, ai-input=yes']);
    try {
      const restricted = await (await fetch(`${strict.url}/robots.txt`)).text();
      const parsed = robotsParser(`${PUBLIC}/robots.txt`, restricted);
      for (const agent of AI_CRAWLERS.training) expect(parsed.isAllowed(`${PUBLIC}/pl/`, agent), agent).toBe(false);
      for (const agent of [...AI_CRAWLERS.search, ...AI_CRAWLERS.userFetch, 'Googlebot']) expect(parsed.isAllowed(`${PUBLIC}/pl/`, agent), agent).toBe(true);
      expect(restricted.match(/^Content-Signal: .*$/gm)).toEqual(Array(4).fill('Content-Signal: ai-train=no, search=yes, ai-input=yes'));
    } finally {
      await strict.close();
    }
  });
});

describe('sitemap.xml', () => {
  let entries: Json[];
  let body: string;

  beforeAll(async () => {
    const response = await get('/sitemap.xml');
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    body = await response.text();
    entries = xml.parse(body).urlset.url as Json[];
  });

  it('is well-formed XML in the sitemaps.org namespace', () => {
    expect(XMLValidator.validate(body)).toBe(true);
    expect(xml.parse(body).urlset['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  });

  it('lists every page once, with its last modification date', () => {
    const pages = server.ctx.content.current().site.pages;
    expect(entries.map((entry) => entry.loc)).toEqual(pages.map((page) => `${PUBLIC}${page.path}`));
    expect(entries.map((entry) => entry.lastmod)).toEqual(pages.map((page) => page.updated ?? page.published));
  });

  it('links each page to its language versions, itself and x-default included, in both directions', () => {
    const alternatesOf = new Map(entries.map((entry) => [entry.loc as string, ((entry['xhtml:link'] ?? []) as Json[]).map((link) => `${link['@hreflang']} ${link['@href']}`)]));
    expect(alternatesOf.get(`${PUBLIC}/en/services/`)).toEqual([`en ${PUBLIC}/en/services/`, `pl ${PUBLIC}/pl/uslugi/`, `x-default ${PUBLIC}/pl/uslugi/`]);
    for (const [loc, links] of alternatesOf) {
      for (const link of links) {
        const href = link.split(' ')[1]!;
        expect(alternatesOf.get(href), `${href} should link back to ${loc}`).toEqual(links);
      }
    }
  });

  it('gives a page without a translation no alternates', () => {
    const single = server.ctx.content.current().site.pages.filter((page) => languageVersions(page, server.ctx.content.current().site).length === 1);
    expect(single.length).toBeGreaterThan(0);
    for (const page of single) expect(entries.find((entry) => entry.loc === `${PUBLIC}${page.path}`)?.['xhtml:link']).toBeUndefined();
  });
});

describe('schemamap.xml and the schema.org feed', () => {
  it('points at the feed as sitemap entries of content type structuredData/schema.org', async () => {
    const body = await text('/schemamap.xml');
    expect(XMLValidator.validate(body)).toBe(true);
    const entries = xml.parse(body).urlset.url as Json[];
    expect(entries.map((entry) => [entry['@contentType'], entry['sf:contentType'], entry.loc])).toEqual([
      ['structuredData/schema.org', 'structuredData/schema.org', `${PUBLIC}/schema/feed.jsonl`],
      ['structuredData/schema.org', 'structuredData/schema.org', `${PUBLIC}/schema/feed.json`],
    ]);
    const newest = server.ctx.content.current().site.pages.map((page) => page.updated ?? page.published ?? '').sort().at(-1);
    expect(entries.every((entry) => entry.lastmod === newest)).toBe(true);
  });

  it('serves one schema.org object per line in the JSON Lines feed: every page, each with @id', async () => {
    const response = await get('/schema/feed.jsonl');
    expect(response.headers.get('content-type')).toBe('application/jsonl; charset=utf-8');
    const body = await response.text();
    expect(body.endsWith('\n')).toBe(true);
    const objects = body.trimEnd().split('\n').map((line) => JSON.parse(line) as Json);
    expect(objects).toEqual(server.ctx.content.current().site.pages.map((page) => schemaOrgFor(page, server.ctx.content.current())));
    expect(new Set(objects.map((object) => object['@id'])).size).toBe(objects.length);
    for (const object of objects) expect(validateStructuredData(object).valid).toBe(true);
  });

  it('serves the same objects as one JSON document', async () => {
    const lines = (await text('/schema/feed.jsonl')).trimEnd().split('\n').map((line) => JSON.parse(line) as unknown);
    expect(JSON.parse(await text('/schema/feed.json'))).toEqual(lines);
  });

  it('lets a crawler find every structured record from robots.txt alone, as the nlweb-ai crawler does', async () => {
    // The crawler reads Schemamap: from robots.txt, takes the map's entries whose contentType
    // contains schema.org, parses each feed as one JSON document and keeps objects with an @id.
    const robots = await text('/robots.txt');
    const mapUrl = robots.match(/^schemamap:\s*(\S+)$/im)![1]!;
    const entries = xml.parse(await text(local(mapUrl))).urlset.url as Json[];
    const found = new Set<string>();
    for (const entry of entries.filter((candidate) => String(candidate['@contentType']).includes('schema.org'))) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await text(local(entry.loc as string)));
      } catch {
        continue; // a JSON Lines feed is not one JSON document: this crawler skips it
      }
      for (const item of (Array.isArray(parsed) ? parsed : [parsed]) as Json[]) if (typeof item['@id'] === 'string') found.add(item['@id']);
    }
    expect(found.size).toBe(server.ctx.content.current().site.pages.length);
  });
});

describe('serving the discovery documents', () => {
  it.each(['/robots.txt', '/sitemap.xml', '/schemamap.xml', '/schema/feed.jsonl', '/schema/feed.json', '/pl/uslugi/'])(
    '%s answers If-None-Match with 304 also when the request says Cache-Control: no-cache (as fetch() does)',
    async (path) => {
      const etag = (await get(path)).headers.get('etag')!;
      const again = await rawRequest(`${server.url}${path}`, { headers: { 'if-none-match': etag, 'cache-control': 'no-cache' } });
      expect(again.status).toBe(304);
      expect(again.body).toBe('');
    },
  );

  it.each(['/robots.txt', '/sitemap.xml', '/schemamap.xml', '/schema/feed.jsonl', '/schema/feed.json'])('%s has a strong ETag, answers 304 to it, and is cacheable and open to browsers', async (path) => {
    const first = await get(path);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    // A raw request: fetch() adds Cache-Control: no-cache to conditional requests, as a browser reload does.
    const again = await rawRequest(`${server.url}${path}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    const head = await fetch(`${server.url}${path}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
  });
});
