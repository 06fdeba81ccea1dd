import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { startTestServer } from '../helpers/context.js';
import { SAMPLE_SITE } from '../helpers/paths.js';

let server: RunningServer;
let base: string;
beforeAll(async () => {
  server = await startTestServer(SAMPLE_SITE);
  base = server.ctx.content.current().urls.publicBaseUrl;
});
afterAll(async () => {
  await server?.close();
});

const organizationOf = async (address: string) => {
  const html = parse(await (await fetch(server.url + address)).text());
  const nodes = html.querySelectorAll('script[type="application/ld+json"]').map((script) => JSON.parse(script.textContent) as Record<string, any>);
  return { html, organization: nodes.map((node) => node.mainEntity).find((entity) => entity?.['@type'] === 'Organization') as Record<string, any> };
};

describe('the sample site\'s logo, image and profiles', () => {
  it('serves the files of the content\'s assets/ folder with their type and an ETag', async () => {
    const logo = await fetch(`${server.url}/assets/logo.svg`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    expect(await logo.text()).toMatch(/^<svg /);
    const image = await fetch(`${server.url}/assets/og-image.png`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
    expect((await fetch(`${server.url}/assets/og-image.png`, { headers: { 'if-none-match': image.headers.get('etag')! } })).status).toBe(304);
    expect((await fetch(`${server.url}/assets/missing.png`)).status).toBe(404);
  });

  it('names the image in every page\'s Open Graph tags, at this server\'s address', async () => {
    for (const address of ['/pl/', '/en/services/']) {
      const { html } = await organizationOf(address);
      expect(html.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(`${base}/assets/og-image.png`);
    }
  });

  it('gives the Organization its logo, image and sameAs profiles', async () => {
    const { organization } = await organizationOf('/pl/');
    expect(organization).toMatchObject({
      logo: `${base}/assets/logo.svg`,
      image: `${base}/assets/og-image.png`,
      sameAs: ['https://linkedin.example/company/miarka-analytics', 'https://github.example/miarka-analytics'],
    });
  });
});
