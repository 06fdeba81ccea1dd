import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/load-config.js';
import { OPTIONS, type OptionSpec } from '../../src/config/options.js';

/** The refusal a start with these flags and variables gets, in `lang` (fails the test if it starts). */
function refusal(argv: string[], env: NodeJS.ProcessEnv, lang: 'pl' | 'en'): string {
  try {
    loadConfig(argv, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.inLanguage(lang);
    throw error;
  }
  throw new Error(`expected ${argv.join(' ')} to be refused`);
}

/** Whether this start is refused at all (some options take any text). */
function refused(argv: string[]): boolean {
  try {
    loadConfig(argv, {});
    return false;
  } catch (error) {
    return error instanceof ConfigError;
  }
}

const SPECS = Object.values(OPTIONS) as readonly OptionSpec[];
/** Values no option takes, or that only some refuse: empty, words, a control character, an out-of-range number. */
const WRONG = ['', 'not a value', 'x\u0001', '-5', '99999999999', '1s'];
/** Each option that refuses one of them, with the first it refuses. */
const CASES = SPECS.filter((spec) => !spec.bare).flatMap((spec) => {
  const value = WRONG.find((wrong) => refused([`--${spec.flag}=${wrong}`]));
  return value === undefined ? [] : [[`--${spec.flag}=${JSON.stringify(value)}`, [`--${spec.flag}=${value}`]] as const];
});

describe('a configuration error', () => {
  it.each(CASES)('says %s in our words in both languages, never in the schema validator\'s', (_, argv) => {
    const polish = refusal([...argv], {}, 'pl');
    const english = refusal([...argv], {}, 'en');
    expect(polish).toMatch(/^Nieprawidłowa konfiguracja:\n {2}- --[a-z-]+ \S/);
    expect(english).toMatch(/^Invalid configuration:\n {2}- --[a-z-]+ \S/);
    // zod's own wording starts with a capital ("Too small: …", "Invalid option: …"); ours never does.
    expect(`${polish}\n${english}`).not.toMatch(/- --[a-z-]+ (?:[A-Z]|.*(?:Too small|Invalid (?:input|option)|expected))/);
    expect(polish.split('\n')[1]).not.toBe(english.split('\n')[1]);
  });

  it('words an OpenTelemetry variable it cannot honour in the terminal\'s language, and keeps a key-bearing value out', () => {
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_HEADERS: 'no-equals-sign-s3cr3t' };
    expect(refusal([], env, 'pl')).toBe(
      'Nieprawidłowa konfiguracja:\n  - OTEL_EXPORTER_OTLP_HEADERS musi być parami klucz=wartość rozdzielonymi przecinkami (wartości zakodowane procentowo); wartości nie pokazujemy, bo może zawierać klucz',
    );
  });

  it('counts characters with the Polish plural forms', () => {
    expect(refusal(['--cursor-secret', 'short'], {}, 'pl')).toContain('--cursor-secret musi mieć co najmniej 32 znaki (');
    expect(refusal(['--admin-token', 'short'], {}, 'pl')).toContain('--admin-token musi mieć co najmniej 24 znaki (');
    expect(refusal(['--inquiry-subject-prefix', 'x'.repeat(61)], {}, 'pl')).toContain('--inquiry-subject-prefix może mieć najwyżej 60 znaków;');
  });

  it('keeps one stable code, whatever the language', () => {
    try {
      loadConfig(['--port', 'eighty'], {});
    } catch (error) {
      expect((error as ConfigError).code).toBe('invalid_configuration');
      return;
    }
    throw new Error('expected a refusal');
  });
});
