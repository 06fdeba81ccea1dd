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

  it('takes the card given inline in the catalog entry as data', async () => {
    const target = await site((origin) => ({
      '/.well-known/ai-catalog.json': { headers: CATALOG_TYPE, body: catalog([{ type: 'application/mcp-server-card+json', data: JSON.parse(card(origin)) as unknown }]) },
    }));
    const { passed, problems } = await v16(target);
    expect(problems).toEqual([]);
    expect(passed).toContain('MCP server card “uk.acme-heating/site”, inline in the AI Catalog');
  });

  it('passes over entries of other types and follows the first card entry, given relative to the catalog', async () => {
    const target = await site((origin) => ({
      '/.well-known/ai-catalog.json': {
        headers: CATALOG_TYPE,
        body: catalog([{ type: 'application/a2a-agent-card+json', url: `${origin}/.well-known/agent-card.json` }, { type: 'application/mcp-server-card+json', url: '/api/mcp/server-card' }]),
      },
      '/api/mcp/server-card': { headers: CARD_TYPE, body: card(origin) },
    }));
    const { passed } = await v16(target);
    expect(passed).toContain(`(${target.origin}/api/mcp/server-card)`);
  });
});

describe('V16 still recognises the older addresses sites copy, and says they are older', () => {
  it('finds a card at /.well-known/mcp/server-card.json when there is no catalog, and says where it belongs now', async () => {
    const target = await site((origin) => ({ '/.well-known/mcp/server-card.json': { headers: { 'content-type': 'application/json' }, body: card(origin) } }));
    const { passed, problems } = await v16(target);
    expect(passed).toBeUndefined();
    expect(problems).toMatchObject([{ severity: 'info', url: `${target.origin}/.well-known/mcp/server-card.json` }]);
    expect(problems[0]!.found).toContain(`MCP server card “uk.acme-heating/site” found only at an older draft’s address, ${target.origin}/.well-known/mcp/server-card.json`);
    expect(problems[0]!.fix).toContain('/mcp/server-card');
    expect(problems[0]!.fix).toContain('/.well-known/ai-catalog.json');
  });

  it('finds a SEP-1649 card at /.well-known/mcp.json, named by serverInfo', async () => {
    const target = await site(() => ({ '/.well-known/mcp.json': { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ serverInfo: { name: 'acme-heating', version: '1.0.0' }, transport: { type: 'streamable-http', endpoint: '/mcp' } }) } }));
    const { problems } = await v16(target);
    expect(problems).toMatchObject([{ severity: 'info', url: `${target.origin}/.well-known/mcp.json` }]);
    expect(problems[0]!.found).toContain('“acme-heating” found only at an older draft’s address');
  });

  it('names the current locations, not the older one, when it finds nothing', async () => {
    const target = await site(() => ({}));
    const { problems } = await v16(target);
    expect(problems).toMatchObject([{ severity: 'info', checked: 'not found: /.well-known/ai-catalog.json, /.well-known/api-catalog and /.well-known/oauth-protected-resource' }]);
    expect(problems[0]!.fix).toContain('/mcp/server-card');
    expect(JSON.stringify(problems)).not.toContain('server-card.json');
  });
});

