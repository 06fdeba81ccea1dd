import http from 'node:http';
import net from 'node:net';
import type { Socket } from 'node:net';

/** How the HTTP server treats slow, idle and piled-up connections. */
export interface ConnectionLimits {
  /** A request's headers must arrive within this (slowloris). */
  readonly headersTimeoutMs: number;
  /** A whole request (headers and body) must arrive within this. */
  readonly requestTimeoutMs: number;
  /** How often the two timeouts above are checked. Node's default, 30 s, let slow headers hold a socket for about 40 s. */
  readonly timeoutCheckIntervalMs: number;
  /** Idle keep-alive sockets are closed after this; above a load balancer's idle timeout (often 60 s). */
  readonly keepAliveTimeoutMs: number;
  /** Open connections at most; a connection beyond it is closed at once. */
  readonly maxConnections: number;
  /**
   * During a drain, how long a connection that has sent no request yet is given to send one (it
   * may be on its way: accepted connections of a burst). It is then answered with the rest.
   */
  readonly firstRequestWaitMs: number;
}

export const DEFAULT_CONNECTION_LIMITS: Omit<ConnectionLimits, 'maxConnections'> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  timeoutCheckIntervalMs: 1_000,
  keepAliveTimeoutMs: 65_000,
  firstRequestWaitMs: 1_000,
};

interface ConnectionState {
  /** Requests received and not yet answered. */
  active: number;
  /** Requests answered on this connection. */
  answered: number;
}

/** At most this long, a draining server keeps accepting while connections keep arriving. */
const MAX_ACCEPT_LINGER_MS = 1_000;

/**
 * The HTTP server with its connection limits, and a drain for a clean shutdown:
 *
 * 1. Every answer from then on says `Connection: close`, and the connection closes after it.
 * 2. The listening socket stays open while connections keep arriving (one event-loop turn without
 *    a new one, at most a second), then closes. Connections the kernel had queued are thereby
 *    accepted and answered: closing the listening socket would reset them, after their clients
 *    had sent their requests. A later connect is refused, never reset.
 * 3. Requests already received are answered. A connection without a request in progress is
 *    given `firstRequestWaitMs` to send one (it may be on its way), then closed.
 * 4. Whatever is still open when the grace period ends is closed.
 *
 * Node's own `server.close()` does not do this: it closes the listening socket at once and
 * every connection without a request in progress, which resets the connections of a burst
 * whose requests are still on the way.
 */
export class HttpConnections {
  readonly server: http.Server;
  readonly #connections = new Map<Socket, ConnectionState>();
  #accepted = 0;
  #draining = false;
  #onIdle: (() => void) | undefined;

  constructor(
    handler: http.RequestListener,
    private readonly limits: ConnectionLimits,
  ) {
    this.server = http.createServer(
      {
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        connectionsCheckingInterval: limits.timeoutCheckIntervalMs,
        keepAliveTimeout: limits.keepAliveTimeoutMs,
      },
      (req, res) => {
        const state = this.#connections.get(req.socket);
        if (state !== undefined) state.active += 1;
        if (this.#draining) res.setHeader('Connection', 'close');
        res.once('close', () => {
          if (state === undefined) return;
          state.active -= 1;
          state.answered += 1;
          if (this.#draining && state.active === 0) req.socket.destroySoon();
        });
        handler(req, res);
      },
    );
    this.server.maxConnections = limits.maxConnections;
    this.server.on('connection', (socket: Socket) => {
      this.#accepted += 1;
      this.#connections.set(socket, { active: 0, answered: 0 });
      socket.once('close', () => {
        this.#connections.delete(socket);
        if (this.#connections.size === 0) this.#onIdle?.();
      });
      if (this.#draining) this.#closeUnlessBusy(socket);
    });
  }

  get openConnections(): number {
    return this.#connections.size;
  }

  /** Stops accepting, answers what was received, closes every connection; bounded by `graceMs`. */
  async drain(graceMs: number): Promise<void> {
    this.#draining = true;
    const graceEnds = Date.now() + graceMs;
    for (const socket of this.#connections.keys()) this.#closeUnlessBusy(socket);

    const lingerEnds = Date.now() + Math.min(MAX_ACCEPT_LINGER_MS, graceMs);
    let seen: number;
    do {
      seen = this.#accepted;
      await eventLoopTurn();
    } while (this.#accepted !== seen && Date.now() < lingerEnds);
    const listenerClosed = new Promise<void>((resolve) => net.Server.prototype.close.call(this.server, () => resolve()));

    const allClosed = new Promise<void>((resolve) => {
      this.#onIdle = resolve;
      if (this.#connections.size === 0) resolve();
    });
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, Math.max(graceEnds - Date.now(), 0));
    });
    await Promise.race([allClosed, graceOver]);
    clearTimeout(timer);
    for (const socket of this.#connections.keys()) socket.destroy();
    await listenerClosed;
  }

  /** Closes the connection after `firstRequestWaitMs` unless a request is in progress then (its answer closes it). */
  #closeUnlessBusy(socket: Socket): void {
    const timer = setTimeout(() => {
      if ((this.#connections.get(socket)?.active ?? 0) === 0) socket.destroy();
    }, this.limits.firstRequestWaitMs);
    socket.once('close', () => clearTimeout(timer));
  }
}

/** Resolves after the event loop has been round once, its poll phase (where connections are accepted) included. */
function eventLoopTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
