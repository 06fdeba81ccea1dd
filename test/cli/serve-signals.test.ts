import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { exitOf, serveCli } from '../helpers/cli-server.js';
import { MINI_SITE, REPO_ROOT } from '../helpers/paths.js';

// `serve` runs on a worker thread (src/cli/serve-thread.ts); signals reach the process's main
// thread, which passes them on. These start the built server as `npm start` does.
describe('signals to serve, as `npm start` runs it', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('reloads the content on SIGHUP', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'scm-sighup-'));
    cpSync(MINI_SITE, dir, { recursive: true });
    const { child, url, stderr } = await serveCli({ CONTENT_DIR: dir });
    try {
      const page = path.join(dir, 'pages', 'en', 'signal-added.md');
      writeFileSync(page, '---\ntitle: Added before the signal\ndescription: A page written after the start and read on SIGHUP.\ntype: company\nlang: en\npath: /en/signal-added/\n---\n\n# Added before the signal\n\nIt is here.\n');
      const reloaded = new Promise<void>((resolve) => child.stderr!.on('data', () => stderr().includes('content reloaded') && resolve()));
      child.kill('SIGHUP');
      await reloaded;
      const answer = await fetch(`${url}/api/v1/search?q=${encodeURIComponent('Added before the signal')}`);
      expect(await answer.text()).toContain('Added before the signal');
    } finally {
      child.kill('SIGTERM');
      await exitOf(child);
    }
  });

  it('shuts down on SIGTERM with exit code 0, saying so in its log', async () => {
    const { child, stderr } = await serveCli();
    const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await closed).toBe(0);
    expect(stderr()).toContain('"msg":"shutting down"');
  });

  it('ends the process with the error and exit code 1 when the serving thread crashes', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'scm-crash-'));
    const thread = path.join(dir, 'crashing-thread.mjs');
    writeFileSync(thread, "setTimeout(() => { throw new Error('the serving thread failed'); }, 1);\n");
    const supervisor = path.join(dir, 'supervisor.ts');
    const module = path.join(REPO_ROOT, 'src', 'cli', 'serve-thread.ts');
    writeFileSync(supervisor, `import { serveOnThread } from ${JSON.stringify(module)};\nserveOnThread([], 'en', ${JSON.stringify(thread)});\n`);
    const child = spawn(process.execPath, ['--import', 'tsx', supervisor], { cwd: REPO_ROOT, env: { PATH: process.env.PATH ?? '' } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', (exitCode) => resolve(exitCode)));
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Error: the serving thread failed\n {4}at /);
  });
});
