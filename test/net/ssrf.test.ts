import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Fetcher, type FetchOutcome, type FetchSettings } from '../../src/net/fetcher.js';
import { BlockedAddressError, createGuardedAgent } from '../../src/net/guarded-agent.js';
import { checkTargetAddresses, checkTargetUrl, TargetRefusal, type TargetRules } from '../../src/net/target.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-site.js';
import { PUBLIC_ADDRESS, TableResolver } from '../helpers/table-resolver.js';

/**
 * security.md section H (cases 66-80). The "internal service" is a loopback server that counts
 * requests; the rules used here are production's (no private targets) except that its random
 * port is allowed, so that any hole in the address checks would show up as a request it counts.
 */
let internal: http.Server;
let internalPort: number;
let internalHits = 0;

beforeAll(async () => {
  internal = http.createServer((_req, res) => {
    internalHits += 1;
    res.end('internal secret');
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  internalPort = (internal.address() as AddressInfo).port;
});
afterAll(async () => {
  internal.closeAllConnections();
  await new Promise<void>((resolve) => internal.close(() => resolve()));
});

const settings: FetchSettings = {
  userAgent: 'Mozilla/5.0 (compatible; site-content-mcp-scan/test; +http://localhost/)',
  connectTimeoutMs: 500,
  requestTimeoutMs: 800,
  maxBodyBytes: 64 * 1024,
  maxRedirects: 5,
  concurrency: 2,
  requestBudget: 50,
};

const fetchers: Fetcher[] = [];
afterEach(async () => {
  await Promise.all(fetchers.splice(0).map((fetcher) => fetcher.close()));
});

function productionRules(): TargetRules {
  return { allowPrivate: false, allowedPorts: [80, 443, internalPort] };
}
const testModeRules: TargetRules = { allowPrivate: true, allowedPorts: 'any' };

function fetcher(rules: TargetRules, resolver = new TableResolver({}), overrides: Partial<FetchSettings> = {}): Fetcher {
  const created = new Fetcher({ ...settings, ...overrides }, rules, resolver, new AbortController().signal);
  fetchers.push(created);
  return created;
}

/** The table of sent headers in docs/scans.md: lower-case name to its first `code` value. */
async function documentedSentHeaders(): Promise<Map<string, string>> {
  const docs = await readFile(new URL('../../docs/scans.md', import.meta.url), 'utf8');
  const table = /<!-- sent-headers -->([\s\S]*?)<!-- \/sent-headers -->/.exec(docs)![1]!;
  const rows = [...table.matchAll(/^\| `([A-Za-z-]+)` \| (?:`([^`]*)`)?/gm)];
  return new Map(rows.map((row) => [row[1]!.toLowerCase(), row[2] ?? '']));
}

function refusal(run: () => unknown): TargetRefusal {
  try {
    run();
  } catch (error) {
    if (error instanceof TargetRefusal) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

function failure(outcome: FetchOutcome) {
  if (outcome.ok) throw new Error(`expected a failure, got HTTP ${outcome.response.status}`);
  return outcome.failure;
}

describe('H66: only http and https', () => {
  it.each(['file:///etc/passwd', 'gopher://127.0.0.1:6379/_INFO', 'ftp://example.com/', 'data:text/html,<h1>x</h1>', 'javascript:alert(1)', 'ws://example.com/'])(
    'refuses %s before opening any socket',
    async (url) => {
      expect(refusal(() => checkTargetUrl(url, productionRules())).reason).toBe('scheme');
      const outcome = await fetcher(productionRules()).fetch(url);
      expect(failure(outcome).kind).toBe('refused');
      expect(internalHits).toBe(0);
    },
  );
});

describe('H67: this machine, in every spelling', () => {
  const spellings = () => [
    `http://127.0.0.1:${internalPort}/`,
    `http://localhost:${internalPort}/`,
    `http://0.0.0.0:${internalPort}/`,
    `http://0.1.2.3:${internalPort}/`,
    `http://[::]:${internalPort}/`,
    `http://[::1]:${internalPort}/`,
    `http://127.1:${internalPort}/`,
    `http://0177.0.0.1:${internalPort}/`,
    `http://2130706433:${internalPort}/`,
    `http://0x7f000001:${internalPort}/`,
    `http://0x7f.0.0.1:${internalPort}/`,
    `http://１２７.０.０.１:${internalPort}/`,
    `http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ:${internalPort}/`,
    `http://LOCALHOST.:${internalPort}/`,
    `http://app.localhost:${internalPort}/`,
    `http://[::ffff:127.0.0.1]:${internalPort}/`,
    `http://[::ffff:7f00:1]:${internalPort}/`,
  ];

  it('refuses each spelling, and the internal server is never reached', async () => {
    const scan = fetcher(productionRules());
    for (const url of spellings()) {
      const reason = refusal(() => checkTargetUrl(url, productionRules())).reason;
      expect(['ip-literal', 'hostname'], url).toContain(reason);
      expect(failure(await scan.fetch(url)).kind, url).toBe('refused');
    }
    expect(internalHits).toBe(0);
    expect(scan.requestCount).toBe(0);
  });
});

describe('H68, H69: private, link-local, shared and embedded ranges', () => {
  const literals = [
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/',
    'http://100.64.0.1/',
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://[fc00::1]/',
    'http://[fe80::1]/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://[::ffff:169.254.169.254]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[2002:7f00:1::]/',
    'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
    'http://0xa9fea9fe/',
    'http://2852039166/',
  ];

  it.each(literals)('refuses %s in production (an IP literal is never a website to scan)', (url) => {
    expect(refusal(() => checkTargetUrl(url, productionRules())).reason).toBe('ip-literal');
  });

  it.each(literals.filter((url) => !/10\.0\.0\.1|172\.16|192\.168|fc00|fd00/.test(url)))('refuses %s even in the test-only mode', (url) => {
    expect(refusal(() => checkTargetUrl(url, testModeRules)).reason).toBe('address');
  });

  it.each([
    ['169.254.169.254'],
    ['fd00:ec2::254'],
    ['100.64.0.1'],
    ['10.1.2.3'],
    ['172.20.0.5'],
    ['192.168.0.10'],
    ['fe80::1'],
    ['::ffff:169.254.169.254'],
    ['64:ff9b::a9fe:a9fe'],
    ['2002:a9fe:a9fe::'],
  ])('refuses a public-looking name that resolves to %s', async (address) => {
    const resolver = new TableResolver({ 'metadata.example.com': [address] });
    const url = checkTargetUrl('https://metadata.example.com/', productionRules());
    const error = await checkTargetAddresses(url, productionRules(), resolver).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TargetRefusal);
    expect((error as TargetRefusal).reason).toBe('address');
    expect((error as TargetRefusal).message).not.toContain(address);
  });
});

