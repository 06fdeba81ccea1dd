import http from 'node:http';
import net from 'node:net';
import type { Socket } from 'node:net';
import type { RequestObserver } from '../insights/http-edge.js';

export type { RequestObserver };

/** How the HTTP server treats slow, idle and piled-up connections. */
export interface ConnectionLimits {
  /**
   * A request's headers must arrive within this (slowloris): the first request's counted from
   * the connection, a keep-alive request's from its first byte.
   */
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
  /** Bytes read from the connection when it last had nothing in progress: more means a request is arriving. */
  bytesReadWhenIdle: number;
  /** Until the first request's headers have arrived: closes the connection at the headers timeout. */
  firstHeadersDeadline: NodeJS.Timeout | undefined;
}

/** What Node itself answers when a request's headers are too slow. */
const REQUEST_TIMEOUT_RESPONSE = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n';

/**
 * The HTTP server with its connection limits, and a drain for a clean shutdown:
 *
 * 1. Every answer from then on says `Connection: close`, and the connection closes after it.
 * 2. Requests already received are answered. A connection without a request in progress is
 *    given `firstRequestWaitMs` to send one (it may be on its way), then closed.
 * 3. The listening socket closes once no connection is open and a turn of the event loop has
 *    accepted none. Until then a connection that arrives is served as in 1 and 2: the kernel
 *    accepts connections before we do, and closing the listening socket would reset those it
 *    queued, after their clients had sent their requests. A later connect is refused.
 * 4. Whatever is still open when the grace period ends is closed.
 *
 * Node's own `server.close()` does not do this: it closes the listening socket at once and
 * every connection without a request in progress, which resets the connections of a burst
 * whose requests are still on the way.
 */
export class HttpConnections {
  readonly server: http.Server;
  /** What this server makes its requests and responses with: Node's own, until the app gives its prototypes. */
  readonly #made = { request: madeWith(http.IncomingMessage), response: madeWith(http.ServerResponse) };
  readonly #connections = new Map<Socket, ConnectionState>();
  #draining = false;
  #onIdle: (() => void) | undefined;
  #observer: RequestObserver | undefined;

