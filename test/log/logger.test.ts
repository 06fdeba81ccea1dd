import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log/logger.js';

describe('log lines', () => {
  it('carry direction controls from self-asserted text only as \\u escapes: the same value, shown inertly', () => {
    const raw: string[] = [];
    const logger = createLogger('info', { write: (line: string) => raw.push(line) });
    logger.info({ clientName: 'Evil\u202eppA' }, 'registered Evil\u2067ppA');
    expect(raw[0]).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    expect(raw[0]).toContain('Evil\\u202eppA');
    expect(JSON.parse(raw[0]!)).toMatchObject({ clientName: 'Evil\u202eppA', msg: 'registered Evil\u2067ppA' });
  });
});
