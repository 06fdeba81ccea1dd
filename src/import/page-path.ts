import { PAGE_PATH_PATTERN } from '../content/schema.js';

/** Letters the content format's paths cannot hold, written the way Polish and German URLs usually spell them. */
const TRANSLITERATION: Readonly<Record<string, string>> = {
  ą: 'a', ć: 'c', ę: 'e', ł: 'l', ń: 'n', ó: 'o', ś: 's', ź: 'z', ż: 'z', ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss',
};

/**
 * The content path for a page URL: the URL's path, decoded, lower case, transliterated, with
 * file extensions (`.html`, `.php`) dropped and every other character outside a-z, 0-9 and "-"
 * turned into "-", ending with "/". `/Oferta/Wdrożenie%20GA4.html` becomes `/oferta/wdrozenie-ga4/`.
 */
export function contentPathFor(url: string): string {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url).pathname);
  } catch {
    pathname = new URL(url).pathname;
  }
  const segments = pathname
    .split('/')
    .map((segment, index, all) => (index === all.length - 1 ? segment.replace(/\.(html?|php|aspx?|jsp)$/i, '').replace(/^index$/i, '') : segment))
    .map((segment) =>
      segment
        .toLowerCase()
        .normalize('NFC')
        .replace(/[ąćęłńóśźżäöüß]/g, (letter) => TRANSLITERATION[letter] ?? letter)
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter((segment) => segment !== '');
  const path = segments.length === 0 ? '/' : `/${segments.join('/')}/`;
  return PAGE_PATH_PATTERN.test(path) ? path : '/';
}
