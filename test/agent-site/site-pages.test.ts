import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { startTestServer } from '../helpers/context.js';
import { connectHttp } from '../helpers/mcp-client.js';
import { rawRequest } from '../helpers/raw-http.js';

/** Chromium's Accept for a navigation. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7';

let server: RunningServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  base = server.ctx.content.current().urls.publicBaseUrl;
});
afterAll(async () => {
  await server?.close();
});

/** A GET with the request target sent byte for byte (fetch and `new URL` would resolve dot segments first). */
function getVerbatim(path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path, method: 'GET' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end();
  });
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Response> {
  return fetch(server.url + path, { method, headers, redirect: 'manual' });
}

describe('a page at its canonical path, asked for by a browser', () => {
  it('answers HTML rendered from the page content', async () => {
    const response = await get('/pl/uslugi/wdrozenie-ga4/', { accept: BROWSER_ACCEPT });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html>\n<html lang="pl">/);
    expect(html).toContain('<title>Wdrożenie Google Analytics 4</title>');
    expect(html).toContain('<meta name="description" content="Konfiguracja GA4 od planu pomiaru. Cena od 3 900 zł netto.">');
    expect(html).toContain('<h1>Wdrożenie Google Analytics 4</h1>');
    expect(html).toContain('<h2 id="co-obejmuje-wdrozenie">Co obejmuje wdrożenie</h2>');
    expect(html).toContain('<li>plan pomiaru</li>');
  });

  it('links its canonical URL, both language versions, x-default and its Markdown address', async () => {
    const html = await (await get('/pl/uslugi/wdrozenie-ga4/')).text();
    expect(html).toContain(`<link rel="canonical" href="${base}/pl/uslugi/wdrozenie-ga4/">`);
    expect(html).toContain(`<link rel="alternate" hreflang="pl" href="${base}/pl/uslugi/wdrozenie-ga4/">`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${base}/en/services/ga4-implementation/">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${base}/pl/uslugi/wdrozenie-ga4/">`);
    expect(html).toContain(`<link rel="alternate" type="text/markdown" href="${base}/pl/uslugi/wdrozenie-ga4.md" title="Markdown">`);
  });

  it('names the default-language version as x-default on the translated page too', async () => {
    const html = await (await get('/en/services/ga4-implementation/')).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${base}/pl/uslugi/wdrozenie-ga4/">`);
  });

  it('gives a page without a translation its own hreflang and x-default only', async () => {
    const html = await (await get('/pl/uslugi/audyt/')).text();
    const hreflang = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((match) => `${match[1]} ${match[2]}`);
    expect(hreflang).toEqual([`pl ${base}/pl/uslugi/audyt/`, `x-default ${base}/pl/uslugi/audyt/`]);
    // Nor a language link: no translation, and this site has no English home page to fall back to.
    expect(html).not.toContain('class="lang"');
  });

  it('frames the content with the company name, the main pages of its language and the contact options', async () => {
    const html = await (await get('/pl/uslugi/')).text();
    expect(html).toContain('Testowa Firma sp. z o.o.');
    expect(html).toContain('<li><a href="/pl/uslugi/" aria-current="page">Usługi</a></li>');
    expect(html).toContain('<li><a href="/pl/kontakt/">Kontakt</a></li>');
    expect(html).toContain('<a class="lang" href="/en/services/" hreflang="en" lang="en">English</a>');
    expect(html).toContain('<a href="mailto:kontakt@testowa.example">kontakt@testowa.example</a>');
    expect(html).toContain('<a href="tel:+48220000000">+48 22 000 00 00</a>');
    expect(html).toContain('<a href="/pl/prywatnosc/">Polityka prywatności</a>');
    expect(html).toContain('<a href="/pl/uslugi.md" type="text/markdown">Wersja Markdown</a>');
  });

  it('uses the English frame on English pages', async () => {
    const html = await (await get('/en/contact/')).text();
    expect(html).toContain('<li><a href="/en/contact/" aria-current="page">Contact</a></li>');
    expect(html).toContain('<a href="mailto:hello@testowa.example">hello@testowa.example</a>');
    expect(html).toContain('<a class="lang" href="/pl/kontakt/" hreflang="pl" lang="pl">Polski</a>');
  });

  it('is self-contained: one inline stylesheet, no scripts and no external resources', async () => {
    const html = await (await get('/pl/uslugi/wdrozenie-ga4/')).text();
    expect(html.match(/<style>/g)).toHaveLength(1);
    // The only script elements are the page's JSON-LD (its object and its breadcrumbs): data blocks, never run.
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script type="application/ld+json">', '<script type="application/ld+json">']);
    expect(html).not.toMatch(/<link rel="stylesheet"|<img|<iframe|src=/i);
    // The page's own <script> and <form> were cleaned out at load; nothing of them is rendered.
    expect(html).not.toContain('alert(');
    expect(html).not.toContain('<form');
  });

  it('shows the day the page was last updated', async () => {
    const html = await (await get('/pl/uslugi/wdrozenie-ga4/')).text();
    expect(html).toContain('Zaktualizowano: <time datetime="2026-09-30">30 września 2026</time>');
  });

  it('renders a page that came from an HTML file, with its title as the heading', async () => {
    const html = await (await get('/pl/prywatnosc/')).text();
    expect(html).toContain('<title>Polityka prywatności &amp; cookies</title>');
    expect(html).toContain('<h1>Polityka prywatności</h1>');
    expect(html).not.toContain('track()');
  });

  it('sends Vary, ETag, Cache-Control, Content-Signal, the Markdown Link and a CSP that allows only its stylesheet', async () => {
    const response = await get('/pl/uslugi/');
    expect(response.headers.get('vary')).toBe('Accept');
    expect(response.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('content-signal')).toBe('ai-train=yes, search=yes, ai-input=yes');
    expect(response.headers.get('content-language')).toBe('pl');
    expect(response.headers.get('link')).toBe(`<${base}/pl/uslugi.md>; rel="alternate"; type="text/markdown"`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*';/);
    expect(response.headers.get('x-markdown-tokens')).toBeNull();
  });
});

