import autocannon from 'autocannon';
const url = process.argv[2]!; const modern = process.argv[3] === '2026';
const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'b', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': modern ? '2026-07-28' : '2025-11-25', ...(modern ? { 'mcp-method': 'tools/call', 'mcp-name': 'search_site' } : {}) };
const words = ['audyt', 'analityka', 'ga4', 'kontakt', 'wdrożenie', 'seo', 'cennik', 'services', 'analytics', 'blog'];
let i = 0;
const r = await autocannon({ url: url + '/mcp', connections: 16, duration: Number(process.argv[4] ?? 6), requests: [{ setupRequest: (req: any) => ({ ...req, method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_site', arguments: { query: words[i++ % 10] + ' ' + words[(i * 7) % 10] }, ...(modern ? { _meta: meta } : {}) } }) }) }] });
console.log(r.requests.average, 'req/s', r.non2xx, 'non2xx');
