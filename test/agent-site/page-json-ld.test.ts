import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { schemaOrgFor } from '../../src/structured-data/schema-org.js';
import { validateJsonLdText } from '../../src/structured-data/validate.js';
import { startTestServer } from '../helpers/context.js';
import { SAMPLE_SITE } from '../helpers/paths.js';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer(SAMPLE_SITE);
});
afterAll(async () => {
  await server?.close();
});

function elements(node: Node): Element[] {
  const own = 'tagName' in node ? [node] : [];
  return [...own, ...('childNodes' in node ? node.childNodes.flatMap(elements) : [])];
}

/** The text of each JSON-LD script in a served HTML page, as a browser's parser sees it. */
async function jsonLdOf(path: string): Promise<string[]> {
  const response = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
  expect(response.headers.get('content-type')).toContain('text/html');
  const scripts = elements(parse(await response.text())).filter((element) => element.tagName === 'script');
  return scripts.map((script) => {
    expect(script.attrs).toEqual([{ name: 'type', value: 'application/ld+json' }]);
    return script.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
  });
}

describe('JSON-LD in the HTML pages', () => {
  it('embeds each page\'s schema.org object, the one /ask and the feed give, and it passes the rules', async () => {
    for (const page of server.ctx.content.current().site.pages) {
      const scripts = await jsonLdOf(page.path);
      expect(JSON.parse(scripts[0]!), page.path).toEqual(schemaOrgFor(page, server.ctx.content.current()));
      for (const script of scripts) expect(validateJsonLdText(script).valid, page.path).toBe(true);
    }
  });

  it('adds a BreadcrumbList of the pages above, from the language home down', async () => {
    const scripts = (await jsonLdOf('/pl/uslugi/analityka-internetowa/wdrozenie-ga4/')).map((text) => JSON.parse(text));
    const breadcrumbs = scripts.find((document) => document['@type'] === 'BreadcrumbList');
    const base = server.ctx.content.current().urls.publicBaseUrl;
    expect(breadcrumbs.itemListElement.map((item: { position: number; item: string }) => [item.position, item.item])).toEqual([
      [1, `${base}/pl/`],
      [2, `${base}/pl/uslugi/`],
      [3, `${base}/pl/uslugi/analityka-internetowa/`],
      [4, `${base}/pl/uslugi/analityka-internetowa/wdrozenie-ga4/`],
    ]);
    expect(breadcrumbs.itemListElement[3].name).toBe(server.ctx.content.current().site.page('/pl/uslugi/analityka-internetowa/wdrozenie-ga4/')!.title);
  });

  it('describes the WebSite on each language home page, published by the one organization', async () => {
    const base = server.ctx.content.current().urls.publicBaseUrl;
    for (const home of ['/pl/', '/en/']) {
      const scripts = (await jsonLdOf(home)).map((text) => JSON.parse(text));
      expect(scripts.find((document) => document['@type'] === 'WebSite'), home).toMatchObject({
        '@id': `${base}/#website`,
        url: `${base}/`,
        name: 'Miarka Analytics sp. z o.o.',
        inLanguage: ['pl', 'en'],
        publisher: { '@id': `${base}/#organization` },
      });
      expect(scripts[0].mainEntity['@id'], home).toBe(`${base}/#organization`);
    }
  });
});
