import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import type { ScanResult } from '../../src/scan/scan-result.js';
import { FixedClock } from '../helpers/clock.js';
import { html, startFixtureSite, type FixtureSite, type Routes } from '../helpers/fixture-site.js';
import { scanTestContext } from '../helpers/scan-context.js';

/**
 * Check V16 finds an MCP server the way the current Server Card draft (SEP-2127, the extension
 * repository at 8924e08, 2026-07-24) says clients do: the domain's AI Catalog at
 * /.well-known/ai-catalog.json lists the card by URL (usually `<MCP endpoint>/server-card`) or
 * inline; the older well-known addresses sites copied are still recognised, and named as older.
 * Each case is a fixture website on loopback scanned through the application's scan service.
 */
let ctx: AppContext;
const sites: FixtureSite[] = [];
let emails = 0;

beforeAll(async () => {
  ctx = await scanTestContext({ clock: new FixedClock(Date.parse('2026-11-27T12:00:00Z')) });
});
afterAll(async () => {
  await ctx.close();
  await Promise.all(sites.map((site) => site.close()));
});

const HOME = html('<title>Acme Heating – boilers serviced in Leeds</title>\n<meta name="description" content="Boiler servicing and repairs in Leeds.">', '<h1>Acme Heating</h1>\n<p>We service boilers.</p>');
const CATALOG_TYPE = { 'content-type': 'application/ai-catalog+json' };
const CARD_TYPE = { 'content-type': 'application/mcp-server-card+json' };

function card(origin: string): string {
  return JSON.stringify({
    $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
    name: 'uk.acme-heating/site',
    version: '1.2.0',
    description: 'Acme Heating: services and prices for AI agents',
    remotes: [{ type: 'streamable-http', url: `${origin}/mcp` }],
  });
}

function catalog(entries: unknown[]): string {
  return JSON.stringify({ specVersion: '1.0', entries });
}

async function site(routes: (origin: string) => Routes): Promise<FixtureSite> {
  const started = await startFixtureSite((origin) => ({ '/': { body: HOME }, ...routes(origin) }));
  sites.push(started);
  return started;
}

/** V16's outcome on the site: its pass text, or its findings (English). */
async function v16(target: FixtureSite): Promise<{ passed?: string; problems: ScanResult['problems'] }> {
  emails += 1;
  const { finished } = await ctx.scans.start('ai_visibility', `${target.origin}/`, `owner${emails}@acme-heating.co.uk`);
  const status = await finished;
  expect(status.status).toBe('done');
  const result = status.result!;
  return { passed: result.passed.find((entry) => entry.check === 'V16')?.found, problems: result.problems.filter((problem) => problem.check === 'V16') };
}

describe('V16 finds the MCP server card through the AI Catalog', () => {
  it('follows the catalog entry to the card at <MCP endpoint>/server-card, with nothing at the older address', async () => {
    const target = await site((origin) => ({
      '/.well-known/ai-catalog.json': { headers: CATALOG_TYPE, body: catalog([{ identifier: 'urn:air:acme-heating.co.uk:mcp:site', type: 'application/mcp-server-card+json', url: `${origin}/mcp/server-card` }]) },
      '/mcp/server-card': { headers: CARD_TYPE, body: card(origin) },
    }));
    const { passed, problems } = await v16(target);
    expect(problems).toEqual([]);
    expect(passed).toContain(`MCP server card “uk.acme-heating/site” (${target.origin}/mcp/server-card)`);
    expect(passed).toContain(`AI Catalog (${target.origin}/.well-known/ai-catalog.json)`);
    expect(target.requests.map((request) => request.path)).not.toContain('/.well-known/mcp/server-card.json');
  });
});