describe('V16 on a catalog or card agents cannot read: a clear finding, never a crash', () => {
  const catalogAt = (body: string | Buffer, headers: Record<string, string> = CATALOG_TYPE) => () => ({ '/.well-known/ai-catalog.json': { headers, body } });

  it.each([
    ['that is not JSON', catalogAt('{"entries": [', { 'content-type': 'application/json' }), 'is not valid JSON'],
    ['larger than the scan reads', catalogAt(catalog([{ type: 'text/plain', url: `/${'x'.repeat(300 * 1024)}` }])), 'is larger than the scan reads (256 KB)'],
    ['that is a JSON list', catalogAt('[]'), 'the field entries is missing or of the wrong type'],
    ['whose entries are not a list', catalogAt(JSON.stringify({ entries: { mcp: '/mcp/server-card' } })), 'the field entries is missing or of the wrong type'],
    ['with a url that is not a string', catalogAt(catalog([{ type: 'application/mcp-server-card+json', url: 42 }])), 'the field entries.0.url is missing or of the wrong type'],
  ])('a catalog %s is a low finding that names what is wrong', async (_case, routes, words) => {
    const target = await site(routes);
    const { problems } = await v16(target);
    expect(problems).toMatchObject([{ severity: 'low', url: `${target.origin}/.well-known/ai-catalog.json` }]);
    expect(problems[0]!.found).toContain(words);
    expect(problems[0]!.fix).toContain('application/mcp-server-card+json');
  });

  it('reports a card given inline that is not a card, by the field that is wrong', async () => {
    const target = await site(() => ({ '/.well-known/ai-catalog.json': { headers: CATALOG_TYPE, body: catalog([{ type: 'application/mcp-server-card+json', data: 'uk.acme-heating/site' }]) } }));
    const { problems } = await v16(target);
    expect(problems).toMatchObject([{ severity: 'low', found: `The MCP server card inline in the AI Catalog (${target.origin}/.well-known/ai-catalog.json) is not a server card: the field entries.0.data.name is missing or of the wrong type.` }]);
  });

  it('takes a catalog address answered with the site’s HTML page for “no catalog”, not for a broken one', async () => {
    const target = await site(() => ({ '/.well-known/ai-catalog.json': { body: HOME } }));
    const { problems } = await v16(target);
    expect(problems).toMatchObject([{ severity: 'info', found: expect.stringContaining('No agent discovery documents') }]);
  });

  it('reports an entry with a malformed address, and still reads the older address', async () => {
    const target = await site((origin) => ({
      '/.well-known/ai-catalog.json': { headers: CATALOG_TYPE, body: catalog([{ type: 'application/mcp-server-card+json', url: 'http://[acme' }]) },
      '/.well-known/mcp/server-card.json': { headers: { 'content-type': 'application/json' }, body: card(origin) },
    }));
    const { problems } = await v16(target);
    expect(problems.map((problem) => [problem.severity, problem.found])).toEqual([
      ['low', 'Entry 1 of the AI Catalog, an MCP server card, has an address that is not an http or https URL: http://[acme.'],
      ['info', expect.stringContaining('found only at an older draft’s address')],
    ]);
  });

  it('does not fetch a card the catalog lists on another site, and says so', async () => {
    const elsewhere = await site((origin) => ({ '/mcp/server-card': { headers: CARD_TYPE, body: card(origin) } }));
    const otherSite = `http://localhost:${elsewhere.port}/mcp/server-card`;
    const target = await site(() => ({ '/.well-known/ai-catalog.json': { headers: CATALOG_TYPE, body: catalog([{ type: 'application/mcp-server-card+json', url: otherSite }]) } }));
    const { problems } = await v16(target);
    expect(problems).toMatchObject([{ severity: 'info', found: `The AI Catalog lists an MCP server card on another site (${otherSite}); the scan reads only the site it scans, so that card was not read.` }]);
    expect(elsewhere.requests).toEqual([]);
  });

  it('does not follow the card’s address when it redirects to another site', async () => {
    const elsewhere = await site((origin) => ({ '/card.json': { headers: CARD_TYPE, body: card(origin) } }));
    const target = await site(() => ({
      '/.well-known/ai-catalog.json': { headers: CATALOG_TYPE, body: catalog([{ type: 'application/mcp-server-card+json', url: '/mcp/server-card' }]) },
      '/mcp/server-card': { status: 302, headers: { location: `http://localhost:${elsewhere.port}/card.json` } },
    }));
    const { problems } = await v16(target);
    expect(problems[0]).toMatchObject({ severity: 'low', found: expect.stringContaining(`redirects to another site (http://localhost:${elsewhere.port}/card.json)`) });
    expect(elsewhere.requests).toEqual([]);
  });

  it.each([
    ['answers 404', { status: 404, body: 'Not found' }, 'that address answers HTTP 404'],
    ['is not JSON', { headers: CARD_TYPE, body: 'name: acme' }, 'what that address serves is not valid JSON'],
    ['is an HTML page', { body: HOME }, 'that address answers with an HTML page'],
    ['has no name', { headers: CARD_TYPE, body: JSON.stringify({ version: '1.0.0' }) }, 'the field name is missing or of the wrong type'],
  ])('a listed card that %s is a low finding', async (_case, route, words) => {
    const target = await site(() => ({
      '/.well-known/ai-catalog.json': { headers: CATALOG_TYPE, body: catalog([{ type: 'application/mcp-server-card+json', url: '/mcp/server-card' }]) },
      '/mcp/server-card': route,
    }));
    const { problems } = await v16(target);
    expect(problems).toMatchObject([{ severity: 'low', url: `${target.origin}/mcp/server-card` }]);
    expect(problems[0]!.found).toContain(words);
    expect(problems[0]!.fix).toContain('application/mcp-server-card+json');
  });

  it('says why a listed card could not be fetched at all', async () => {
    const target = await site(() => ({
      '/.well-known/ai-catalog.json': { headers: CATALOG_TYPE, body: catalog([{ type: 'application/mcp-server-card+json', url: '/mcp/server-card' }]) },
      '/mcp/server-card': (req) => req.socket.destroy(),
    }));
    const { problems } = await v16(target);
    expect(problems).toMatchObject([{ severity: 'low', found: expect.stringMatching(new RegExp(`^The AI Catalog lists an MCP server card at ${target.origin}/mcp/server-card, but it could not be read: .+\\.$`)) }]);
  });
});
