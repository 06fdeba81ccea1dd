import { describe, expect, it } from 'vitest';
import { languageVersions } from '../../src/content/alternates.js';
import type { Page } from '../../src/content/page.js';
import type { Lang, SiteFile } from '../../src/content/schema.js';
import { SiteContent } from '../../src/content/site-content.js';
import { testPage } from '../helpers/pages.js';

function page(path: string, lang: Lang, alternate?: string): Page {
  return testPage({ path, lang, alternate, title: path, description: path, source: `${path}.md` }, '');
}

function site(...pages: Page[]): SiteContent {
  return new SiteContent({ languages: ['pl', 'en'], defaultLanguage: 'pl' } as SiteFile, pages);
}

const paths = (pages: readonly Page[]) => pages.map((version) => version.path);

describe('the language versions of a page', () => {
  it('are the page and the page it names, its own language first', () => {
    const pl = page('/pl/o-nas/', 'pl', '/en/about/');
    const en = page('/en/about/', 'en', '/pl/o-nas/');
    expect(paths(languageVersions(en, site(pl, en)))).toEqual(['/en/about/', '/pl/o-nas/']);
    expect(paths(languageVersions(pl, site(pl, en)))).toEqual(['/pl/o-nas/', '/en/about/']);
  });

  it('include a page that names this one even when this one names nothing (hreflang must be reciprocal)', () => {
    const pl = page('/pl/o-nas/', 'pl');
    const en = page('/en/about/', 'en', '/pl/o-nas/');
    expect(paths(languageVersions(pl, site(pl, en)))).toEqual(['/pl/o-nas/', '/en/about/']);
  });

  it('ignore an alternate that does not exist or is in the same language', () => {
    const pl = page('/pl/a/', 'pl', '/en/missing/');
    const other = page('/pl/b/', 'pl', '/pl/a/');
    expect(paths(languageVersions(pl, site(pl, other)))).toEqual(['/pl/a/']);
  });
});
