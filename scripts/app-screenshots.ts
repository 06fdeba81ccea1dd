// Takes the screenshots of the three MCP Apps views in docs/apps.md (docs/images/app-*.png):
// the sample site served on a loopback port, a 2026-07-28 client that declares the extension, and
// the test host (the extension SDK's AppBridge in Debian's Chromium) showing each tool's answer.
// The scan is of the sample site itself. Run: npx tsx scripts/app-screenshots.ts
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { AppHost } from '../test/helpers/app-host.js';
import { startTestServer } from '../test/helpers/context.js';
import { REPO_ROOT, SAMPLE_SITE } from '../test/helpers/paths.js';

const OUT = path.join(REPO_ROOT, 'docs', 'images');
const UI = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

interface Shot {
  readonly file: string;
  readonly tool: string;
  readonly args: Record<string, unknown>;
  readonly width: number;
  readonly theme: 'light' | 'dark';
  readonly locale: string;
}

const server = await startTestServer(SAMPLE_SITE, ['--scan-allow-private-targets', '1', '--scan-wait-seconds', '30']);
const client = new Client({ name: 'screenshots', version: '1.0.0' }, { capabilities: UI, versionNegotiation: { mode: { pin: '2026-07-28' } } });
await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.url)));
const host = await AppHost.start();
host.callTool = (params) => client.callTool(params);

try {
  await mkdir(OUT, { recursive: true });
  const { tools } = await client.listTools();
  const viewOf = async (name: string) => {
    const uri = (tools.find((tool) => tool.name === name)?._meta?.ui as { resourceUri: string }).resourceUri;
    return ((await client.readResource({ uri })).contents[0] as { text: string }).text;
  };
  const shots: Shot[] = [
    { file: 'app-services.png', tool: 'list_services', args: { lang: 'pl' }, width: 1024, theme: 'light', locale: 'pl-PL' },
    { file: 'app-contact.png', tool: 'get_contact', args: { lang: 'en' }, width: 600, theme: 'dark', locale: 'en-GB' },
    { file: 'app-scan-result.png', tool: 'scan_ai_visibility', args: { url: server.url, email: 'owner@example.com', consent: true, lang: 'en' }, width: 600, theme: 'light', locale: 'en-GB' },
  ];
  for (const shot of shots) {
    const result = await client.callTool({ name: shot.tool, arguments: shot.args });
    const frame = await host.show({ html: await viewOf(shot.tool), width: shot.width, theme: shot.theme, locale: shot.locale, toolName: shot.tool, input: shot.args, result });
    await frame.waitForSelector('main#view > h1');
    // Let the host follow the view's last size change before the picture is taken.
    await host.page.waitForFunction("document.querySelector('iframe#view').getBoundingClientRect().height > 200");
    // The whole view in the viewport: Chromium paints no part of a frame outside it.
    const height = await host.page.locator('iframe#view').evaluate((element) => Math.ceil(element.getBoundingClientRect().height));
    await host.page.setViewportSize({ width: shot.width, height });
    await host.page.locator('iframe#view').screenshot({ path: path.join(OUT, shot.file) });
    console.log(`wrote docs/images/${shot.file}`);
  }
  if (host.requests.length > 0) throw new Error(`the views made requests: ${host.requests.join(', ')}`);
} finally {
  await host.close();
  await client.close();
  await server.close();
}