describe('H70, H71: what a name resolves to, and what we actually connect to', () => {
  it('refuses a name that resolves to a loopback address, before connecting', async () => {
    const resolver = new TableResolver({ 'shop.example.com': ['127.2.2.2'] });
    const url = checkTargetUrl(`http://shop.example.com:${internalPort}/`, productionRules());
    await expect(checkTargetAddresses(url, productionRules(), resolver)).rejects.toMatchObject({ reason: 'address' });
    expect(failure(await fetcher(productionRules(), resolver).fetch(url)).kind).toBe('refused');
    expect(internalHits).toBe(0);
  });

  it('refuses a name whose answers mix a public and a private address', async () => {
    const resolver = new TableResolver({ 'mixed.example.com': [PUBLIC_ADDRESS, '127.0.0.1'] });
    const url = checkTargetUrl(`http://mixed.example.com:${internalPort}/`, productionRules());
    await expect(checkTargetAddresses(url, productionRules(), resolver)).rejects.toMatchObject({ reason: 'address' });
  });

  it('never reaches loopback when the name rebinds after the early check (DNS rebinding)', async () => {
    const resolver = new TableResolver({ 'rebind.example.com': [[PUBLIC_ADDRESS], ['127.0.0.1']] });
    const url = checkTargetUrl(`http://rebind.example.com:${internalPort}/`, productionRules());
    await checkTargetAddresses(url, productionRules(), resolver);
    const outcome = await fetcher(productionRules(), resolver).fetch(url);
    expect(failure(outcome)).toMatchObject({ kind: 'refused', reason: 'blocked-address' });
    expect(resolver.lookups).toEqual(['rebind.example.com', 'rebind.example.com']);
    expect(internalHits).toBe(0);
  });

  it.each([
    ['127.0.0.1', () => `http://127.0.0.1:${internalPort}/`],
    ['an IPv4-mapped literal', () => `http://[::ffff:127.0.0.1]:${internalPort}/`],
    ['a hex literal', () => `http://0x7f000001:${internalPort}/`],
    ['a decimal literal', () => `http://2130706433:${internalPort}/`],
  ])('checks the connected address itself: the guarded agent refuses %s even when asked directly', async (_name, url) => {
    // No URL check in front: only the connect-level check of the socket's remote address stands
    // between this request and the internal server (Node skips the lookup for IP literals).
    const agent = createGuardedAgent({ policy: { allowPrivate: false }, resolver: new TableResolver({}), connectTimeoutMs: 500, responseTimeoutMs: 500 });
    try {
      const error = await request(url(), { dispatcher: agent }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BlockedAddressError);
    } finally {
      await agent.destroy();
    }
    expect(internalHits).toBe(0);
  });
});

