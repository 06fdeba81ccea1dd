import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TOOLS } from '../../tools/index.js';
import type { RunningServer } from '../../src/http/serve.js';
import { startTestServer } from '../helpers/context.js';
import { connectHttp } from '../helpers/mcp-client.js';

let server: RunningServer;
let client: Client;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  base = server.ctx.content.current().urls.publicBaseUrl;
  client = await connectHttp(server.url);
});
afterAll(async () => {
  await client?.close();
  await server?.close();
});

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The structured result of a successful call, checked against the tool's own output schema. */
async function ok(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await call(name, args);
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  const tool = ALL_TOOLS.find((candidate) => candidate.name === name)!;
  expect(tool.output.safeParse(result.structuredContent).success).toBe(true);
  // get_page's text is the Markdown document itself; every other tool's is its result as JSON.
  if (name !== 'get_page') expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
  return result.structuredContent as Record<string, unknown>;
}

async function failure(name: string, args: Record<string, unknown>): Promise<string> {
  const result = await call(name, args);
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  return (result.content[0] as { text: string }).text;
}

describe('tools/list', () => {
  it('matches the published contract snapshot', async () => {
    const { tools } = await client.listTools();
    await expect(`${JSON.stringify(tools, null, 2)}\n`).toMatchFileSnapshot('./__snapshots__/tools-list.json');
  });

  it('sets all four annotations explicitly on every tool', async () => {
    const { tools } = await client.listTools();
    for (const tool of tools) {
      expect(Object.keys(tool.annotations ?? {}).sort(), tool.name).toEqual(['destructiveHint', 'idempotentHint', 'openWorldHint', 'readOnlyHint', 'title']);
    }
  });

  it('describes every input field, with flat object schemas and no top-level unions', async () => {
    const { tools } = await client.listTools();
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.inputSchema).not.toHaveProperty('anyOf');
      expect(tool.inputSchema).not.toHaveProperty('oneOf');
      for (const [field, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect((schema as { description?: string }).description, `${tool.name}.${field}`).toBeTruthy();
      }
    }
  });
});

describe('search_site', () => {
  it('finds a page by a word of its title, with the headings that matched', async () => {
    const result = await ok('search_site', { query: 'wdrożenie' });
    expect((result.data as { url: string }[])[0]).toEqual({
      title: 'Wdrożenie Google Analytics 4',
      url: `${base}/pl/uslugi/wdrozenie-ga4/`,
      markdownUrl: `${base}/pl/uslugi/wdrozenie-ga4.md`,
      description: 'Konfiguracja GA4 od planu pomiaru. Cena od 3 900 zł netto.',
      type: 'service',
      lang: 'pl',
      matchingSections: ['Co obejmuje wdrożenie', 'Ile kosztuje wdrożenie GA4?'],
      matchingSectionLinks: [
        { heading: 'Co obejmuje wdrożenie', url: `${base}/pl/uslugi/wdrozenie-ga4/#co-obejmuje-wdrozenie` },
        { heading: 'Ile kosztuje wdrożenie GA4?', url: `${base}/pl/uslugi/wdrozenie-ga4/#ile-kosztuje-wdrozenie-ga4` },
      ],
    });
  });

  it('names the best page of the other language in the note when the language asked for has none', async () => {
    const result = await ok('search_site', { query: 'implementation', lang: 'pl' });
    expect(result.data).toEqual([]);
    expect(result.note).toMatch(/^No Polish page matched \(lang=pl\)\. In English, "[^"]+" \(https?:\/\/[^)]+\/en\/[^)]*\) matches; search with lang=en to get it\.$/);
  });

  it('filters by language and type', async () => {
    const result = await ok('search_site', { query: 'GA4', lang: 'en', type: 'service' });
    expect((result.data as { url: string }[]).map((page) => page.url)).toEqual([`${base}/en/services/ga4-implementation/`]);
  });

  it('returns at most limit results', async () => {
    const result = await ok('search_site', { query: 'ga4 analytics usługi audyt', limit: 1 });
    expect(result.data).toHaveLength(1);
  });

  it('explains what to try when nothing matches', async () => {
    const result = await ok('search_site', { query: 'xylophone', type: 'blog' });
    expect(result).toEqual({ query: 'xylophone', data: [], note: expect.stringContaining('drop the filter type=blog') });
  });

  it.each([
    [{ query: '' }, 'query: Too small: expected string to have >=1 characters'],
    [{ query: 'x'.repeat(201) }, 'query: Too big: expected string to have <=200 characters'],
    [{}, 'query: Invalid input: expected string, received undefined'],
    [{ query: 'ga4', limit: 26 }, 'limit: Too big: expected number to be <=25'],
    [{ query: 'ga4', lang: 'de' }, 'lang: Invalid option: expected one of "pl"|"en"'],
    [{ query: 'ga4', limti: 3 }, 'unknown argument "limti"'],
  ])('refuses %j naming the field', async (args, message) => {
    expect(await failure('search_site', args)).toContain(message);
  });
});

