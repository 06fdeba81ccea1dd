/**
 * Run by fast-objects.test.ts as `node --allow-natives-syntax --import tsx child.ts [argv…]`:
 * serves the sample site with the real server (the flags given), answers each kind of request
 * 20 times, and prints, for the last request of each kind, whether V8 kept its request, its
 * response and its socket as fast objects when the server started it and when its response
 * ended. An object V8 has turned into a dictionary finds every property through a hash lookup,
 * in Node's HTTP code, in Express and in ours.
 */
import { subscribe } from 'node:diagnostics_channel';
import { SAMPLE_SITE } from '../helpers/paths.js';
import { startTestServer } from '../helpers/context.js';

const hasFastProperties = new Function('object', 'return %HasFastProperties(object)') as (object: object) => boolean;

interface HttpMessage {
  readonly request: object;
  readonly response: object;
  readonly socket: object;
}
type Seen = Record<'request' | 'response' | 'socket', boolean>;
const seen = (message: HttpMessage): Seen => ({ request: hasFastProperties(message.request), response: hasFastProperties(message.response), socket: hasFastProperties(message.socket) });

let started: Seen | undefined;
let ended: Seen | undefined;
subscribe('http.server.request.start', (message) => {
  started = seen(message as HttpMessage);
});
subscribe('http.server.response.finish', (message) => {
  ended = seen(message as HttpMessage);
});

const server = await startTestServer(SAMPLE_SITE, process.argv.slice(2));
const mcpCall = {
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_site', arguments: { query: 'GA4' } } }),
};
const kinds: Record<string, [string, RequestInit?]> = {
  'REST page': ['/api/v1/page?url=%2Fpl%2Fcennik%2F'],
  'HTML page': ['/en/pricing/'],
  'Markdown page': ['/en/pricing.md'],
  'MCP tool call': ['/mcp', mcpCall],
  'page not found': ['/pl/nie-ma-takiej-strony/'],
};
const result: Record<string, { started: Seen | undefined; ended: Seen | undefined }> = {};
for (const [kind, [address, init]] of Object.entries(kinds)) {
  for (let index = 0; index < 20; index++) {
    const response = await fetch(server.url + address, { ...init, headers: { 'user-agent': 'Mozilla/5.0 (compatible; ChatGPT-User/1.0; +https://openai.com/bot)', ...init?.headers } });
    await response.arrayBuffer();
  }
  result[kind] = { started, ended };
}
await server.close();
process.stdout.write(JSON.stringify(result));
