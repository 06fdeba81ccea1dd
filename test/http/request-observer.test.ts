import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONNECTION_LIMITS, HttpConnections, type RequestObserver } from '../../src/http/connections.js';

/**
 * The server tells one observer (insights' edge) of every request as it comes and of every
 * response once it has been sent whole, from its own request listener and the `close` listener
 * each response has for the drain (decision 0158), not from Node's diagnostics channels.
 */
const running: HttpConnections[] = [];
afterEach(async () => {
  for (const connections of running.splice(0)) await connections.drain(100);
});

async function listening(handler: http.RequestListener, observer?: RequestObserver): Promise<string> {
  const connections = new HttpConnections(handler, { ...DEFAULT_CONNECTION_LIMITS, maxConnections: 10 });
  if (observer !== undefined) connections.observeRequests(observer);
  running.push(connections);
  await new Promise<void>((resolve) => connections.server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(connections.server.address() as AddressInfo).port}/`;
}

/** A promise and its resolve (Node 20 has no `Promise.withResolvers`). */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** An observer that writes down what it is told, and resolves `answered` at each answer. */
function notebook() {
  const told: string[] = [];
  const objects: { started?: unknown; answered?: unknown[] } = {};
  let answer = deferred();
  const observer: RequestObserver = {
    started(request) {
      told.push(`started ${request.url}`);
      objects.started = request;
    },
    answered(request, response) {
      told.push(`answered ${request.url} ${response.statusCode}`);
      objects.answered = [request, response];
      answer.resolve();
    },
    failed(error, stage) {
      told.push(`failed ${stage}: ${(error as Error).message}`);
    },
  };
  return {
    told,
    objects,
    observer,
    /** Resolves once the observer has been told of the next answer. */
    nextAnswer(): Promise<void> {
      answer = deferred();
      return answer.promise;
    },
  };
}

describe('the request observer', () => {
  it('is told of a request before the handler runs, and of its response once it has been sent', async () => {
    const book = notebook();
    const handled: unknown[] = [];
    const url = await listening((req, res) => {
      book.told.push('handled');
      handled.push(req, res);
      res.statusCode = 201;
      res.end('made');
    }, book.observer);
    const answered = book.nextAnswer();
    expect(await (await fetch(`${url}things`)).text()).toBe('made');
    await answered;
    expect(book.told).toEqual(['started /things', 'handled', 'answered /things 201']);
    expect(book.objects.started).toBe(handled[0]);
    expect(book.objects.answered).toEqual(handled);
  });

  it('is told of each request of a kept-alive connection once', async () => {
    const book = notebook();
    const url = await listening((_req, res) => res.end('ok'), book.observer);
    for (const path of ['one', 'two', 'three']) {
      const answered = book.nextAnswer();
      await (await fetch(`${url}${path}`)).text();
      await answered;
    }
    expect(book.told).toEqual(['started /one', 'answered /one 200', 'started /two', 'answered /two 200', 'started /three', 'answered /three 200']);
  });

  it('is not told of a response whose client went away before it was sent', async () => {
    const book = notebook();
    const closed = deferred();
    const client = new AbortController();
    const url = await listening((_req, res) => {
      // Never answered: the client goes away first. The observer hears a response's close
      // before this listener does.
      res.once('close', () => closed.resolve());
      client.abort();
    }, book.observer);
    await expect(fetch(`${url}slow`, { signal: client.signal })).rejects.toThrow();
    await closed.promise;
    expect(book.told).toEqual(['started /slow']);
  });

  it('loses what the observer failed to do as a request came, not the answer', async () => {
    const book = notebook();
    const url = await listening((_req, res) => res.end('ok'), {
      ...book.observer,
      started() {
        throw new Error('noting failed');
      },
    });
    const answered = book.nextAnswer();
    expect(await (await fetch(url)).text()).toBe('ok');
    await answered;
    expect(book.told).toEqual(['failed started: noting failed', 'answered / 200']);
  });

  it('loses what the observer failed to do as a response ended, not the next request', async () => {
    const book = notebook();
    let failures = deferred();
    const url = await listening((_req, res) => res.end('ok'), {
      ...book.observer,
      answered() {
        throw new Error('counting failed');
      },
      failed(error, stage) {
        book.observer.failed(error, stage);
        failures.resolve();
      },
    });
    expect(await (await fetch(url)).text()).toBe('ok');
    await failures.promise;
    failures = deferred();
    expect(await (await fetch(url)).text()).toBe('ok');
    await failures.promise;
    expect(book.told).toEqual(['started /', 'failed answered: counting failed', 'started /', 'failed answered: counting failed']);
  });

});
