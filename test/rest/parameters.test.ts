import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRestServer, type RestServer } from '../helpers/rest-api.js';

let rest: RestServer;

beforeAll(async () => {
  rest = await startRestServer();
});
afterAll(() => rest?.server.close());
beforeEach(() => rest.clock.advance(60_000));

async function invalid(path: string): Promise<string> {
  const { status, body } = await rest.api.get(path);
  expect(status, path).toBe(400);
  expect(body.code, path).toBe('invalid-parameter');
  return body.detail as string;
}

describe('query parameters', () => {
  it('refuses /api/v1/search without q, naming q and its length', async () => {
    expect(await invalid('/api/v1/search')).toBe('Parameter "q" must be given, and 1 to 200 characters long; it is missing.');
  });

  it.each([
    ['/api/v1/search?q=', 'q'],
    [`/api/v1/search?q=${'a'.repeat(201)}`, 'q'],
    [`/api/v1/page?url=/${'a'.repeat(500)}`, 'url'],
    ['/api/v1/page', 'url'],
    [`/api/v1/pages?cursor=${'A'.repeat(65)}`, 'cursor'],
  ])('refuses a text outside its length bounds: %s', async (path, name) => {
    expect(await invalid(path)).toContain(`"${name}"`);
  });

  it.each(['abc', '-1', '0', '26', '1e9', '0x10', '1.5', ' 5', '+5', '99999999999'])('refuses search limit=%s, naming the range', async (limit) => {
    expect(await invalid(`/api/v1/search?q=ga4&limit=${encodeURIComponent(limit)}`)).toBe(
      `Parameter "limit" must be a whole number from 1 to 25 (default 8); got ${JSON.stringify(limit)}.`,
    );
  });

  it('takes search limits 1 and 25, and pages limits 1 and 100', async () => {
    for (const path of ['/api/v1/search?q=ga4&limit=1', '/api/v1/search?q=ga4&limit=25', '/api/v1/pages?limit=1', '/api/v1/pages?limit=100']) {
      expect((await rest.api.get(path)).status, path).toBe(200);
    }
  });

  it('refuses pages limit=101, naming its own range', async () => {
    expect(await invalid('/api/v1/pages?limit=101')).toBe('Parameter "limit" must be a whole number from 1 to 100 (default 50); got "101".');
  });

  it.each([
    ['/api/v1/search?q=x&lang=de', 'Parameter "lang" must be one of pl, en; got "de".'],
    ['/api/v1/services?lang=PL', 'Parameter "lang" must be one of pl, en (default pl); got "PL".'],
    ['/api/v1/contact?lang=', 'Parameter "lang" must be one of pl, en; got "".'],
  ])('refuses a value outside the enumeration, listing the allowed values: %s', async (path, detail) => {
    expect(await invalid(path)).toBe(detail);
  });

  it('lists every page type when type is wrong', async () => {
    expect(await invalid('/api/v1/pages?type=post')).toBe(
      'Parameter "type" must be one of services_index, service_area, service, city_page, pricing, case_studies, event, blog, company; got "post".',
    );
  });

  it('refuses a repeated parameter instead of picking one', async () => {
    expect(await invalid('/api/v1/search?q=ga4&limit=1&limit=2')).toBe('Parameter "limit" is given more than once; send it once.');
    expect(await invalid('/api/v1/services?lang=pl&lang=pl')).toContain('"lang"');
  });

  it('refuses an unknown parameter, listing the ones the endpoint takes (a typo is not silently ignored)', async () => {
    expect(await invalid('/api/v1/search?q=ga4&limti=5')).toBe('Unknown parameter "limti": /api/v1/search takes only q, lang, type, limit.');
    expect(await invalid('/api/v1/health?verbose=1')).toBe('Unknown parameter "verbose": /api/v1/health takes no parameters.');
    expect(await invalid('/api/v1/openapi.json?x=1')).toContain('Unknown parameter "x"');
  });

  it('refuses a token in the query string and says where it belongs', async () => {
    expect(await invalid('/api/v1/services?access_token=abc')).toContain('Authorization header');
  });

  it.each(['%E0%A4%A', '%ED%A0%80', '%C0%AE', '%', '%zz'])('answers a broken percent-escape %s with 400, not 500', async (escape) => {
    expect(await invalid(`/api/v1/search?q=${escape}`)).toBe('Parameter "q" has a broken percent-encoding (it must be UTF-8, each byte written %XX).');
  });

  it('answers a broken escape in a parameter name with 400', async () => {
    expect(await invalid('/api/v1/search?%ZZ=1')).toContain('parameter name');
  });

  it.each(['%2500', '%250d%250a', '%251B'])('refuses a page url whose path decodes to a control character (%s), without echoing it', async (escape) => {
    const detail = await invalid(`/api/v1/page?url=%2Fpl%2Fuslugi${escape}X%2F`);
    expect(detail).toMatch(/control character/);
    expect(detail).not.toMatch(/[\u0000-\u001f]/);
  });

  it.each([
    ['%00', 'U+0000, a control character'],
    ['%0D%0A', 'U+000D, a line break or tab (this field is one line)'],
    ['%1B', 'U+001B, a control character'],
  ])('refuses control characters (%s) in a text parameter', async (escape, found) => {
    expect(await invalid(`/api/v1/search?q=ga4${escape}x`)).toBe(`Parameter "q" contains ${found}; send one line of plain text without it.`);
  });

  it('ignores empty pairs such as a trailing &', async () => {
    expect((await rest.api.get('/api/v1/services?lang=en&')).status).toBe(200);
  });

  it('reads a parameter without = as empty', async () => {
    expect(await invalid('/api/v1/search?q')).toContain('"q"');
  });

  it('answers a pathological 16 KB-long query quickly with 400', async () => {
    // Measured as work (the CPU time of this process, server and client alike), not wall time,
    // which a loaded machine stretches: a backtracking pattern would spend seconds of CPU here.
    const before = process.cpuUsage();
    expect(await invalid(`/api/v1/search?q=${'a'.repeat(12_000)}!`)).toContain('"q"');
    const { user, system } = process.cpuUsage(before);
    expect((user + system) / 1000).toBeLessThan(1000);
  });
});
