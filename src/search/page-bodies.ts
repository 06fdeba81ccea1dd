import { sectionBounds } from '../content/sections.js';
import type { Lang } from '../content/schema.js';
import { BodyIndex } from './body-index.js';
import { bodyTermAnalyzer, foldsWordByWord, TermIds } from './text/body-terms.js';

/**
 * The body index of one language's pages, built from their Markdown in page order (a page's
 * ordinal is its position among the pages of its language). The same code builds it on this
 * thread and on the body thread.
 */
export function pageBodiesBuilder(lang: Lang): { add(markdown: string): void; finish(): BodyIndex } {
  const builder = BodyIndex.builder();
  const analyze = bodyTermAnalyzer(lang, builder.termId);
  // One buffer for every section's ids, emptied before each.
  const ids = new TermIds();
  return {
    add(markdown) {
      builder.startPage();
      const bounds = sectionBounds(markdown);
      const inPlace = foldsWordByWord(markdown);
      for (let at = 0; at < bounds.length; at += 2) {
        ids.count = 0;
        if (inPlace) analyze.words(markdown, bounds[at]!, bounds[at + 1]!, ids);
        else analyze(markdown.slice(bounds[at], bounds[at + 1]), ids);
        builder.addSection(at / 2, ids.ids, ids.count);
      }
    },
    finish: () => builder.finish(),
  };
}
