import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { formatPrice } from '../../src/content/money.js';
import { AppHost } from '../helpers/app-host.js';
import { ClientV2, connectStdio } from '../helpers/mcp-client.js';
import { BUILT_CLI } from '../helpers/paths.js';

/**
 * The views over stdio, as a desktop assistant runs the published bin (`npm run build` first): the
 * client declares MCP Apps once, at initialize (MCP 2025-11-25), and the one long-lived server
 * remembers it. The same AppBridge host as apps-in-chromium.test.ts shows the views.
 */

const UI_CAPABILITIES = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

interface PriceEntry {
  readonly name: string;
  readonly from_price: number | null;
  readonly currency: string;
  readonly unit?: { label: string };
}

let client: ClientV2;
let host: AppHost;

beforeAll(async () => {
  client = new ClientV2({ name: 'desktop-host', version: '1.0.0' }, { capabilities: UI_CAPABILITIES });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BUILT_CLI], env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn' }, stderr: 'pipe' }));
  host = await AppHost.start();
  host.callTool = (params) => client.callTool(params);
}, 60_000);
afterAll(async () => {
  await host?.close();
  await client?.close();
});

async function viewOf(toolName: string): Promise<string> {
  const { tools } = await client.listTools();
  const uri = (tools.find((tool) => tool.name === toolName)?._meta?.ui as { resourceUri: string }).resourceUri;
  const { contents } = await client.readResource({ uri });
  return (contents[0] as { text: string }).text;
}

describe('MCP Apps over stdio (2025-11-25)', () => {
  it('shows every price of list_services in the services view, as the site writes it', async () => {
    const result = (await client.callTool({ name: 'list_services', arguments: { lang: 'en' } })) as { structuredContent: { pricing: PriceEntry[] } };
    const frame = await host.show({ html: await viewOf('list_services'), width: 320, theme: 'dark', locale: 'en-GB', toolName: 'list_services', input: { lang: 'en' }, result });
    await frame.waitForSelector('[data-price]');
    expect(await frame.locator('[data-price]').allTextContents()).toEqual(
      result.structuredContent.pricing.map((entry) => formatPrice(entry.from_price, entry.currency, 'en', { from: true, net: true, unit: entry.unit })),
    );
    expect(host.requests).toEqual([]);
    expect(host.errors).toEqual([]);
  });

  it('shows the contact options of get_contact in the contact view', async () => {
    const result = (await client.callTool({ name: 'get_contact', arguments: { lang: 'en' } })) as { structuredContent: { email: string; phone: string } };
    const frame = await host.show({ html: await viewOf('get_contact'), width: 600, theme: 'light', locale: 'en-GB', toolName: 'get_contact', input: { lang: 'en' }, result });
    await frame.waitForSelector('form#inquiry');
    expect(await frame.locator('dl.options dd').allTextContents()).toEqual(expect.arrayContaining([result.structuredContent.email, result.structuredContent.phone]));
    expect(await frame.locator('h2#form-heading').textContent()).toBe('Send an inquiry');
    expect(host.requests).toEqual([]);
  });

  it('offers no view to a stdio client that did not declare the extension', async () => {
    const { client: plain } = await connectStdio();
    try {
      const { tools } = await plain.listTools();
      expect(tools.filter((tool) => tool._meta !== undefined)).toEqual([]);
      const result = await plain.callTool({ name: 'list_services', arguments: {} });
      expect(Object.keys(result).sort()).toEqual(['content', 'structuredContent']);
    } finally {
      await plain.close();
    }
  });
});
