import { eld } from 'eld/extrasmall';

/** What the text itself says about its language. */
export interface TextLanguage {
  /** ISO 639-1 code, or undefined when the text is too short or too mixed to tell. */
  readonly language: string | undefined;
  /** How sure: the best language's score minus the runner-up's (0 to 1). */
  readonly margin: number;
  /** The score of each language the text could be, best first (the first five). */
  readonly scores: readonly (readonly [string, number])[];
  /** Letters read (a title alone is a few dozen; a page's body, hundreds). */
  readonly letters: number;
}

/** Fewer letters than this say nothing reliable, whatever the library answers. */
const MIN_LETTERS = 24;

/**
 * Identifies the language of a page's text with eld (Efficient Language Detector, its
 * 60-language n-gram database: made for short texts, knows Polish and English; see
 * docs/decisions/0123-language-identification.md). URLs and e-mail addresses are left out first.
 */
export function identifyLanguage(text: string): TextLanguage {
  const sample = text
    .replace(/\b(?:https?:\/\/|www\.)\S+/gi, ' ')
    .replace(/\S+@\S+\.\S+/g, ' ')
    .slice(0, 3000);
  const letters = (sample.match(/\p{L}/gu) ?? []).length;
  if (letters < MIN_LETTERS) return { language: undefined, margin: 0, scores: [], letters };
  const result = eld.detect(sample);
  const scores = Object.entries(result.getScores()).sort((a, b) => b[1] - a[1]);
  const margin = (scores[0]?.[1] ?? 0) - (scores[1]?.[1] ?? 0);
  const language = result.language !== '' && result.isReliable() ? result.language : undefined;
  return { language, margin, scores: scores.slice(0, 5), letters };
}

/**
 * The language most of a page is written in: each block of text (a paragraph, a list, a heading
 * with its words) identified on its own, its letters counted for its language. A chapter with a
 * translated introduction and untranslated sections is in the language of most of its text.
 */
export function identifyMajorityLanguage(blocks: readonly string[]): TextLanguage {
  const letters = new Map<string, number>();
  let total = 0;
  for (const block of blocks) {
    const found = identifyLanguage(block);
    total += found.letters;
    if (found.language !== undefined) letters.set(found.language, (letters.get(found.language) ?? 0) + found.letters);
  }
  const ranked = [...letters.entries()].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (best === undefined || total === 0) return { language: undefined, margin: 0, scores: [], letters: total };
  const share = (count: number | undefined) => (count ?? 0) / total;
  return {
    language: best[0],
    margin: share(best[1]) - share(second?.[1]),
    scores: ranked.slice(0, 5).map(([lang, count]) => [lang, share(count)] as const),
    letters: total,
  };
}

/** The language of a page's text, as the importer's decision reads it. */
export interface PageLanguage extends TextLanguage {
  /** The letters were counted paragraph by paragraph (a page of several blocks), not read as one text. */
  readonly byParagraph: boolean;
}

/**
 * The language of a page's text: paragraph by paragraph, the letters of each counted for its
 * language, on an even sample of a long page; a short page (or one no paragraph of which is
 * conclusive) is read whole, title included. Runs where the page is read (a reader thread), so
 * that the n-gram data is loaded there and not in the process that holds the import's results.
 */
export function identifyPageLanguage(title: string | undefined, markdown: string): PageLanguage {
  const blocks = evenSample(textBlocks(markdown), LANGUAGE_SAMPLE_CHARS);
  const whole = [title ?? '', ...blocks].join('. ');
  const identified = blocks.length > 1 ? identifyMajorityLanguage(blocks) : identifyLanguage(whole);
  if (identified.language === undefined) return { ...identifyLanguage(whole), byParagraph: false };
  return { ...identified, byParagraph: blocks.length > 1 };
}

/**
 * At most this many characters of a page's text are identified: blocks taken evenly from the
 * whole page, so a chapter whose second half is untranslated still counts as mostly in that
 * language. Identifying every block of a long page cost more time than reading it (bench/import.ts:
 * a 2,000-page import took 31-36 s with every block identified, 26 s with this sample).
 */
const LANGUAGE_SAMPLE_CHARS = 6_000;

/** Blocks spread evenly over the list, about `budget` characters in all; all of them when they fit. */
function evenSample(blocks: readonly string[], budget: number): string[] {
  const total = blocks.reduce((sum, block) => sum + block.length, 0);
  if (total <= budget) return [...blocks];
  const sample: string[] = [];
  const stride = total / budget;
  let taken = 0;
  let next = 0;
  let seen = 0;
  for (const block of blocks) {
    if (seen >= next && taken < budget) {
      sample.push(block);
      taken += block.length;
      next = seen + block.length * stride;
    }
    seen += block.length;
  }
  return sample;
}

/** The blocks of prose of a page's Markdown (paragraphs, list items, headings), without code, link targets or markup. */
function textBlocks(markdown: string): string[] {
  return markdown
    .replace(/```[^]*?```/g, '\n\n')
    .split(/\n{2,}/)
    .map((block) =>
      block
        .replace(/`[^`]*`/g, ' ')
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/[#>*_|\\-]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((block) => block !== '');
}
