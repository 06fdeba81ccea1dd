import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { Insights } from '../../src/insights/insights.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { FixedClock } from '../helpers/clock.js';

/**
 * The HTTP edge hears the end of each response on Node's `http.server.response.finish` channel,
 * one subscription per insights instance, instead of a listener on every response.
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

describe('responses heard by insights', () => {
  it('hears each finished response once, however often it is asked to listen', async () => {
    const counting = insights();
    const heard: unknown[] = [];
    counting.listenForResponses((message) => heard.push(message));
    counting.listenForResponses((message) => heard.push(message));
    const url = await serverAnsweringOk();
    await askAndFinish(url);
    await askAndFinish(url);
    expect(heard).toHaveLength(2);
    await counting.close();
  });

  it('hears a response as it finishes, before anyone reads the counts', async () => {
    const counting = insights();
    const heard: unknown[] = [];
    counting.listenForResponses((message) => heard.push(message));
    await askAndFinish(await serverAnsweringOk());
    expect(heard).toHaveLength(1);
    await counting.close();
  });

  it('stops hearing responses once closed', async () => {
    const counting = insights();
    const heard: unknown[] = [];
    counting.listenForResponses((message) => heard.push(message));
    const url = await serverAnsweringOk();
    await askAndFinish(url);
    await counting.close();
    await askAndFinish(url);
    expect(heard).toHaveLength(1);
  });

  it('loses one count, not the process, when hearing a response fails', async () => {
    const logged: string[] = [];
    const counting = insights(logged);
    counting.listenForResponses(() => {
      throw new Error('reading failed');
    });
    expect(await askAndFinish(await serverAnsweringOk())).toBe('ok');
    expect(logged.join('')).toContain('insights: a response was not counted');
    await counting.close();
  });
});