describe('get_page', () => {
  it.each(['/pl/uslugi/wdrozenie-ga4/', 'https://testowa.example/pl/uslugi/wdrozenie-ga4/', '/pl/uslugi/wdrozenie-ga4.md'])('reads a page given as %s', async (url) => {
    const page = await ok('get_page', { url });
    expect(page).toMatchObject({
      url: `${base}/pl/uslugi/wdrozenie-ga4/`,
      markdownUrl: `${base}/pl/uslugi/wdrozenie-ga4.md`,
      title: 'Wdrożenie Google Analytics 4',
      lang: 'pl',
      type: 'service',
      truncated: false,
    });
    expect(page.markdown).toMatch(/^# Wdrożenie Google Analytics 4/);
  });

  it('says to search first when the page does not exist', async () => {
    expect(await failure('get_page', { url: '/pl/nie-ma/' })).toBe(
      '[not-found] No published page at /pl/nie-ma/. Use search_site to find the page\'s URL, then call get_page with it.',
    );
  });

  it('refuses a URL on another site', async () => {
    expect(await failure('get_page', { url: 'https://evil.example/pl/' })).toContain('[invalid-argument] url must point at this site');
  });

  it('refuses a url longer than 500 characters', async () => {
    expect(await failure('get_page', { url: `/${'a'.repeat(500)}` })).toContain('url: Too big');
  });
});

describe('list_services', () => {
  it('lists Polish prices in PLN, each with the page that publishes it', async () => {
    const services = await ok('list_services', {});
    expect(services).toMatchObject({ language: 'pl', prices_note: 'Ceny netto, od.' });
    expect(services.pricing).toEqual([
      {
        name: 'Wdrożenie GA4',
        from_price: 3900,
        currency: 'PLN',
        pricing_page: `${base}/pl/uslugi/wdrozenie-ga4/`,
        packages: [
          { name: 'Start', from_price: 3900, currency: 'PLN' },
          { name: 'Enterprise', from_price: null, currency: 'PLN' },
        ],
      },
      { name: 'Audyt', from_price: null, currency: 'PLN', pricing_page: `${base}/pl/uslugi/audyt/` },
    ]);
  });

  it('lists English prices in EUR and leaves out items not offered in English', async () => {
    const services = await ok('list_services', { lang: 'en' });
    expect((services.pricing as { name: string; currency: string }[]).map((item) => [item.name, item.currency])).toEqual([['GA4 implementation', 'EUR']]);
  });

  it('lists areas and services with their kind and page', async () => {
    const services = await ok('list_services', { lang: 'pl' });
    expect(services.services).toEqual([
      { title: 'Usługi analityczne', url: `${base}/pl/uslugi/`, kind: 'service_area', description: 'Wszystkie usługi Testowej Firmy.' },
      { title: 'Wdrożenie Google Analytics 4', url: `${base}/pl/uslugi/wdrozenie-ga4/`, kind: 'service', description: expect.any(String) },
      { title: 'Audyt kontenera GTM', url: `${base}/pl/uslugi/audyt/`, kind: 'service', description: expect.any(String) },
    ]);
    expect(services.nextStep).toContain(`${base}/pl/kontakt/`);
  });
});

describe('get_contact', () => {
  it('gives one contact page URL when a language is given', async () => {
    expect(await ok('get_contact', { lang: 'en' })).toEqual({
      company: 'Testowa Firma sp. z o.o.',
      email: 'hello@testowa.example',
      phone: '+48 22 000 00 00',
      contactForm: `${base}/en/contact/`,
      contactPage: `${base}/en/contact/`,
      hasContactForm: false,
      languages: ['pl', 'en'],
    });
  });

  it('gives a map of contact pages by language otherwise', async () => {
    expect(await ok('get_contact', {})).toMatchObject({
      email: 'kontakt@testowa.example',
      contactForm: { pl: `${base}/pl/kontakt/`, en: `${base}/en/contact/` },
      privacyPolicy: { pl: `${base}/pl/prywatnosc/` },
      note: 'Odpowiadamy w jeden dzień roboczy.',
    });
  });
});

describe('unknown tools', () => {
  it('are a protocol error that lists the available tools', async () => {
    await expect(client.callTool({ name: 'delete_site', arguments: {} })).rejects.toThrow(/-32602.*Unknown tool "delete_site"\. Available tools: search_site/);
  });
});

describe('resources', () => {
  it('lists llms.txt and pricing.md at the public base URL', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((resource) => [resource.uri, resource.mimeType])).toEqual([
      [`${base}/llms.txt`, 'text/markdown'],
      [`${base}/pricing.md`, 'text/markdown'],
    ]);
  });

  it('reads llms.txt with its H1, summary and links to Markdown addresses', async () => {
    const { contents } = await client.readResource({ uri: `${base}/llms.txt` });
    const text = (contents[0] as { text: string }).text;
    expect(text).toMatch(/^# Testowa Firma sp\. z o\.o\.\n\n> Testowa Firma wdraża analitykę internetową\.\n/);
    expect(text).toContain(`- [Wdrożenie Google Analytics 4](${base}/pl/uslugi/wdrozenie-ga4.md): Konfiguracja GA4`);
  });

  it('reads pricing.md with every price, its currency and page', async () => {
    const { contents } = await client.readResource({ uri: `${base}/pricing.md` });
    const text = (contents[0] as { text: string }).text;
    expect(text).toContain(`| Wdrożenie GA4 | Start | 3\u00a0900\u00a0zł | ${base}/pl/uslugi/wdrozenie-ga4/ |`);
    expect(text).toContain(`| GA4 implementation | Enterprise | quoted individually | ${base}/en/services/ga4-implementation/ |`);
  });

  it('answers an unknown resource with -32602 and the URI in data (SEP-2164)', async () => {
    const error = await client.readResource({ uri: `${base}/secret.txt` }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: -32602, message: expect.stringContaining('Resource not found'), data: { uri: `${base}/secret.txt` } });
  });
});
