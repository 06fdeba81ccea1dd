import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('./fast-objects-child.ts', import.meta.url));

/** What fast-objects-child.ts saw of the last request of each kind, served with these flags. */
async function objectsSeen(argv: readonly string[]): Promise<unknown> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', CHILD, ...argv], { timeout: 60_000 });
  return JSON.parse(stdout) as unknown;
}

const FAST = { request: true, response: true, socket: true };
const ALL_FAST = { started: FAST, ended: FAST };

/**
 * The server makes its requests and responses with constructors of its own (decision 0154), and
 * V8 sizes what a constructor makes from the constructors it inherits from: made without them in
 * view, a response outgrew its room and became a dictionary (decision 0155), and so did a
 * request once Express had added its own properties.
 */
describe('requests and responses V8 keeps as fast objects', () => {
  it('keeps every request, response and socket fast from start to end, with insights on', async () => {
    const seen = await objectsSeen(['--admin-token', 'admin-token-for-the-fast-objects-test-0123']);
    expect(seen).toEqual({ 'REST page': ALL_FAST, 'HTML page': ALL_FAST, 'Markdown page': ALL_FAST, 'MCP tool call': ALL_FAST, 'page not found': ALL_FAST });
  }, 70_000);

  it('keeps them fast with insights off', async () => {
    const seen = await objectsSeen(['--insights', 'off']);
    expect(seen).toEqual({ 'REST page': ALL_FAST, 'HTML page': ALL_FAST, 'Markdown page': ALL_FAST, 'MCP tool call': ALL_FAST, 'page not found': ALL_FAST });
  }, 70_000);
});
