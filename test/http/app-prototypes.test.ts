import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONNECTION_LIMITS, HttpConnections } from '../../src/http/connections.js';

/**
 * The server makes each request and response with the app's prototypes (decision 0154), so that
 * Express, which gives them to every request it handles, finds them already there and V8 keeps
 * both objects' shapes.
 */
const running: HttpConnections[] = [];
afterEach(async () => {
  for (const connections of running.splice(0)) await connections.drain(100);
});

async function listening(handler: http.RequestListener): Promise<{ connections: HttpConnections; url: string }> {
  const connections = new HttpConnections(handler, { ...DEFAULT_CONNECTION_LIMITS, maxConnections: 10 });
  running.push(connections);
  await new Promise<void>((resolve) => connections.server.listen(0, '127.0.0.1', resolve));
  return { connections, url: `http://127.0.0.1:${(connections.server.address() as AddressInfo).port}/` };
}

/** The prototypes of the request and response the handler was given, for one request to `url`. */
async function prototypesSeen(url: string, seen: object[][]): Promise<object[]> {
  await (await fetch(url)).text();
  return seen.at(-1)!;
}

function recording(seen: object[][]): http.RequestListener {
  return (req, res) => {
    seen.push([Object.getPrototypeOf(req) as object, Object.getPrototypeOf(res) as object]);
    res.end('ok');
  };
}

describe("requests and responses made with the app's prototypes", () => {
  it("makes them with Node's own prototypes until the app gives its own", async () => {
    const seen: object[][] = [];
    const { url } = await listening(recording(seen));
    expect(await prototypesSeen(url, seen)).toEqual([http.IncomingMessage.prototype, http.ServerResponse.prototype]);
  });

  it("makes every later request and response with the prototypes the app gave, still Node's kind", async () => {
    const seen: object[][] = [];
    const { connections, url } = await listening(recording(seen));
    const request = Object.create(http.IncomingMessage.prototype) as object;
    const response = Object.create(http.ServerResponse.prototype) as object;
    connections.useAppPrototypes(request, response);
    const [requestPrototype, responsePrototype] = await prototypesSeen(url, seen);
    expect(requestPrototype).toBe(request);
    expect(responsePrototype).toBe(response);
  });

  it("keeps each server's prototypes its own, with two servers in one process", async () => {
    const firstSeen: object[][] = [];
    const secondSeen: object[][] = [];
    const first = await listening(recording(firstSeen));
    const second = await listening(recording(secondSeen));
    const firstRequest = Object.create(http.IncomingMessage.prototype) as object;
    first.connections.useAppPrototypes(firstRequest, Object.create(http.ServerResponse.prototype) as object);
    expect((await prototypesSeen(first.url, firstSeen))[0]).toBe(firstRequest);
    expect((await prototypesSeen(second.url, secondSeen))[0]).toBe(http.IncomingMessage.prototype);
  });

  it("hands Express a request and response that already have its app's prototypes, which it then leaves as they are", async () => {
    const app = express();
    let arrived: object[] = [];
    let handled: object[] = [];
    app.get('/', (req, res) => {
      handled = [Object.getPrototypeOf(req) as object, Object.getPrototypeOf(res) as object];
      res.json({ ip: req.ip !== undefined, path: req.path });
    });
    const { connections, url } = await listening((req, res) => {
      arrived = [Object.getPrototypeOf(req) as object, Object.getPrototypeOf(res) as object];
      app(req, res);
    });
    connections.useAppPrototypes(app.request, app.response);
    const body = (await (await fetch(url)).json()) as unknown;
    expect(body).toEqual({ ip: true, path: '/' });
    expect(arrived).toEqual([app.request, app.response]);
    expect(handled).toEqual([app.request, app.response]);
  });
});

describe('a field every request is made with', () => {
  /** For each request, which of `fields` the request the handler was given had among its own properties, and their values. */
  function fieldsSeen(fields: readonly symbol[], seen: unknown[][]): http.RequestListener {
    return (req, res) => {
      seen.push(fields.map((field) => [Object.hasOwn(req, field), (req as unknown as Record<symbol, unknown>)[field]]));
      res.end('ok');
    };
  }
  const answered = async (url: string) => (await fetch(url)).text();

  it('makes no request with it until one is given', async () => {
    const field = Symbol('record');
    const seen: unknown[][] = [];
    const { url } = await listening(fieldsSeen([field], seen));
    await answered(url);
    expect(seen).toEqual([[[false, undefined]]]);
  });

  it('makes every later request with the field given, undefined, before any handler runs', async () => {
    const field = Symbol('record');
    const seen: unknown[][] = [];
    const { connections, url } = await listening(fieldsSeen([field], seen));
    connections.giveRequestsField(field);
    await answered(url);
    await answered(url);
    expect(seen).toEqual([[[true, undefined]], [[true, undefined]]]);
  });

  it('makes every later request with each field given, the earlier ones kept', async () => {
    const snapshot = Symbol('snapshot');
    const record = Symbol('record');
    const seen: unknown[][] = [];
    const { connections, url } = await listening(fieldsSeen([snapshot, record], seen));
    connections.giveRequestsField(snapshot);
    await answered(url);
    connections.giveRequestsField(record);
    await answered(url);
    expect(seen).toEqual([
      [
        [true, undefined],
        [false, undefined],
      ],
      [
        [true, undefined],
        [true, undefined],
      ],
    ]);
  });

  it("gives it to this server's requests only, with two servers in one process", async () => {
    const field = Symbol('record');
    const firstSeen: unknown[][] = [];
    const secondSeen: unknown[][] = [];
    const first = await listening(fieldsSeen([field], firstSeen));
    const second = await listening(fieldsSeen([field], secondSeen));
    first.connections.giveRequestsField(field);
    await answered(first.url);
    await answered(second.url);
    expect([firstSeen, secondSeen]).toEqual([[[[true, undefined]]], [[[false, undefined]]]]);
  });
});
