/** A JSON-RPC answer from /mcp, as it came. */
export interface RpcBody {
  readonly result?: Record<string, unknown>;
  readonly error?: { code: number; message: string; data?: Record<string, unknown> };
}

/**
 * One MCP 2026-07-28 request as the spec has clients send it: the envelope (with the client's
 * capabilities) in `_meta`, the routing headers beside it.
 */
export async function post2026(baseUrl: string, method: string, params: Record<string, unknown>, capabilities: Record<string, unknown>, headers: Record<string, string> = {}): Promise<RpcBody> {
  const name = typeof params.name === 'string' ? params.name : typeof params.taskId === 'string' ? params.taskId : typeof params.uri === 'string' ? params.uri : undefined;
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
    'io.modelcontextprotocol/clientCapabilities': capabilities,
  };
  const response = await fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(name === undefined ? {} : { 'mcp-name': name }),
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params: { ...params, _meta: meta } }),
  });
  return (await response.json()) as RpcBody;
}

/** One MCP 2025-11-25 request over stateless HTTP, its answer's bytes as they came; capabilities, when given, in the request's `_meta`. */
export async function post2025Text(baseUrl: string, method: string, params: Record<string, unknown>, capabilities?: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params: capabilities ? { ...params, _meta: { 'io.modelcontextprotocol/clientCapabilities': capabilities } } : params }),
  });
  return response.text();
}

/** The same, parsed. */
export async function post2025(baseUrl: string, method: string, params: Record<string, unknown>, capabilities?: Record<string, unknown>): Promise<RpcBody> {
  return JSON.parse(await post2025Text(baseUrl, method, params, capabilities)) as RpcBody;
}
