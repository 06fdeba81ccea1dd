import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgress } from '../../src/cli/import-progress.js';

/** A terminal `columns` wide that keeps what is written to it. */
function terminal(columns: number): NodeJS.WriteStream & { text: () => string } {
  let written = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.toString();
      done();
    },
  }) as unknown as NodeJS.WriteStream & { text: () => string };
  Object.assign(stream, { isTTY: true, columns, cursorTo: () => true, clearLine: () => true, moveCursor: () => true, text: () => written });
  return stream;
}

/** The lines a terminal shows: escape sequences and carriage returns taken out. */
const shownLines = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b(\[[0-9;?]*[A-Za-z]|[78])/g, '\n')
    .split(/[\r\n]+/)
    .filter((line) => line.trim() !== '');

describe('the import progress bar', () => {
  for (const columns of [120, 80, 40, 24]) {
    it(`fits a terminal ${columns} columns wide`, () => {
      const stream = terminal(columns);
      const progress = createProgress(stream, 'en');
      progress.update({ found: 2000, fetched: 1234, written: 1200, skipped: 12, failed: 3 });
      progress.stop();
      const lines = shownLines(stream.text());
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.every((line) => line.length < columns)).toBe(true);
      expect(lines[0]).toMatch(/1249\/2000 pages/);
    });
  }

  it('shows every figure where there is room', () => {
    const stream = terminal(160);
    const progress = createProgress(stream, 'en');
    progress.update({ found: 10, fetched: 4, written: 4, skipped: 1, failed: 1 });
    progress.stop();
    expect(shownLines(stream.text())[0]).toMatch(/^importing \[.+\] 6\/10 pages \| fetched 4 \| failed 1 \| skipped 1 \| [\d.]+\/s \| ETA \d+s$/);
  });

  it('speaks Polish on a Polish terminal, with the forms and decimal comma Polish needs', () => {
    const stream = terminal(160);
    const progress = createProgress(stream, 'pl');
    progress.update({ found: 10, fetched: 4, written: 4, skipped: 1, failed: 1 });
    progress.stop();
    expect(shownLines(stream.text())[0]).toMatch(/^import \[.+\] 6\/10 stron \| pobrane 4 \| nieudane 1 \| pominięte 1 \| \d+,\d\/s \| pozostało \d+s$/);
  });

  it('writes plain lines in Polish where there is no terminal', () => {
    const stream = terminal(80);
    Object.assign(stream, { isTTY: false });
    const progress = createProgress(stream, 'pl');
    progress.update({ found: 2, fetched: 2, written: 2, skipped: 0, failed: 0 });
    progress.stop();
    expect(stream.text()).toBe('import: znaleziono 2, pobrano 2, zapisano 2, pominięto 0, nieudane 0\n');
  });
});
