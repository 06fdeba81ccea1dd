import { describe, expect, it } from 'vitest';
import { Page, readStoredMarkdownRun, type StoredMarkdownRun } from '../../src/content/page.js';
import { testPage } from '../helpers/pages.js';

/** A page whose body is kept compressed when long enough, as the loader makes them on a large site. */
function compressedPage(path: string, markdown: string, alternate?: string): Page {
  const page = testPage({ path, ...(alternate ? { alternate } : {}) }, markdown);
  return new Page(page, markdown, { compress: true });
}

/** A body long enough to be kept compressed, with text outside ASCII and outside the BMP. */
const LONG_BODY = [
  '# Wdrożenie GA4 – zgoda na cookies',
  '',
  ...Array.from({ length: 40 }, (_, line) => `Akapit ${line}: Zażółć gęślą jaźń, €3 900, „cudzysłów”, emoji 🚀, tab\there.`),
  '',
  '## Ostatnia sekcja',
  'Koniec.\r\nLinia z CRLF i spacją na końcu ',
].join('\n');

describe('a page body', () => {
  it('comes back byte for byte when it is long enough to be kept compressed', () => {
    const page = compressedPage('/pl/dlugi/', LONG_BODY);

    expect(page.storedMarkdownBytes).toBeLessThan(page.markdownBytes);
    expect(page.markdown).toBe(LONG_BODY);
    expect(Buffer.from(page.markdown, 'utf8').equals(Buffer.from(LONG_BODY, 'utf8'))).toBe(true);
  });

  it('counts its length in UTF-8 bytes of the text, not of what is stored', () => {
    const page = compressedPage('/pl/dlugi/', LONG_BODY);

    expect(page.markdownBytes).toBe(Buffer.byteLength(LONG_BODY, 'utf8'));
  });

  it('comes back byte for byte when it is short and kept as it is', () => {
    const body = '# Krótko\n\nŁódź 🚀';

    const page = compressedPage('/pl/krotki/', body);

    expect(page.storedMarkdownBytes).toBe(page.markdownBytes);
    expect(page.markdown).toBe(body);
  });

  it('is the same body on the copy of a page without its alternate', () => {
    const page = compressedPage('/pl/dlugi/', LONG_BODY, '/en/long/');

    const copy = page.withoutAlternate();

    expect(copy.alternate).toBeUndefined();
    expect(copy.markdown).toBe(LONG_BODY);
    expect(copy.markdownBytes).toBe(page.markdownBytes);
    expect(copy.storedMarkdownBytes).toBe(page.storedMarkdownBytes);
  });
});

/** The stored bodies of `pages` laid end to end after `lead` bytes of something else, as the body thread gets them. */
function runOf(pages: readonly Page[], lead = 0): StoredMarkdownRun {
  const stored = pages.map((page) => page.storedMarkdown);
  const bytes = Buffer.concat([Buffer.alloc(lead, 0xff), ...stored.map(({ bytes }) => bytes)]);
  const ends = new Uint32Array(pages.length);
  let at = lead;
  stored.forEach(({ bytes }, index) => (ends[index] = at += bytes.length));
  return { bytes, start: lead, ends, compressed: Uint8Array.from(stored, ({ compressed }) => (compressed ? 1 : 0)), lengths: Uint32Array.from(stored, ({ length }) => length) };
}

function readRun(run: StoredMarkdownRun): string[] {
  const texts: string[] = [];
  readStoredMarkdownRun(run, (markdown) => texts.push(markdown));
  return texts;
}

describe('a run of stored bodies', () => {
  it('reads back every body, compressed or kept as it is, in order', () => {
    const bodies = ['# Krótko\n\nŁódź 🚀', LONG_BODY, `${LONG_BODY}\n\nDopisek.`, '# Znowu krótko', LONG_BODY.toUpperCase(), ''];
    const pages = bodies.map((body, index) => compressedPage(`/pl/${index}/`, body));

    expect(pages.filter((page) => page.storedMarkdownBytes < page.markdownBytes)).toHaveLength(3);
    expect(readRun(runOf(pages, 7))).toEqual(bodies);
  });

  it('reads back bodies that are inflated together in several batches', () => {
    // ~200 KB of compressed bodies in a row: more than one batch of Markdown per zlib call.
    const bodies = Array.from({ length: 60 }, (_, index) => `${LONG_BODY}\n\nStrona ${index}: ${'ąę '.repeat(index * 50)}`);
    const pages = bodies.map((body, index) => compressedPage(`/pl/${index}/`, body));

    expect(readRun(runOf(pages))).toEqual(bodies);
  });

  it('reads back one body larger than a batch', () => {
    const body = Array.from({ length: 30 }, () => LONG_BODY).join('\n\n');
    const pages = [compressedPage('/pl/a/', LONG_BODY), compressedPage('/pl/duza/', body), compressedPage('/pl/b/', LONG_BODY)];

    expect(Buffer.byteLength(body)).toBeGreaterThan(64 * 1024);
    expect(readRun(runOf(pages))).toEqual([LONG_BODY, body, LONG_BODY]);
  });
});
