import { describe, expect, it } from 'vitest';
import { Page } from '../../src/content/page.js';
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
