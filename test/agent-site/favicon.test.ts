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

describe('the favicon', () => {
  it.each(['/favicon.svg', '/favicon.ico'])('answers %s with a small SVG, cached and revalidated like the other documents', async (address) => {
    const response = await fetch(server.url + address);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('cache-control')).toContain('max-age=');
    const body = await response.text();
    expect(body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(body.length).toBeLessThan(1024);
    const again = await fetch(server.url + address, { headers: { 'if-none-match': response.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it.each(['/pl/', '/en/services/', '/pl/nie-ma-takiej-strony/'])('is named by the site page %s', async (address) => {
    const html = parse(await (await fetch(server.url + address)).text());
    expect(html.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/favicon.svg');
  });
});
