import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { SERVE_THREAD_LIMITS } from '../../src/cli/serve-thread.js';
import { exitOf, serveCli } from '../helpers/cli-server.js';
import { BUILT_CLI, MINI_SITE } from '../helpers/paths.js';

describe('the published bin', () => {
  // Under search load V8's default young generation (16 MB semi-spaces) took the server from
  // 122 MB idle to a 268 MB peak; the bin caps it so memory under load stays near idle.
  it('starts node with the young generation capped when run as npx runs it, through its shebang', async () => {
    const child = spawn(BUILT_CLI, ['serve', '--port', '0'], { env: { PATH: process.env.PATH ?? '', CONTENT_DIR: MINI_SITE, LOG_LEVEL: 'info' } });
    try {
      await new Promise<void>((resolve, reject) => {
        let stderr = '';
        child.stderr!.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          if (stderr.includes('"msg":"listening"')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${stderr}`)));
      });
      const commandLine = (await readFile(`/proc/${child.pid}/cmdline`, 'utf8')).split('\0');
      expect(commandLine).toContain('--max-semi-space-size=2');
      expect(commandLine).toContain(BUILT_CLI);
    } finally {
      child.kill('SIGTERM');
      await exitOf(child);
    }
  });
});

describe('serve as `npm start` runs it (node without V8 flags)', () => {
  // `npm start` is `node dist/bin/main.js serve`: no shebang, so no flag. The server runs on a
  // worker thread whose heap is bounded, whichever way node was started.
  it('serves on a worker thread whose young generation is capped at 6 MB and old generation at 1,536 MB, with node started without flags', async () => {
    const { child, stderr } = await serveCli();
    try {
      const commandLine = (await readFile(`/proc/${child.pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
      expect(commandLine).toEqual([process.execPath, BUILT_CLI, 'serve', '--port', '0']);
      const line = await lineOf(child, stderr, 'serving on a worker thread');
      // V8 reports what it applied: the young generation rounded to its page sizes, the old generation as asked.
      expect(JSON.parse(line).resourceLimits).toMatchObject({ maxYoungGenerationSizeMb: SERVE_THREAD_LIMITS.maxYoungGenerationSizeMb, maxOldGenerationSizeMb: 1536 });
    } finally {
      child.kill('SIGTERM');
      await exitOf(child);
    }
  });
});

/** The first stderr line containing `text`, waiting for it if it has not been written yet. */
function lineOf(child: ChildProcess, stderr: () => string, text: string): Promise<string> {
  const found = () => stderr().split('\n').find((line) => line.includes(text));
  return new Promise((resolve, reject) => {
    const look = () => {
      const line = found();
      if (line === undefined) return false;
      child.stderr!.off('data', look);
      resolve(line);
      return true;
    };
    if (look()) return;
    child.stderr!.on('data', look);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before writing "${text}": ${stderr()}`)));
  });
}
