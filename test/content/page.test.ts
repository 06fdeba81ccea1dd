import { describe, expect, it } from 'vitest';
import { testPage } from '../helpers/pages.js';

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
    const page = testPage({ path: '/pl/dlugi/' }, LONG_BODY);

    expect(page.markdown).toBe(LONG_BODY);
    expect(Buffer.from(page.markdown, 'utf8').equals(Buffer.from(LONG_BODY, 'utf8'))).toBe(true);
  });

  it('counts its length in UTF-8 bytes of the text, not of what is stored', () => {
    const page = testPage({ path: '/pl/dlugi/' }, LONG_BODY);

    expect(page.markdownBytes).toBe(Buffer.byteLength(LONG_BODY, 'utf8'));
  });

  it('comes back byte for byte when it is short and kept as it is', () => {
    const body = '# Krótko\n\nŁódź 🚀';

    expect(testPage({ path: '/pl/krotki/' }, body).markdown).toBe(body);
  });

  it('is the same body on the copy of a page without its alternate', () => {
    const page = testPage({ path: '/pl/dlugi/', alternate: '/en/long/' }, LONG_BODY);

    const copy = page.withoutAlternate();

    expect(copy.alternate).toBeUndefined();
    expect(copy.markdown).toBe(LONG_BODY);
    expect(copy.markdownBytes).toBe(page.markdownBytes);
  });
});
