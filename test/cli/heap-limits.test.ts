import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { exitOf } from '../helpers/cli-server.js';
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
