import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restEndpoint, userAgentOf } from '../../src/insights/http-edge.js';

/**
 * What the insights edge reads of a request as it comes, from its request line and header lines
 * (decision 0152): the User-Agent it classifies, and the REST endpoint it counts.
 */
describe('the User-Agent the edge reads from the header lines', () => {
  let server: http.Server;
  let port: number;
  /** For each request the server got: what the edge reads, and what Node's own `req.headers` says. */
  const seen: { read: string | undefined; node: string | undefined }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push({ read: userAgentOf(req.rawHeaders), node: req.headers['user-agent'] });
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Sends `headerLines` as written (any case, any repeats) and returns what the server saw. */
  async function sent(headerLines: string[]): Promise<{ read: string | undefined; node: string | undefined }> {
    const before = seen.length;
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(`GET / HTTP/1.1\r\nHost: localhost\r\n${headerLines.map((line) => `${line}\r\n`).join('')}Connection: close\r\n\r\n`));
      socket.on('data', () => undefined);
      socket.on('error', reject);
      socket.on('close', () => resolve());
    });
    expect(seen).toHaveLength(before + 1);
    return seen[before]!;
  }

  it('reads the User-Agent whatever the case of its name', async () => {
    for (const name of ['User-Agent', 'user-agent', 'USER-AGENT', 'uSeR-aGeNt']) {
      const { read, node } = await sent([`${name}: GPTBot/1.2`]);
      expect(read).toBe('GPTBot/1.2');
      expect(read).toBe(node);
    }
  });

  it('reads the first User-Agent of several, as Node does', async () => {
    const { read, node } = await sent(['User-Agent: ClaudeBot/1.0', 'Accept: */*', 'user-agent: Mozilla/5.0 Chrome/131.0.0.0']);
    expect(read).toBe('ClaudeBot/1.0');
    expect(read).toBe(node);
  });

  it('reads no User-Agent when none was sent, nor from a header that only looks like one', async () => {
    const { read, node } = await sent(['X-User-Agent: GPTBot/1.2', 'User-Agents: GPTBot/1.2']);
    expect(read).toBeUndefined();
    expect(node).toBeUndefined();
  });

  it('reads an empty User-Agent as empty', async () => {
    const { read, node } = await sent(['User-Agent:']);
    expect(read).toBe('');
    expect(read).toBe(node);
  });
});

describe('the REST endpoint a request is counted under', () => {
  it('is the first segment after /api/v1', () => {
    expect(restEndpoint('/api/v1/search')).toBe('search');
    expect(restEndpoint('/api/v1/pages/pl/kontakt')).toBe('pages');
    expect(restEndpoint('/api/v1/openapi-json')).toBe('openapi-json');
  });

  it('is the root for /api/v1 itself, with or without slashes', () => {
    expect(restEndpoint('/api/v1')).toBe('root');
    expect(restEndpoint('/api/v1/')).toBe('root');
    expect(restEndpoint('/api/v1///')).toBe('root');
  });

  it('leaves out the query, as the edge reads the target the client sent', () => {
    expect(restEndpoint('/api/v1/page?url=%2Fpl%2Fkontakt%2F')).toBe('page');
    expect(restEndpoint('/api/v1/search?q=ga4')).toBe('search');
    expect(restEndpoint('/api/v1?format=json')).toBe('root');
    expect(restEndpoint('/api/v1/?format=json')).toBe('root');
    expect(restEndpoint('/api/v1/page2?url=x')).toBe('(not found)');
  });

  it('skips repeated slashes before the segment', () => {
    expect(restEndpoint('/api/v1//page')).toBe('page');
  });

  it('counts a segment that cannot be an endpoint as not found, so that no address a client makes up becomes a row', () => {
    for (const path of ['/api/v1/Page', '/api/v1/-page', '/api/v1/page2', '/api/v1/pa_ge', '/api/v1/%70age', '/api/v1/strona-główna', `/api/v1/${'a'.repeat(32)}`]) {
      expect(restEndpoint(path), path).toBe('(not found)');
    }
  });

  it('takes a word of up to 31 letters and hyphens', () => {
    expect(restEndpoint(`/api/v1/${'a'.repeat(31)}`)).toBe('a'.repeat(31));
    expect(restEndpoint('/api/v1/a')).toBe('a');
    expect(restEndpoint('/api/v1/a-')).toBe('a-');
  });
});
