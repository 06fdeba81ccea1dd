import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILT_CLI, MINI_SITE } from '../helpers/paths.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'option-errors-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The built CLI under a terminal language, with nothing else in its environment but what the test gives. */
function cli(args: string[], lang: string, env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [BUILT_CLI, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: scratch, TMPDIR: scratch, LANG: lang, LOG_LEVEL: 'silent', ...env },
    input: '',
  });
}

/** A wrong option is refused in the terminal's language, with the same exit code as in English. */
describe('an option error at the terminal', () => {
  it('is Polish on a Polish terminal, with exit code 2 as under LANG=C', () => {
    const polish = cli(['import', 'https://www.example.com', '--out', path.join(scratch, 'out'), '--max-pages', '0'], 'pl_PL.UTF-8');
    const english = cli(['import', 'https://www.example.com', '--out', path.join(scratch, 'out'), '--max-pages', '0'], 'C');
    expect(polish.stderr).toBe('site-content-mcp: Nieprawidłowa konfiguracja:\n  - --max-pages musi być liczbą całkowitą od 1 do 50000; podano „0”\n');
    expect(english.stderr).toBe('site-content-mcp: Invalid configuration:\n  - --max-pages must be a whole number from 1 to 50000; got "0"\n');
    expect([polish.status, english.status]).toEqual([2, 2]);
  });

  it('suggests the closest flag in Polish for a mistyped one', () => {
    const result = cli(['serve', '--prot', '8080'], 'pl_PL.UTF-8');
    expect(result.stderr).toBe('site-content-mcp: Nieprawidłowa konfiguracja:\n  - nieznana opcja --prot: czy chodziło o --port? Uruchom z --help, aby zobaczyć opcje.\n');
    expect(result.status).toBe(2);
  });

  it('says what import is missing in Polish', () => {
    const result = cli(['import', 'https://www.example.com'], 'pl_PL.UTF-8');
    expect(result.stderr).toBe('site-content-mcp: Nieprawidłowa konfiguracja:\n  - import wymaga --out (IMPORT_OUT): katalogu treści, do którego zapisze stronę\n');
    expect(result.status).toBe(2);
  });

  it('found by serve on its worker thread is in the terminal\'s language too, with exit code 1 as under LANG=C', () => {
    // The signing key is read when the server starts, on its own thread (src/cli/serve-thread.ts).
    const env = { CONTENT_DIR: MINI_SITE, SIGNING_KEY: path.join(scratch, 'no-such-key.pem'), DATA_DIR: path.join(scratch, 'data') };
    const polish = cli(['serve', '--port', '0'], 'pl_PL.UTF-8', env);
    const english = cli(['serve', '--port', '0'], 'C', env);
    const file = env.SIGNING_KEY;
    expect(polish.stderr).toBe(
      `site-content-mcp: Nieprawidłowa konfiguracja:\n  - --signing-key / SIGNING_KEY nie jest ani kluczem JWK, ani kluczem PEM, ani plikiem, który da się odczytać (nie ma takiego pliku: ${file})\n`,
    );
    expect(english.stderr).toBe(`site-content-mcp: Invalid configuration:\n  - --signing-key / SIGNING_KEY is neither a JWK, a PEM key, nor a readable file (no such file: ${file})\n`);
    expect([polish.status, english.status]).toEqual([1, 1]);
  });
});
