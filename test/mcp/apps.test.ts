import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { VIEW_META, VIEW_URIS } from '../../src/mcp/app-views.js';
import { startTestServer } from '../helpers/context.js';
import { post2025Text, post2026 as post2026Raw, type RpcBody } from '../helpers/mcp-raw.js';

/**
 * MCP Apps (extension io.modelcontextprotocol/ui) are offered only to clients that declare the
 * extension; every other client gets exactly the answers it got before the views existed. The
 * views themselves are driven in Chromium by test/mcp/apps-in-chromium.test.ts.
 */
let server: RunningServer;

const UI = 'io.modelcontextprotocol/ui';
const MIME = 'text/html;profile=mcp-app';
const WITH_APPS = { extensions: { [UI]: { mimeTypes: [MIME] } } };
const SNAPSHOT = readFileSync(path.join(import.meta.dirname, '__snapshots__', 'tools-list.json'), 'utf8');

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const post2025 = (method: string, params: Record<string, unknown>, capabilities?: Record<string, unknown>) => post2025Text(server.url, method, params, capabilities);
const post2026 = (method: string, params: Record<string, unknown>, capabilities: Record<string, unknown>) => post2026Raw(server.url, method, params, capabilities);
const parsed = (body: string) => JSON.parse(body) as RpcBody;

describe('a 2025-11-25 client without the extension', () => {
  it('gets the tools/list of the published snapshot, without a view', async () => {
    const { tools } = parsed(await post2025('tools/list', {})).result as { tools: unknown[] };
    expect(`${JSON.stringify(tools, null, 2)}\n`).toBe(SNAPSHOT);
  });

  it('gets the same bytes for tools/list as a client that declares other extensions only', async () => {
    expect(await post2025('tools/list', {}, { extensions: { 'io.modelcontextprotocol/tasks': {} } })).toBe(await post2025('tools/list', {}));
  });

  it('gets tool results with no `_meta`: text and structured content only', async () => {
    for (const [name, args] of [
      ['list_services', { lang: 'en' }],
      ['get_contact', {}],
    ] as const) {
      const result = parsed(await post2025('tools/call', { name, arguments: args })).result!;
      expect(Object.keys(result).sort(), name).toEqual(['content', 'structuredContent']);
    }
  });

  it('is not offered the views as resources', async () => {
    const { resources } = parsed(await post2025('resources/list', {})).result as { resources: { uri: string }[] };
    expect(resources.filter((resource) => resource.uri.startsWith('ui://'))).toEqual([]);
  });
});

describe('a client that declares the extension', () => {
  it('sees the view of each tool that has one in `_meta.ui` (and the older flat key)', async () => {
    const { tools } = (await post2026('tools/list', {}, WITH_APPS)).result as { tools: { name: string; _meta?: Record<string, unknown> }[] };
    const views = Object.fromEntries(tools.filter((tool) => tool._meta).map((tool) => [tool.name, tool._meta]));
    expect(views).toEqual({
      list_services: { ui: { resourceUri: VIEW_URIS.services }, 'ui/resourceUri': VIEW_URIS.services },
      get_contact: { ui: { resourceUri: VIEW_URIS.contact }, 'ui/resourceUri': VIEW_URIS.contact },
      scan_analytics: { ui: { resourceUri: VIEW_URIS.scan }, 'ui/resourceUri': VIEW_URIS.scan },
      scan_ai_visibility: { ui: { resourceUri: VIEW_URIS.scan }, 'ui/resourceUri': VIEW_URIS.scan },
      get_scan_result: { ui: { resourceUri: VIEW_URIS.scan }, 'ui/resourceUri': VIEW_URIS.scan },
    });
  });

  it('gets the same tools otherwise: names, schemas and annotations of the snapshot', async () => {
    const { tools } = (await post2026('tools/list', {}, WITH_APPS)).result as { tools: { _meta?: unknown }[] };
    expect(tools.map(({ _meta, ...tool }) => tool)).toEqual(JSON.parse(SNAPSHOT));
  });

  it('is not offered views when it declares MCP Apps for other MIME types only', async () => {
    const { tools } = (await post2026('tools/list', {}, { extensions: { [UI]: { mimeTypes: ['text/uri-list'] } } })).result as { tools: { _meta?: unknown }[] };
    expect(tools.filter((tool) => tool._meta !== undefined)).toEqual([]);
  });

  it('lists the three views as MCP App resources with the strictest CSP', async () => {
    const { resources } = (await post2026('resources/list', {}, WITH_APPS)).result as { resources: { uri: string; mimeType: string; _meta?: unknown }[] };
    const views = resources.filter((resource) => resource.uri.startsWith('ui://'));
    expect(views.map((view) => view.uri).sort()).toEqual(Object.values(VIEW_URIS).sort());
    for (const view of views) {
      expect(view.mimeType).toBe(MIME);
      expect(view._meta).toEqual({ ui: { csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] }, prefersBorder: true } });
    }
  });

  it('reads each view as one self-contained document: nothing loaded from elsewhere, a CSP that allows only its own script and style', async () => {
    for (const uri of Object.values(VIEW_URIS)) {
      const { contents } = (await post2026('resources/read', { uri }, WITH_APPS)).result as { contents: { uri: string; mimeType: string; text: string; _meta: unknown }[] };
      const [content] = contents;
      expect(content!.mimeType).toBe(MIME);
      const html = content!.text;
      expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-[^']+'; style-src 'sha256-[^']+'; img-src data:; connect-src 'none'/);
      expect(html.match(/<script/g)).toHaveLength(2);
      // The markup around the inline script and the style sheet: no element or rule that loads anything.
      const markup = html.replace(/<script>[\s\S]*?<\/script>/, '<script></script>');
      expect(markup.length).toBeLessThan(20_000);
      expect(markup).not.toMatch(/<(?:script|link|img|iframe)[^>]+(?:src|href)=/i);
      expect(markup).not.toMatch(/@import|@font-face|url\(/i);
    }
  });

  it('gets the same text and structured content, with the prices as the site writes them in `_meta`', async () => {
    const plain = parsed(await post2025('tools/call', { name: 'list_services', arguments: { lang: 'pl' } })).result!;
    const withApps = (await post2026('tools/call', { name: 'list_services', arguments: { lang: 'pl' } }, WITH_APPS)).result!;
    expect(withApps.content).toEqual(plain.content);
    expect(withApps.structuredContent).toEqual(plain.structuredContent);
    const prices = (withApps._meta as Record<string, { prices: string[] }>)[VIEW_META]!.prices;
    expect(prices).toHaveLength((plain.structuredContent as { pricing: unknown[] }).pricing.length);
    expect(prices[0]).toMatch(/^od\u00a0[\d\u00a0]+\u00a0(?:zł|€)\u00a0netto/);
  });
});
