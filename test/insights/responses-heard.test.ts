import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { Insights } from '../../src/insights/insights.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { FixedClock } from '../helpers/clock.js';

/**
 * The HTTP edge hears each request as it starts and each response as it ends on Node's
 * `http.server.request.start` and `http.server.response.finish` channels, one subscription each
 * per insights instance, instead of a layer of the app and a listener on every response.
 */
const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function serverAnsweringOk(): Promise<string> {
  const server = http.createServer((_req, res) => res.end('ok'));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** Asks `url` and waits until the server has finished its response (heard on the same channel, after insights). */
async function askAndFinish(url: string): Promise<string> {
  let finished!: () => void;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const onFinish = () => finished();
  subscribe('http.server.response.finish', onFinish);
  try {
    const text = await (await fetch(url)).text();
    await done;
    return text;
  } finally {
    unsubscribe('http.server.response.finish', onFinish);
  }
}

function insights(logged: string[] = []): Insights {
  const clock = new FixedClock();
  const logger = pino({ level: 'warn' }, { write: (line: string) => void logged.push(line) });
  return new Insights({ store: new MemoryStore(clock), clock, logger, retentionDays: 90, flushMs: 3_600_000 });
}

describe('requests and responses heard by insights', () => {
  it('hears each request as it starts and each response as it finishes, once, however often it is asked to listen', async () => {
    const counting = insights();
    const heard: string[] = [];
    counting.listenForHttp(() => heard.push('started'), () => heard.push('finished'));
    counting.listenForHttp(() => heard.push('started again'), () => heard.push('finished again'));
    const url = await serverAnsweringOk();
    await askAndFinish(url);
    await askAndFinish(url);
    expect(heard).toEqual(['started', 'finished', 'started', 'finished']);
    await counting.close();
  });

  it('hears a request before the server handles it, with the request, its socket and its server', async () => {
    const counting = insights();
    const order: string[] = [];
    let message: { request?: unknown; socket?: unknown; server?: unknown } = {};
    counting.listenForHttp(
      (started) => {
        order.push('started');
        message = started as typeof message;
      },
      () => order.push('finished'),
    );
    const server = http.createServer((req, res) => {
      order.push('handled');
      expect(message.request).toBe(req);
      expect(message.socket).toBe(req.socket);
      expect(message.server).toBe(server);
      res.end('ok');
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    await askAndFinish(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    expect(order).toEqual(['started', 'handled', 'finished']);
    await counting.close();
  });

  it('stops hearing requests and responses once closed', async () => {
    const counting = insights();
    const heard: string[] = [];
    counting.listenForHttp(() => heard.push('started'), () => heard.push('finished'));
    const url = await serverAnsweringOk();
    await askAndFinish(url);
    await counting.close();
    await askAndFinish(url);
    expect(heard).toEqual(['started', 'finished']);
  });

  it('loses one count, not the process, when hearing a response fails', async () => {
    const logged: string[] = [];
    const counting = insights(logged);
    counting.listenForHttp(
      () => undefined,
      () => {
        throw new Error('reading failed');
      },
    );
    expect(await askAndFinish(await serverAnsweringOk())).toBe('ok');
    expect(logged.join('')).toContain('insights: a response was not counted');
    await counting.close();
  });

  it('loses one request, not the process, when noting a request fails', async () => {
    const logged: string[] = [];
    const counting = insights(logged);
    counting.listenForHttp(
      () => {
        throw new Error('noting failed');
      },
      () => undefined,
    );
    expect(await askAndFinish(await serverAnsweringOk())).toBe('ok');
    expect(logged.join('')).toContain('insights: a request was not noted');
    await counting.close();
  });
});
