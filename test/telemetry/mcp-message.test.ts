import { describe, expect, it } from 'vitest';
import { httpOutcome, requestFacts } from '../../src/telemetry/mcp-message.js';

const answer = (message: unknown) => Buffer.from(JSON.stringify(message));

describe('reading an MCP request for the conventions', () => {
  it('takes the method, the tool and the id of a tool call', () => {
    expect(requestFacts({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'search_site', arguments: { query: 'x' } } })).toEqual({ method: 'tools/call', id: '7', toolName: 'search_site' });
  });

  it('bounds what a client writes: an unknown method is _OTHER, a tool name must look like one', () => {
    expect(requestFacts({ jsonrpc: '2.0', id: 1, method: 'made/up/123' })?.method).toBe('_OTHER');
    expect(requestFacts({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'what is the price?' } })?.toolName).toBeUndefined();
  });

  it('takes the revision from the 2026-07-28 envelope before the transport\'s, and the trace context from _meta', () => {
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' };
    expect(requestFacts({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } }, '2025-11-25')).toMatchObject({ protocolVersion: '2026-07-28', traceCarrier: meta });
    expect(requestFacts({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, '2025-11-25')?.protocolVersion).toBe('2025-11-25');
  });

  it('is nothing for a response or a batch', () => {
    expect(requestFacts({ jsonrpc: '2.0', id: 1, result: {} })).toBeUndefined();
    expect(requestFacts([{ jsonrpc: '2.0', id: 1, method: 'ping' }])).toBeUndefined();
  });
});

describe('reading how a request answered over HTTP ended', () => {
  it('is a success for a result, even when its text speaks of errors', () => {
    expect(httpOutcome(200, 'application/json', answer({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: '"error" isError:true' }] } }), '1', true)).toEqual({});
  });

  it('is tool_error for a tool result with isError', () => {
    expect(httpOutcome(200, 'application/json', answer({ jsonrpc: '2.0', id: 1, result: { isError: true, content: [] } }), '1', true)).toEqual({ errorType: 'tool_error' });
  });

  it('is the JSON-RPC code for an error, with its message', () => {
    expect(httpOutcome(200, 'application/json', answer({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } }), '1', true)).toEqual({ errorType: '-32601', statusCode: '-32601', message: 'Method not found' });
  });

  it('finds the response among the events of a stream', () => {
    const stream = `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: 'a', error: { code: -32602, message: 'bad' } })}\n\n`;
    expect(httpOutcome(200, 'text/event-stream', Buffer.from(stream), 'a', true).errorType).toBe('-32602');
  });

  it('is the HTTP status when the answer is not JSON-RPC, and aborted when the client went away', () => {
    expect(httpOutcome(500, 'text/plain', Buffer.from('Internal error\n'), '1', true)).toEqual({ errorType: '500' });
    expect(httpOutcome(200, 'application/json', Buffer.alloc(0), '1', false)).toEqual({ errorType: 'aborted' });
  });

  it('reads the version an initialize result agreed on', () => {
    expect(httpOutcome(200, 'application/json', answer({ jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-11-25', capabilities: {} } }), '0', true)).toEqual({ protocolVersion: '2025-11-25' });
  });
});
