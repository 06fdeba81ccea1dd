import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_CLI, MINI_SITE } from '../helpers/paths.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'startup-errors-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The built CLI's `serve` under a terminal language; resolves with what it wrote on stderr and its exit code. */
function serve(args: string[], lang: string): Promise<{ stderr: string; status: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUILT_CLI, 'serve', ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: scratch, TMPDIR: scratch, LANG: lang, LOG_LEVEL: 'silent', DATA_DIR: path.join(scratch, 'data') },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (status) => resolve({ stderr, status }));
  });
}

/** Refusals found once serve runs (its options were accepted) are in the terminal's language, with the same exit code. */
describe('a start-up refusal after the options were accepted', () => {
  let taken: net.Server;
  let port: number;
  beforeAll(async () => {
    taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    port = (taken.address() as net.AddressInfo).port;
    return () => new Promise<void>((resolve) => taken.close(() => resolve()));
  });

  it('says a port in use in Polish on a Polish terminal, with exit code 1 as under LANG=C', async () => {
    const args = ['--content-dir', MINI_SITE, '--host', '127.0.0.1', '--port', String(port)];
    const [polish, english] = await Promise.all([serve(args, 'pl_PL.UTF-8'), serve(args, 'C')]);
    expect(polish.stderr).toBe(`site-content-mcp: nie można nasłuchiwać na 127.0.0.1:${port}: port jest już zajęty; wybierz inny port opcją --port / PORT (0 wybiera dowolny wolny)\n`);
    expect(english.stderr).toBe(`site-content-mcp: cannot listen on 127.0.0.1:${port}: the port is already in use; choose another port with --port / PORT (0 picks a free one)\n`);
    expect([polish.status, english.status]).toEqual([1, 1]);
  });

  it('says a metrics port in use in Polish on a Polish terminal, with exit code 1 as under LANG=C', async () => {
    const args = ['--content-dir', MINI_SITE, '--host', '127.0.0.1', '--port', '0', '--metrics-port', String(port)];
    const [polish, english] = await Promise.all([serve(args, 'pl_PL.UTF-8'), serve(args, 'C')]);
    expect(polish.stderr).toBe(`site-content-mcp: nie można udostępnić metryk na 127.0.0.1:${port}: port jest już zajęty; wybierz inny port opcją --metrics-port / METRICS_PORT (0 wybiera dowolny wolny)\n`);
    expect(english.stderr).toBe(`site-content-mcp: cannot serve metrics on 127.0.0.1:${port}: the port is already in use; choose another port with --metrics-port / METRICS_PORT (0 picks a free one)\n`);
    expect([polish.status, english.status]).toEqual([1, 1]);
  });

  it('says a content directory that does not load in Polish, with exit code 1 as under LANG=C', async () => {
    const dir = path.join(scratch, 'no-such-content');
    const args = ['--content-dir', dir, '--port', '0'];
    const [polish, english] = await Promise.all([serve(args, 'pl_PL.UTF-8'), serve(args, 'C')]);
    expect(polish.stderr).toBe(
      `site-content-mcp: Nie można odczytać katalogu treści ${dir} (nie istnieje). Wskaż w --content-dir / CONTENT_DIR katalog, w którym są site.yaml i pages/.\n`,
    );
    expect(english.stderr).toBe(`site-content-mcp: Cannot read the content directory ${dir} (it does not exist). Set --content-dir / CONTENT_DIR to a directory holding site.yaml and pages/.\n`);
    expect([polish.status, english.status]).toEqual([1, 1]);
  });
});