describe('H72: every redirect hop is checked', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    const redirect = (location: string) => ({ status: 302, headers: { location } });
    site = await startFixtureSite({
      '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/'),
      '/to-mapped-metadata': redirect('http://[::ffff:a9fe:a9fe]/'),
      '/to-metadata-name': redirect('http://metadata.example.com/'),
      '/to-file': redirect('file:///etc/passwd'),
      '/to-gopher': redirect('gopher://127.0.0.1:6379/_INFO'),
      '/to-credentials': redirect('http://admin:admin@shop.example.com/'),
      '/to-port': redirect('http://shop.example.com:6379/'),
      '/loop-a': redirect('/loop-b'),
      '/loop-b': redirect('/loop-a'),
      ...Object.fromEntries(Array.from({ length: 8 }, (_, index) => [`/hop-${index}`, redirect(`/hop-${index + 1}`)])),
      '/hop-8': { body: '<h1>finally</h1>' },
    });
  });
  afterAll(() => site.close());

  it.each([
    ['a link-local metadata address', '/to-metadata'],
    ['an IPv4-mapped metadata address', '/to-mapped-metadata'],
    ['a name that resolves to the metadata address', '/to-metadata-name'],
    ['file:', '/to-file'],
    ['gopher:', '/to-gopher'],
    ['a URL with credentials', '/to-credentials'],
  ])('stops at a redirect to %s', async (_name, path) => {
    const resolver = new TableResolver({ 'metadata.example.com': ['169.254.169.254'] });
    const outcome = await fetcher(testModeRules, resolver).fetch(site.origin + path);
    const { kind, reason, redirects } = failure(outcome);
    expect(kind).toBe('refused');
    expect(reason).toMatch(/^(target-refused|blocked-address)$/);
    expect(JSON.stringify(failure(outcome).refusal ?? {})).not.toMatch(/169\.254|a9fe|127\.0\.0\.1/);
    expect(redirects).toHaveLength(1);
  });

  it('stops at a redirect to a non-standard port in production rules', () => {
    expect(refusal(() => checkTargetUrl('http://shop.example.com:6379/', productionRules())).reason).toBe('port');
  });

  it('stops a redirect loop', async () => {
    expect(failure(await fetcher(testModeRules).fetch(`${site.origin}/loop-a`))).toMatchObject({ kind: 'too-many-redirects', reason: 'redirect-loop' });
  });

  it('stops after five redirects', async () => {
    const { kind, redirects } = failure(await fetcher(testModeRules).fetch(`${site.origin}/hop-0`));
    expect(kind).toBe('too-many-redirects');
    expect(redirects).toHaveLength(6);
  });
});

describe('H73: user names, passwords and fragments in the URL', () => {
  it.each(['http://user:pass@shop.example.com/', 'http://127.1.1.1:80@127.2.2.2/', 'http://user@shop.example.com/'])('refuses %s', (url) => {
    expect(refusal(() => checkTargetUrl(url, productionRules())).reason).toBe('credentials');
  });

  it('judges http://host#@127.0.0.1 by its real host, which is the part before the fragment', () => {
    expect(checkTargetUrl('http://shop.example.com#@127.0.0.1/', productionRules()).hostname).toBe('shop.example.com');
    expect(refusal(() => checkTargetUrl('http://intranet#@shop.example.com/', productionRules())).reason).toBe('hostname');
  });
});

describe('H74: ports', () => {
  it.each([6379, 22, 25, 8080, 3000])('refuses port %i in production', (port) => {
    expect(refusal(() => checkTargetUrl(`http://shop.example.com:${port}/`, { allowPrivate: false, allowedPorts: [80, 443] })).reason).toBe('port');
  });

  it('accepts the standard ports, written or implied', () => {
    for (const url of ['http://shop.example.com/', 'https://shop.example.com/', 'http://shop.example.com:80/', 'https://shop.example.com:443/']) {
      expect(checkTargetUrl(url, { allowPrivate: false, allowedPorts: [80, 443] }).hostname).toBe('shop.example.com');
    }
  });
});

