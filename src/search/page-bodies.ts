import { sectionBounds } from '../content/sections.js';
import type { Lang } from '../content/schema.js';
import { BodyIndex } from './body-index.js';
import { bodyTermAnalyzer, TermIds } from './text/body-terms.js';

/**
 * The body index of one language's pages, built from their Markdown in page order (a page's
 * ordinal is its position among the pages of its language). The same code builds it on this
 * thread and on the body thread.
 */
export function pageBodiesBuilder(lang: Lang): { add(markdown: string): void; finish(): BodyIndex } {
  const builder = BodyIndex.builder();
  const analyze = bodyTermAnalyzer(lang, builder.termId);
  // One buffer for the ids of a page's sections, emptied before each page; section i's ids end
  // at ends[i]. A page is read whole before any of it is added: a character that must be
  // folded, wherever it is, sends the whole page to the slower analysis.
  const ids = new TermIds();
  const ends: number[] = [];
  return {
    add(markdown) {
      builder.startPage();
      const bounds = sectionBounds(markdown);
      ids.count = 0;
      ends.length = 0;
      for (let at = 0; at < bounds.length; at += 2) {
        if (!analyze.words(markdown, bounds[at]!, bounds[at + 1]!, ids)) break;
        ends.push(ids.count);
      }
      if (ends.length < bounds.length / 2) {
        ids.count = 0;
        ends.length = 0;
        for (let at = 0; at < bounds.length; at += 2) {
          analyze(markdown.slice(bounds[at], bounds[at + 1]), ids);
          ends.push(ids.count);
        }
      }
      ends.forEach((end, section) => builder.addSection(section, ids.ids, end, section === 0 ? 0 : ends[section - 1]));
    },
    finish: () => builder.finish(),
  };
}
