import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { OPTIONS } from '../../src/config/options.js';
import { BUILT_CLI } from '../helpers/paths.js';

function cli(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [BUILT_CLI, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env }, input: '' });
}

describe('the command line', () => {
  it('prints its version', () => {
    const result = cli(['--version']);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('1.1.0\n');
  });

  it('prints help listing every option with its flag and variable', () => {
    const result = cli(['--help']);
    expect(result.status).toBe(0);
    for (const spec of Object.values(OPTIONS)) {
      expect(result.stdout).toContain(`--${spec.flag}`);
      expect(result.stdout).toContain(`[env ${spec.env}]`);
    }
  });

  it('refuses a wrong option value at start, naming it, with exit code 2', () => {
    const result = cli(['serve'], { PORT: 'eighty' });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('site-content-mcp: Invalid configuration:\n  - PORT (--port) must be a whole number from 0 to 65535; got "eighty"\n');
  });

  it('stops with one clear message when the content directory is missing (stdio)', () => {
    const result = cli([], { CONTENT_DIR: '/nonexistent' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^site-content-mcp: Cannot read the content directory \/nonexistent \(it does not exist\)\. Set --content-dir \/ CONTENT_DIR/);
    expect(result.stdout).toBe('');
  });

  it('stops with the same message when the content directory is missing (serve)', () => {
    const result = cli(['serve', '--port', '0'], { CONTENT_DIR: '/nonexistent' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Cannot read the content directory /nonexistent');
  });
});
