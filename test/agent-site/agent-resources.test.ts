import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { testContext } from '../helpers/context.js';
import { SAMPLE_SITE } from '../helpers/paths.js';

let ctx: AppContext;
const documentText = (path: string) => ctx.content.current().documents.find((document) => document.path === path)!.text;

beforeAll(async () => {
  ctx = await testContext(SAMPLE_SITE);
});
afterAll(async () => {
  await ctx?.close();
});

/** The lines of one `## ` section. */
function section(text: string, title: string): string[] {
  const start = text.indexOf(`\n## ${title}\n`);
  expect(start, title).toBeGreaterThan(-1);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end === -1 ? undefined : end).split('\n').filter((line) => line.startsWith('- '));
}

describe('llms.txt', () => {
  it.each([
    ['pl', 'Usługi (po polsku)'],
    ['en', 'Services (English)'],
  ] as const)('lists each %s service area followed by its own services, as the site file groups them', (lang, title) => {
    const listed = section(documentText('/llms.txt'), title).map((line) => /\]\(([^)]+)\)/.exec(line)![1]!);
    const expected = ctx.content.current().site.info.services.flatMap((group) => [group.area[lang]!, ...group.services.map((service) => service[lang]!)]).map((path) => ctx.content.current().urls.markdownUrl(path));
    const index = ctx.content.current().site.pages.find((page) => page.lang === lang && page.type === 'services_index')!;
    expect(listed).toEqual([ctx.content.current().urls.markdownUrl(index.path), ...expected]);
  });

  it('says the language of every link under Optional', () => {
    const lines = section(documentText('/llms.txt'), 'Optional');
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) {
      const url = /\]\(([^)]+)\)/.exec(line)![1]!;
      const lang = new URL(url).pathname.startsWith('/pl/') ? 'pl' : 'en';
      expect(line, url).toContain(`): (${lang === 'pl' ? 'po polsku' : 'English'}) `);
    }
  });
});

describe('pricing.md', () => {
  it('does not repeat a base price as its own row before a package with the same price', () => {
    const rows = documentText('/pricing.md').split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| ---'));
    expect(rows.filter((row) => row.startsWith('| Wdrożenie Google Analytics 4 |')).map((row) => row.split(' | ')[1])).toEqual(['Start', 'Biznes', 'E-commerce']);
    expect(rows.filter((row) => row.startsWith('| Google Analytics 4 implementation |')).map((row) => row.split(' | ')[1])).toEqual(['Start', 'Business', 'E-commerce']);
    // An item without packages keeps its one row, with the package cell empty (a dash).
    expect(rows.filter((row) => row.startsWith('| Google Tag Manager audit |')).map((row) => row.split(' | ')[1])).toEqual(['—']);
    // No service has two rows with one price and no package name between them.
    for (const row of rows.filter((line) => line.split(' | ')[1] === '—')) {
      const [service, , price] = row.split(' | ');
      expect(rows.filter((other) => other.startsWith(`${service} |`) && other.split(' | ')[2] === price), row).toHaveLength(1);
    }
  });
});