describe('H75-H80: what we send, how long we wait, how much we read', () => {
  let site: FixtureSite;
  let stalled: http.ServerResponse[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  beforeAll(async () => {
    const bomb = gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x61));
    site = await startFixtureSite({
      '/': { headers: { 'set-cookie': 'session=abc; Path=/' }, body: '<h1>hello</h1>' },
      '/tarpit': (_req, res) => {
        stalled.push(res);
      },
      '/drip': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<p>');
        stalled.push(res);
      },
      '/endless': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        const pump = () => {
          while (res.write(chunk)) {
            if (res.destroyed) return;
          }
          res.once('drain', pump);
        };
        res.on('close', () => res.removeAllListeners('drain'));
        pump();
      },
      '/bomb': { headers: { 'content-type': 'text/html', 'content-encoding': 'gzip' }, body: bomb },
      '/image': { headers: { 'content-type': 'image/png' }, body: Buffer.alloc(1024, 1) },
      '/internal-redirect': { status: 302, headers: { location: 'http://127.0.0.1:1/' } },
      '/slow-ok': (_req, res) => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        setImmediate(() => {
          inFlight -= 1;
          res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
        });
      },
    });
  });
  afterEach(() => {
    for (const res of stalled) res.destroy();
    stalled = [];
  });
  afterAll(() => site.close());

  it('sends exactly the headers docs/scans.md lists: no cookies (not even the site\'s own), no credentials, no forwarded headers', async () => {
    const documented = await documentedSentHeaders();
    const scan = fetcher(testModeRules);
    await scan.fetch(`${site.origin}/`);
    await scan.fetch(`${site.origin}/`);
    const [first, second] = site.requests.slice(-2);
    for (const headers of [first!.headers, second!.headers]) {
      expect(headers['user-agent']).toBe(settings.userAgent);
      expect(headers.cookie).toBeUndefined();
      expect(headers.authorization).toBeUndefined();
      expect(headers['x-forwarded-for']).toBeUndefined();
      expect(headers.forwarded).toBeUndefined();
      expect(Object.keys(headers).sort()).toEqual([...documented.keys(), 'connection', 'host'].sort());
      expect(headers['accept-encoding']).toBe(documented.get('accept-encoding'));
      expect(headers['accept-language']).toBe(documented.get('accept-language'));
      expect(headers['sec-fetch-mode']).toBe(documented.get('sec-fetch-mode'));
    }
  });

  it('gives up on a server that never answers, at the request deadline', async () => {
    const outcome = await fetcher(testModeRules).fetch(`${site.origin}/tarpit`);
    expect(failure(outcome)).toMatchObject({ kind: 'timeout' });
  });

  it('gives up on a body that trickles, at the request deadline', async () => {
    const outcome = await fetcher(testModeRules).fetch(`${site.origin}/drip`);
    expect(failure(outcome).kind).toBe('timeout');
  });

  it('gives up on a name that never resolves (a DNS tarpit), at the connect deadline', async () => {
    const outcome = await fetcher({ allowPrivate: false, allowedPorts: [80, 443] }, new TableResolver({ 'tarpit.example.com': 'never' })).fetch('http://tarpit.example.com/');
    expect(failure(outcome)).toMatchObject({ kind: 'timeout', reason: 'connect-timeout' });
  });

  it('cuts an endless body at the size cap and marks it truncated', async () => {
    const outcome = await fetcher(testModeRules).fetch(`${site.origin}/endless`);
    expect(outcome.ok && outcome.response).toMatchObject({ truncated: true, bodyBytes: settings.maxBodyBytes });
  });

  it('counts decompressed bytes, so a gzip bomb stops at the cap', async () => {
    const outcome = await fetcher(testModeRules).fetch(`${site.origin}/bomb`);
    expect(outcome.ok && outcome.response).toMatchObject({ truncated: true, bodyBytes: settings.maxBodyBytes });
  });

  it('does not read bodies that are not text', async () => {
    const outcome = await fetcher(testModeRules).fetch(`${site.origin}/image`);
    expect(outcome.ok && outcome.response).toMatchObject({ status: 200, body: '', bodySkipped: true, mediaType: 'image/png' });
  });

  it('spends at most the request budget, counting redirect hops', async () => {
    const scan = fetcher(testModeRules, new TableResolver({}), { requestBudget: 2 });
    expect((await scan.fetch(`${site.origin}/`)).ok).toBe(true);
    expect((await scan.fetch(`${site.origin}/`)).ok).toBe(true);
    expect(failure(await scan.fetch(`${site.origin}/`)).kind).toBe('budget');
    expect(scan.requestCount).toBe(2);
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    maxInFlight = 0;
    const scan = fetcher(testModeRules);
    await Promise.all(Array.from({ length: 6 }, () => scan.fetch(`${site.origin}/slow-ok`)));
    expect(maxInFlight).toBeLessThanOrEqual(settings.concurrency);
  });

  it('never names an internal address or port in a failure', async () => {
    const outcome = await fetcher(testModeRules).fetch(`${site.origin}/internal-redirect`);
    expect(failure(outcome).reason).toBe('connection-failed');
    expect(JSON.stringify({ ...failure(outcome), redirects: [] })).not.toMatch(/127\.0\.0\.1|:1\b|ECONNREFUSED/);
  });
});
