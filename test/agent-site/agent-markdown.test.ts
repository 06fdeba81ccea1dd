import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { RunningServer } from '../../src/http/serve.js';
import { startTestServer } from '../helpers/context.js';
import { connectHttp } from '../helpers/mcp-client.js';
import { SAMPLE_SITE } from '../helpers/paths.js';

let server: RunningServer;
let client: Client;
let base: string;

beforeAll(async () => {
  server = await startTestServer(SAMPLE_SITE);
  base = server.ctx.content.current().urls.publicBaseUrl;
  client = await connectHttp(server.url);
});
afterAll(async () => {
  await client?.close();
  await server?.close();
});

const text = async (pathAndQuery: string) => (await fetch(server.url + pathAndQuery)).text();
const getPage = async (url: string) => (await client.callTool({ name: 'get_page', arguments: { url } })) as CallToolResult;
const restPage = async (url: string) => (await (await fetch(`${server.url}/api/v1/page?url=${encodeURIComponent(url)}`)).json()) as { markdown: string };

/** The first ```html block of a Markdown document, fences excluded. */
function htmlFence(markdown: string): string {
  const match = /^```html\n([\s\S]*?)\n```$/m.exec(markdown);
  expect(match, 'an ```html block').not.toBeNull();
  return match![1]!;
}

const CONSENT_GUIDES = [
  { path: '/en/blog/consent-mode-v2-guide/', file: 'pages/en/blog/consent-mode-v2-guide.md' },
  { path: '/pl/blog/consent-mode-v2-poradnik/', file: 'pages/pl/blog/consent-mode-v2-poradnik.md' },
];

describe.each(CONSENT_GUIDES)('the Consent Mode guide $path', ({ path: pagePath, file }) => {
  let snippet: string;
  beforeAll(async () => {
    snippet = htmlFence(await readFile(path.join(SAMPLE_SITE, file), 'utf8'));
    expect(snippet).toContain('<script>');
  });

  it('shows its <script> example whole in the .md twin', async () => {
    expect(htmlFence(await text(`${pagePath.slice(0, -1)}.md`))).toBe(snippet);
  });

  it('shows its <script> example whole in the HTML page, as <pre><code>', async () => {
    const code = parse(await text(pagePath), { blockTextElements: { script: true, style: true } }).querySelector('pre code.language-html');
    expect(code?.textContent).toBe(`${snippet}\n`);
  });

  it('shows its <script> example whole through get_page and /api/v1/page', async () => {
    const result = await getPage(pagePath);
    expect(htmlFence((result.structuredContent as { markdown: string }).markdown)).toBe(snippet);
    expect(htmlFence((result.content[0] as { text: string }).text)).toBe(snippet);
    expect(htmlFence((await restPage(pagePath)).markdown)).toBe(snippet);
  });
});

describe('links in Markdown answers', () => {
  const relativeLink = /\]\((?!https?:|mailto:|tel:)/;

  it('are absolute in every .md twin', async () => {
    for (const page of server.ctx.content.current().site.pages) {
      const markdown = await text(`${page.path.slice(0, -1) || '/index'}.md`);
      expect(markdown, page.path).not.toMatch(relativeLink);
    }
    expect(await text('/pl/kontakt.md')).not.toContain('](/');
  });

  it('are absolute in get_page and /api/v1/page', async () => {
    const home = await getPage('/pl/');
    const { markdown } = home.structuredContent as { markdown: string };
    expect(markdown).toContain(`](${base}/pl/kontakt/)`);
    expect(markdown).not.toMatch(relativeLink);
    expect((await restPage('/pl/')).markdown).toBe(markdown);
  });
});

describe("get_page's text content", () => {
  it('is the Markdown itself under a front-matter header with title, URL and language', async () => {
    const result = await getPage('/en/services/web-analytics/ga4-implementation/');
    const structured = result.structuredContent as { title: string; url: string; lang: string; markdown: string };
    const body = (result.content[0] as { text: string }).text;
    expect(body.startsWith('---\n')).toBe(true);
    const end = body.indexOf('\n---\n', 4);
    expect(parseYaml(body.slice(4, end))).toMatchObject({ title: structured.title, url: structured.url, lang: 'en' });
    expect(body.slice(end + 5)).toBe(`\n${structured.markdown}\n`);
  });

  it('leaves the structured content as the output schema describes it', async () => {
    const result = await getPage('/en/services/web-analytics/ga4-implementation/');
    expect(Object.keys(result.structuredContent!).sort()).toEqual(['lang', 'markdown', 'markdownUrl', 'title', 'truncated', 'type', 'url']);
  });
});

describe('event pages as Markdown', () => {
  it('state start, end and location in the front matter', async () => {
    const markdown = await text('/en/events/ga4-workshop-krakow-december-2026.md');
    const meta = parseYaml(markdown.slice(4, markdown.indexOf('\n---\n', 4))) as Record<string, unknown>;
    expect(meta).toMatchObject({
      start: '2026-12-10T09:30:00+01:00',
      end: '2026-12-10T16:00:00+01:00',
      location: 'Miarka Analytics office, training room, ul. Rzemieślnicza 7, 30-363 Kraków, Poland',
    });
  });

  it('say "online" for an online event', async () => {
    const markdown = await text('/en/events/consent-mode-v2-webinar-january-2027.md');
    expect(markdown).toMatch(/\nlocation: online\n/);
  });
});

describe('pages converted from HTML', () => {
  it('carry no table padding and no stray escapes', async () => {
    for (const pagePath of ['/pl/polityka-prywatnosci.md', '/en/privacy-policy.md', '/pl/o-nas.md', '/en/about.md']) {
      const markdown = await text(pagePath);
      expect(markdown, pagePath).not.toMatch(/ {2,}\|/);
      expect(markdown, pagePath).not.toMatch(/\| -{4,}/);
      expect(markdown, pagePath).not.toMatch(/\d\\\./);
    }
  });
});