  constructor(
    handler: http.RequestListener,
    private readonly limits: ConnectionLimits,
  ) {
    this.server = http.createServer(
      {
        IncomingMessage: this.#made.request as unknown as typeof http.IncomingMessage,
        ServerResponse: this.#made.response as unknown as typeof http.ServerResponse,
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        connectionsCheckingInterval: limits.timeoutCheckIntervalMs,
        keepAliveTimeout: limits.keepAliveTimeoutMs,
      },
      (req, res) => {
        const observer = this.#observer;
        if (observer !== undefined) {
          try {
            observer.started(req);
          } catch (error) {
            observer.failed(error, 'started');
          }
        }
        const state = this.#connections.get(req.socket);
        if (state !== undefined) {
          state.active += 1;
          clearTimeout(state.firstHeadersDeadline);
          state.firstHeadersDeadline = undefined;
        }
        if (this.#draining) res.setHeader('Connection', 'close');
        // One listener per response, which the drain needs anyway, tells the observer too.
        res.once('close', () => {
          if (observer !== undefined && res.writableFinished) {
            try {
              observer.answered(req, res);
            } catch (error) {
              observer.failed(error, 'answered');
            }
          }
          if (state === undefined) return;
          state.active -= 1;
          state.answered += 1;
          state.bytesReadWhenIdle = req.socket.bytesRead;
          if (this.#draining && state.active === 0) req.socket.destroySoon();
        });
        handler(req, res);
      },
    );
    this.server.maxConnections = limits.maxConnections;
    this.server.on('connection', (socket: Socket) => {
      // Node counts the headers timeout from a request's first byte, so a client that waits
      // before sending it holds the socket for that long as well (a probe held one for 14 s),
      // and a silent connection beside an answered keep-alive one was not checked at all. The
      // first request's headers are due within the timeout of the connection itself.
      const firstHeadersDeadline = setTimeout(() => this.#headersTooSlow(socket), limits.headersTimeoutMs).unref();
      this.#connections.set(socket, { active: 0, answered: 0, bytesReadWhenIdle: 0, firstHeadersDeadline });
      socket.once('close', () => {
        clearTimeout(this.#connections.get(socket)?.firstHeadersDeadline);
        this.#connections.delete(socket);
        if (this.#connections.size === 0) this.#onIdle?.();
      });
      if (this.#draining) this.#closeUnlessBusy(socket);
    });
  }

  /**
   * From now on, each request and response is made with the app's prototypes (Express's
   * `app.request` and `app.response`), as Express would give them. Express gives them to every
   * request it handles (`Object.setPrototypeOf`), and V8 then moves both objects to new shapes
   * each time and finds the properties Node's HTTP code and Express read through its slow paths:
   * more than a quarter of a page request's time under perf (decision 0154). Made with them, the
   * request and response already have them, and Express's call changes nothing.
   */
  useAppPrototypes(request: object, response: object): void {
    this.#made.request.prototype = request;
    this.#made.response.prototype = response;
  }

  /**
   * From now on, each request is made with `field` among its own properties (undefined), besides
   * those given before: where a feature keeps what it knows of the request (the content snapshot
   * it answers from, decision 0157; insights' record, decision 0156). Setting it is then a plain
   * store into room the request already has; adding a property by a computed key to an object
   * with many properties can turn it into a dictionary (decision 0155).
   */
  giveRequestsField(field: symbol): void {
    this.#made.request.fields = [...this.#made.request.fields, field];
  }

  /**
   * From now on, `observer` is told of every request and response (insights, decision 0158): by
   * the server's own request listener and the response's `close` listener, which the drain has
   * anyway, rather than by Node's diagnostics channels, whose messages cost each request more
   * than the observer itself.
   */
  observeRequests(observer: RequestObserver): void {
    this.#observer = observer;
  }

  get openConnections(): number {
    return this.#connections.size;
  }

  /** Answers what was received, closes every connection, stops accepting; bounded by `graceMs`. */
  async drain(graceMs: number): Promise<void> {
    this.#draining = true;
    const graceEnds = Date.now() + graceMs;
    for (const socket of this.#connections.keys()) this.#closeUnlessBusy(socket);
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    // Until no connection is open, and one more turn of the event loop has accepted none: the
    // listening socket is closed only then, so that no connection is left in the kernel's queue
    // (closing the socket would reset those, after their clients sent their requests).
    do {
      await Promise.race([this.#allClosed(), graceOver]);
      await eventLoopTurn();
    } while (this.#connections.size > 0 && Date.now() < graceEnds);
    // No more connections are accepted. Node's close ends only once every connection has: what
    // is still open when the grace period is over (a request its handler never answers, an idle
    // keep-alive connection) is cut now, or the drain would wait for it without bound.
    const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(this.server, () => resolve()));
    clearTimeout(timer);
    for (const socket of this.#connections.keys()) socket.destroy();
    await closed;
  }

  /** The first request's headers did not arrive in time: 408, as Node answers its own timeouts, and the connection closes. */
  #headersTooSlow(socket: Socket): void {
    const state = this.#connections.get(socket);
    if (state === undefined || state.active > 0 || state.answered > 0) return;
    // As Node's own timeout does: a small write goes out at once, before the socket is destroyed.
    if (socket.writable && socket.bytesWritten === 0) socket.write(REQUEST_TIMEOUT_RESPONSE);
    socket.destroy();
  }

  #allClosed(): Promise<void> {
    return new Promise<void>((resolve) => {
      if (this.#connections.size === 0) return resolve();
      this.#onIdle = resolve;
    });
  }

  /**
   * Closes the connection after `firstRequestWaitMs` if it is idle then. Idle means no request in
   * progress and no byte of one arrived: the check waits one event-loop turn first, so that bytes
   * already in the socket are read (a busy loop runs timers before it reads), and a request whose
   * bytes are arriving gets another wait (the grace period bounds them all).
   */
  #closeUnlessBusy(socket: Socket): void {
    let timer: NodeJS.Timeout | undefined;
    const check = async () => {
      await eventLoopTurn();
      const state = this.#connections.get(socket);
      if (state === undefined || state.active > 0) return;
      if (socket.bytesRead > state.bytesReadWhenIdle) {
        timer = setTimeout(() => void check(), this.limits.firstRequestWaitMs);
        return;
      }
      socket.destroy();
    };
    timer = setTimeout(() => void check(), this.limits.firstRequestWaitMs);
    socket.once('close', () => clearTimeout(timer));
  }
}

/** Resolves after the event loop has been round once, its poll phase (where connections are accepted) included. */
function eventLoopTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

/**
 * A constructor that makes what `base` (Node's `IncomingMessage` or `ServerResponse`, plain
 * constructor functions) makes, with whatever `prototype` it is given later, and the `fields`
 * it is given later among each object's own properties; Node's HTTP server takes such
 * constructors as options. Each server gets its own, so that two apps in one process keep their
 * own prototypes.
 *
 * It inherits from `base`, as a subclass does: V8 gives what a constructor makes room for the
 * properties of the constructors it inherits from. Without it, a response's 45 properties went
 * to a separate store, and each response became a dictionary as Node added a property by a
 * symbol (decision 0155).
 */
function madeWith(base: Function): Made {
  const made = function (this: Record<symbol, unknown>, first: unknown, second: unknown): void {
    base.call(this, first, second);
    const { fields } = made;
    // One store for each of the first fields, each always with the same key: V8 then adds each
    // one with a cached transition. One store in a loop sees several keys, and goes through
    // V8's generic path for every request (decision 0158).
    if (fields.length === 0) return;
    this[fields[0]!] = undefined;
    if (fields.length === 1) return;
    this[fields[1]!] = undefined;
    if (fields.length === 2) return;
    this[fields[2]!] = undefined;
    for (let index = 3; index < fields.length; index++) this[fields[index]!] = undefined;
  } as Made;
  made.prototype = base.prototype as object;
  made.fields = [];
  Object.setPrototypeOf(made, base);
  return made;
}

/** What `madeWith` makes: a constructor for Node's HTTP server, with the prototype and the fields it makes objects with. */
interface Made {
  (this: unknown, first: unknown, second: unknown): void;
  prototype: object;
  fields: readonly symbol[];
}