describe('a page as Markdown', () => {
  it('answers Accept: text/markdown at the canonical path with front matter and the page Markdown', async () => {
    const response = await get('/pl/uslugi/wdrozenie-ga4/', { accept: 'text/markdown' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const text = await response.text();
    const page = server.ctx.content.current().site.page('/pl/uslugi/wdrozenie-ga4/')!;
    expect(text).toBe(
      [
        '---',
        'title: Wdrożenie Google Analytics 4',
        'description: Konfiguracja GA4 od planu pomiaru. Cena od 3 900 zł netto.',
        `url: ${base}/pl/uslugi/wdrozenie-ga4/`,
        'lang: pl',
        'type: service',
        'alternate:',
        `  en: ${base}/en/services/ga4-implementation/`,
        'published: 2025-02-10',
        'updated: 2026-09-30',
        '---',
        '',
        page.markdown,
        '',
      ].join('\n'),
    );
  });

  it('answers the same bytes and headers at the .md address', async () => {
    const negotiated = await get('/pl/uslugi/wdrozenie-ga4/', { accept: 'text/markdown' });
    const byAddress = await get('/pl/uslugi/wdrozenie-ga4.md');
    expect(byAddress.status).toBe(200);
    expect(await byAddress.text()).toBe(await negotiated.text());
    for (const header of ['content-type', 'etag', 'vary', 'x-markdown-tokens', 'link', 'content-signal', 'cache-control']) {
      expect(byAddress.headers.get(header), header).toBe(negotiated.headers.get(header));
    }
  });

  it('answers the .md address whatever the Accept header says', async () => {
    const response = await get('/pl/uslugi/wdrozenie-ga4.md', { accept: BROWSER_ACCEPT });
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
  });

  it('sends Vary: Accept, an ETag of its own, a token estimate and a canonical link to the page', async () => {
    const markdown = await get('/pl/uslugi/', { accept: 'text/markdown' });
    const html = await get('/pl/uslugi/');
    const text = await markdown.text();
    expect(markdown.headers.get('vary')).toBe('Accept');
    expect(markdown.headers.get('etag')).not.toBe(html.headers.get('etag'));
    expect(markdown.headers.get('x-markdown-tokens')).toBe(String(Math.ceil([...text].length / 4)));
    expect(markdown.headers.get('link')).toBe(`<${base}/pl/uslugi/>; rel="canonical"`);
    expect(markdown.headers.get('content-signal')).toBe('ai-train=yes, search=yes, ai-input=yes');
    expect(markdown.headers.get('content-security-policy')).toBeNull();
  });

  it('leaves out alternate, published and updated when the page has none', async () => {
    const text = await (await get('/pl/uslugi/audyt.md')).text();
    expect(text.slice(0, text.indexOf('\n---\n'))).toBe(
      ['---', 'title: Audyt kontenera GTM', 'description: Przegląd tagów i reguł w Google Tag Managerze.', `url: ${base}/pl/uslugi/audyt/`, 'lang: pl', 'type: service'].join('\n'),
    );
  });

  it('quotes front-matter values YAML would misread', async () => {
    const text = await (await get('/pl/prywatnosc.md')).text();
    expect(text).toContain('title: Polityka prywatności & cookies\n');
    expect(text).toContain('updated: 2026-01-15\n');
  });
});

describe('content negotiation on Accept', () => {
  const cases: [string | undefined, 'html' | 'markdown'][] = [
    [undefined, 'html'],
    ['*/*', 'html'],
    [BROWSER_ACCEPT, 'html'],
    ['text/html', 'html'],
    ['text/markdown', 'markdown'],
    ['text/markdown, text/html', 'markdown'],
    ['text/html, text/markdown', 'html'],
    ['text/markdown, text/html;q=0.9', 'markdown'],
    ['text/markdown;q=0.5, text/html', 'html'],
    ['text/markdown;q=0.9, */*;q=0.8', 'markdown'],
    ['text/html;q=0, */*', 'markdown'],
    ['text/markdown;q=0, */*', 'html'],
    ['text/*', 'html'],
    ['text/markdown, text/plain, */*', 'markdown'],
    ['application/json', 'html'],
    ['TEXT/MARKDOWN', 'markdown'],
    // Malformed headers match nothing, so the default answers (never a 406 or a 500).
    ['text/markdown;q=abc', 'html'],
    [',,,', 'html'],
  ];
  it.each(cases)('Accept %j gets %s', async (accept, variant) => {
    const response = await get('/en/services/', accept === undefined ? {} : { accept });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(variant === 'html' ? 'text/html; charset=utf-8' : 'text/markdown; charset=utf-8');
    expect(response.headers.get('vary')).toBe('Accept');
  });
});

describe('conditional requests and HEAD', () => {
  it('answers 304 with no body to If-None-Match carrying the ETag, keeping the validators', async () => {
    const first = await get('/pl/kontakt/');
    const etag = first.headers.get('etag')!;
    const again = await get('/pl/kontakt/', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('vary')).toBe('Accept');
    expect(again.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('matches If-None-Match per variant: the HTML ETag does not validate the Markdown', async () => {
    const htmlEtag = (await get('/pl/kontakt/')).headers.get('etag')!;
    const markdown = await get('/pl/kontakt/', { accept: 'text/markdown', 'if-none-match': htmlEtag });
    expect(markdown.status).toBe(200);
    const markdownEtag = markdown.headers.get('etag')!;
    expect((await get('/pl/kontakt/', { accept: 'text/markdown', 'if-none-match': markdownEtag })).status).toBe(304);
    expect((await get('/pl/kontakt.md', { 'if-none-match': `"other", ${markdownEtag}` })).status).toBe(304);
  });

  it('answers 200 to an If-None-Match that does not match', async () => {
    expect((await get('/pl/kontakt/', { 'if-none-match': '"stale"' })).status).toBe(200);
  });

  it('keeps the ETag for the life of the process', async () => {
    const etags = await Promise.all([1, 2, 3].map(async () => (await get('/en/contact.md')).headers.get('etag')));
    expect(new Set(etags).size).toBe(1);
  });

  it.each(['/pl/uslugi/', '/pl/uslugi.md', '/llms.txt', '/pricing.md'])('answers HEAD %s with the GET headers and no body', async (path) => {
    const head = await rawRequest(server.url + path, { method: 'HEAD' });
    const getResponse = await get(path);
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(String((await getResponse.arrayBuffer()).byteLength));
    expect(head.headers.etag).toBe(getResponse.headers.get('etag'));
  });
});

describe('addresses and redirects', () => {
  it('redirects a page path without its trailing slash to the canonical path (301)', async () => {
    const response = await get('/pl/uslugi');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/pl/uslugi/');
  });

  it('keeps the query string across the redirect', async () => {
    const response = await get('/pl/uslugi/wdrozenie-ga4?utm_source=newsletter&x=%C5%BC');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/pl/uslugi/wdrozenie-ga4/?utm_source=newsletter&x=%C5%BC');
  });

  it('ignores the query string on a page', async () => {
    const response = await get('/pl/uslugi/?utm_source=newsletter');
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe((await get('/pl/uslugi/')).headers.get('etag'));
  });

  it('does not redirect a path that is no page', async () => {
    expect((await get('/pl/nie-ma-takiej')).status).toBe(404);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('answers %s on a page 405 with Allow', async (method) => {
    const response = await get('/pl/uslugi/', {}, method);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('answers a CORS preflight for a page: any origin may read the public content', async () => {
    const response = await get('/pl/uslugi.md', { origin: 'https://app.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' }, 'OPTIONS');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('If-None-Match');
    const read = await get('/pl/uslugi.md', { origin: 'https://app.example' });
    expect(read.headers.get('access-control-allow-origin')).toBe('*');
    expect(read.headers.get('access-control-expose-headers')).toContain('X-Markdown-Tokens');
  });
});

describe('llms.txt and pricing.md', () => {
  it.each(['/llms.txt', '/pricing.md'])('serves %s with the same text as the MCP resource', async (path) => {
    const client = await connectHttp(server.url);
    try {
      const { contents } = await client.readResource({ uri: `${base}${path}` });
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe((contents[0] as { text: string }).text);
    } finally {
      await client.close();
    }
  });

  it.each(['/llms.txt', '/pricing.md'])('serves %s as Markdown with ETag, Cache-Control, a token estimate and Content-Signal', async (path) => {
    const response = await get(path);
    const text = await response.text();
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('x-markdown-tokens')).toBe(String(Math.ceil([...text].length / 4)));
    expect(response.headers.get('content-signal')).toBe('ai-train=yes, search=yes, ai-input=yes');
    expect(response.headers.get('vary')).toBeNull();
    expect((await get(path, { 'if-none-match': response.headers.get('etag')! })).status).toBe(304);
  });

  it('lists Markdown addresses in llms.txt that this server answers', async () => {
    const text = await (await get('/llms.txt')).text();
    const links = [...text.matchAll(/\]\((http[^)]+\.md)\)/g)].map((match) => match[1]!);
    expect(links.length).toBe(server.ctx.content.current().site.pages.length);
    for (const link of links) {
      const response = await get(new URL(link).pathname);
      expect(response.status, link).toBe(200);
    }
  });
});

describe('the 404 page', () => {
  it('answers a browser with an HTML page in the language of the address, linking its main pages', async () => {
    const response = await get('/en/nothing-here/', { accept: BROWSER_ACCEPT });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('vary')).toBe('Accept');
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Page not found</h1>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<li><a href="/en/contact/">Contact us</a></li>');
  });

  it('suggests pages found from the words of the missing address', async () => {
    const html = await (await get('/pl/uslugi/wdrozenie-ga5/')).text();
    expect(html).toContain('<html lang="pl">');
    expect(html).toContain('<h1>Nie znaleziono strony</h1>');
    expect(html).toContain('<li><a href="/pl/uslugi/wdrozenie-ga4/">Wdrożenie Google Analytics 4</a></li>');
  });

  it('answers an agent with Markdown that points at the site map, the search API and the MCP server', async () => {
    const response = await get('/en/services/ga4-implementaton/', { accept: 'text/markdown' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const text = await response.text();
    expect(text).toMatch(/^# Page not found\n/);
    expect(text).toContain(`- [Google Analytics 4 implementation](${base}/en/services/ga4-implementation.md)`);
    expect(text).toContain(`${base}/llms.txt`);
    expect(text).toContain(`${base}/api/v1/search`);
    expect(text).toContain(`${base}/mcp`);
  });

  it('answers a missing .md address with Markdown whatever the Accept header', async () => {
    const response = await get('/pl/nie-ma.md', { accept: BROWSER_ACCEPT });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
  });

  it('answers HEAD on a missing page 404 with no body', async () => {
    const head = await rawRequest(`${server.url}/pl/nie-ma/`, { method: 'HEAD' });
    expect(head.status).toBe(404);
    expect(head.body).toBe('');
  });

  it('never answers 304 to a missing page', async () => {
    expect((await get('/pl/nie-ma/', { 'if-none-match': '*' })).status).toBe(404);
  });

  it('answers / with 404 on a site that has no home page in its default language', async () => {
    expect((await get('/')).status).toBe(404);
  });
});

describe('odd and hostile paths (security.md B14-B17)', () => {
  const paths = [
    '/pl/uslugi/../kontakt/',
    '/pl/./uslugi/',
    '/pl/%2e%2e/pl/uslugi/',
    '/pl/uslugi/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/..%2f..%2fetc%2fpasswd',
    '/..%5c..%5cwindows%5cwin.ini',
    '/%252e%252e/etc/passwd',
    '/pl/uslugi%00.md',
    '/pl/uslugi/%00',
    '/pl/%E0%A4%A',
    '/pl/%ED%A0%80/',
    '/pl/%C0%AE%C0%AE/',
    '/PL/USLUGI/',
    '/pl//uslugi/',
    '/pl/uslugi/.md',
    '/pl/uslugi.MD',
    '/pl/uslugi.md/',
    '/pl/uslugi%2F',
    '/pl%2Fuslugi%2F',
    '/pl/us%C5%82ugi/',
    '/content/site.yaml',
    '/pages/pl/uslugi.md',
    '/site.yaml',
    '/package.json',
    '/.env',
    '/%2e%2e/%2e%2e/package.json',
    `/${'a/'.repeat(2000)}`,
    `/pl/${'%'.repeat(500)}`,
  ];

  it.each(paths)('answers %s with 404, never a file', async (path) => {
    const response = await getVerbatim(path);
    expect(response.status).toBe(404);
    expect(response.body).not.toMatch(/root:|"name": "site-content-mcp"|company:|ENOENT|at .*\.(ts|js):\d+/);
  });

  it('treats a raw absolute-form request target as a path that is not a page', async () => {
    const response = await getVerbatim('//evil.example/pl/uslugi/');
    expect(response.status).toBe(404);
  });

  it('does not reflect the missing address into the 404 page', async () => {
    const response = await get('/pl/%3Cscript%3Ealert(1)%3C%2Fscript%3E/"><img src=x onerror=alert(1)>');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
  });
});
