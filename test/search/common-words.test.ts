/**
 * On a large site some words are on most pages (the company name in every title). Such words
 * do not pick candidates when the query has rarer words, and a query made only of them ranks
 * pages by where the words stand. Small sites are not affected (the quality tests cover them).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/content/page.js';
import { SearchIndex } from '../../src/search/search-index.js';
import { testPage } from '../helpers/pages.js';

function page(index: number, title: string, headings: string[] = []): Page {
  return testPage({ path: `/pl/strona-${index}/`, type: 'blog', title, headings });
}

/** 400 pages that all name the company; a few are about a topic. */
function largeSite(): SearchIndex {
  const pages = Array.from({ length: 400 }, (_, index) => page(index, `Artykuł numer ${index} – Miarka`, ['Kontakt z Miarka']));
  pages.push(page(400, 'Miarka'));
  pages.push(page(401, 'Wdrożenie GA4 – Miarka'));
  pages.push(page(402, 'Artykuł o czymś innym', ['Wdrożenie GA4 w sklepie']));
  return SearchIndex.build(pages);
}

describe('words found on most pages of a large site', () => {
  const index = largeSite();
  const paths = (text: string) => index.search({ text, limit: 3 }).map((hit) => hit.page.path);

  it('do not bury the pages that match the rarer words of the query', () => {
    expect(paths('Miarka wdrożenie')[0]).toBe('/pl/strona-401/');
  });

  it('rank a query made only of them by the title that is most nearly the query', () => {
    expect(paths('Miarka')[0]).toBe('/pl/strona-400/');
  });

  it('still find a page that holds the query words in a heading only', () => {
    expect(paths('wdrożenie ga4')).toEqual(expect.arrayContaining(['/pl/strona-401/', '/pl/strona-402/']));
  });
});
