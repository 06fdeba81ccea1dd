import type { CallToolResult } from '@modelcontextprotocol/server';
import { Deadline } from '../deadline.js';
import { AppError } from '../errors.js';
import type { Logger } from '../log/logger.js';
import { isLoopbackHostname } from '../web/loopback.js';

export interface RemoteToolsOptions {
  /** Our version, sent as the client version and in the User-Agent. */
  readonly version: string;
  readonly logger: Logger;
  /** Longest wait for the whole forwarded call (connect, initialize, call). */
  readonly timeoutMs?: number;
}

type ClientSdk = typeof import('@modelcontextprotocol/client');

/** Enough for a scan that answers within its ~20 s budget; an inquiry takes a few seconds at most. */
export const FORWARD_TIMEOUT_MS = 30_000;

/**
 * The site's own MCP server, seen from a desktop machine. Over stdio, tools that send mail run
 * there instead (the desktop has no SMTP account of the company, and the limits must be counted
 * in one place): each call connects with the v2 SDK's client (2026-07-28 when the site's server
 * speaks it, found with one server/discover probe; else the 2025 handshake), calls the tool
 * with the arguments it got, and returns the remote answer as it is. A remote that cannot be
 * reached becomes a `remote-unreachable` error that says nothing was sent (or, after a timeout,
 * that it is not known whether it was).
 */
export class RemoteTools {
  /** `url` is read on each call: over stdio its default follows the site file's siteUrl. */
  constructor(
    private readonly remoteUrl: () => string,
    private readonly options: RemoteToolsOptions,
  ) {}

  get url(): string {
    return new URL(this.remoteUrl()).href;
  }

  async call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    const url = this.#checkedUrl(name);
    const timeoutMs = this.options.timeoutMs ?? FORWARD_TIMEOUT_MS;
    // Loaded on first use: most stdio sessions never forward, and the client costs ~100 ms to load.
    const sdk = await import('@modelcontextprotocol/client');
    const client = new sdk.Client({ name: 'site-content-mcp-stdio', version: this.options.version }, { versionNegotiation: { mode: 'auto' } });
    const transport = new sdk.StreamableHTTPClientTransport(url, {
      requestInit: { headers: { 'User-Agent': `site-content-mcp/${this.options.version} (stdio; forwarding ${name})` } },
    });
    let connected = false;
    // Held strongly (AbortSignal.timeout can be garbage-collected before it fires on Node 20).
    const deadline = new Deadline(timeoutMs);
    const signal = deadline.signal;
    try {
      await client.connect(transport, { signal, timeout: timeoutMs });
      connected = true;
      const result = await client.callTool({ name, arguments: args }, { signal, timeout: timeoutMs });
      return {
        content: (result.content ?? []) as CallToolResult['content'],
        ...(result.structuredContent === undefined ? {} : { structuredContent: result.structuredContent as Record<string, unknown> }),
        ...(result.isError === true ? { isError: true } : {}),
      };
    } catch (error) {
      throw this.#failure(sdk, name, error, connected, signal.aborted);
    } finally {
      deadline.dispose();
      await client.close().catch(() => undefined);
    }
  }

  /**
   * One JSON-RPC request passed on as it is, in one stateless 2025-11-25 POST, and the site's
   * server's answer as it came (result or error). For the scan tasks (SEP-2663): the SDK's client
   * would validate a CreateTaskResult as a tool result and has no tasks/get.
   */
  async forward(method: string, params: Record<string, unknown>): Promise<{ result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } }> {
    const url = this.#checkedUrl(method);
    // Held strongly (AbortSignal.timeout can be garbage-collected before it fires on Node 20),
    // and over the body too, so a server that trickles its answer cannot hold the call open.
    const deadline = new Deadline(this.options.timeoutMs ?? FORWARD_TIMEOUT_MS);
    try {
      let response: globalThis.Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': '2025-11-25',
            'user-agent': `site-content-mcp/${this.options.version} (stdio; forwarding ${method})`,
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
          signal: deadline.signal,
        });
      } catch (error) {
        this.options.logger.warn({ method, remoteMcpUrl: this.url, error: (error as Error)?.message }, `forwarding ${method} failed`);
        throw new AppError('remote-unreachable', `${method} runs on the site's server at ${this.url}, which cannot be reached right now.`, { cause: error });
      }
      const body = (await response.json().catch(() => undefined)) as { result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } } | undefined;
      if (body === undefined || (body.result === undefined && body.error === undefined)) {
        throw new AppError('remote-unreachable', `The site's server at ${this.url} gave no JSON-RPC answer to ${method} (HTTP ${response.status}).`);
      }
      return body;
    } finally {
      deadline.dispose();
    }
  }

  /** Personal details (the scan's e-mail address) go only over https, or to this machine. */
  #checkedUrl(name: string): URL {
    const url = new URL(this.url);
    if (url.protocol !== 'https:' && !isLoopbackHostname(url.hostname)) {
      throw new AppError('remote-unreachable', `${name} runs on the site's server at ${this.url}, but that address is not https, and personal details are not sent over plain http; nothing was sent. Set REMOTE_MCP_URL to the site's https address.`);
    }
    return url;
  }

  #failure(sdk: ClientSdk, name: string, error: unknown, connected: boolean, timedOut: boolean): AppError {
    const { ProtocolError, SdkError, SdkErrorCode } = sdk;
    const where = `the site's server at ${this.url}`;
    this.options.logger.warn({ tool: name, remoteMcpUrl: this.url, error: (error as Error)?.message }, `forwarding ${name} failed`);
    if (timedOut || (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout)) {
      return new AppError(
        'remote-unreachable',
        connected
          ? `${where} did not answer ${name} within ${Math.round((this.options.timeoutMs ?? FORWARD_TIMEOUT_MS) / 1000)} seconds, so it is not known whether it was done.`
          : `${where} did not answer, so ${name} was not done; nothing was sent.`,
        { cause: error },
      );
    }
    if (error instanceof ProtocolError && connected) {
      return new AppError('remote-unreachable', `${where} refused ${name} (${error.message}); nothing was sent.`, { cause: error });
    }
    return new AppError('remote-unreachable', `${name} runs on ${where}, which cannot be reached right now; nothing was sent.`, { cause: error });
  }
}
