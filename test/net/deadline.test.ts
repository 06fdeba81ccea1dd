import { describe, expect, it } from 'vitest';
import { Deadline } from '../../src/deadline.js';

describe('Deadline', () => {
  it('aborts with a TimeoutError when its time is up', async () => {
    const deadline = new Deadline(5);
    await new Promise((resolve) => deadline.signal.addEventListener('abort', resolve));
    expect(deadline.timedOut).toBe(true);
    expect((deadline.signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it('aborts with the parent\'s reason when a parent aborts first', () => {
    const parent = new AbortController();
    const deadline = new Deadline(60_000, [parent.signal]);
    parent.abort(new Error('shutting down'));
    expect(deadline.signal.reason).toEqual(new Error('shutting down'));
    expect(deadline.timedOut).toBe(false);
    deadline.dispose();
  });

  it('starts aborted when a parent already is', () => {
    const parent = new AbortController();
    parent.abort('gone');
    expect(new Deadline(60_000, [parent.signal, undefined]).signal.reason).toBe('gone');
  });

  it('leaves its parents alone once disposed', () => {
    const parent = new AbortController();
    const deadline = new Deadline(60_000, [parent.signal]);
    deadline.dispose();
    parent.abort();
    expect(deadline.signal.aborted).toBe(false);
  });
});

describe('timeouts in the code base', () => {
  it('never use AbortSignal.timeout or AbortSignal.any, which garbage collection can cancel (use Deadline)', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const path = await import('node:path');
    const root = path.join(import.meta.dirname, '../..');
    const offenders: string[] = [];
    for (const dir of ['src', 'tools']) {
      for (const file of await readdir(path.join(root, dir), { recursive: true })) {
        if (!file.endsWith('.ts')) continue;
        const text = await readFile(path.join(root, dir, file), 'utf8');
        if (/AbortSignal\.(timeout|any)\(/.test(text.replace(/^\s*(\/\/|\*).*$/gm, ''))) offenders.push(`${dir}/${file}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
