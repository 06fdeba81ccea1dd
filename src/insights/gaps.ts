/**
 * Content gaps: searches whose best result is weak or missing, kept as a normalised, redacted
 * question so that the same question asked many ways counts as one.
 */

/**
 * Below this relevance the best result is weak. The search's scores run from about 0 to 1.4;
 * a word found only in page bodies scores under 0.5 ("helicopter rental warsaw" 0.44, "do you
 * sell pizza" 0.04 on the sample site), a word in a page's title or headings 1 or more
 * ("server-side tagging price" 1.33, "kontakt" 1.35).
 */
export const WEAK_SCORE = 0.5;

export function isGap(results: number, bestScore: number | undefined): boolean {
  return results === 0 || bestScore === undefined || bestScore < WEAK_SCORE;
}

/** Runs of spaces, control and format characters (a zero-width space), written as one space. */
const SPACES = /[\s\p{Cc}\p{Cf}]+/gu;

/** Longest question kept, after redaction. */
const MAX_LENGTH = 120;

const EMAIL = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[^\s@<>()[\]"',;:]+/gu;
/** A phone number: seven or more digits with the separators people write (+48 601 234 567, (22) 555-01-02). */
const PHONE = /\+?\(?\d[\d\s().-]{5,}\d/gu;
const DIGIT = /\d/u;
/** Any run of five or more digits left (an order number, a PESEL, a card number). */
const DIGITS = /\d{5,}/gu;
/** Punctuation and spaces at either end ("GA4?" and "ga4" are one question); the redaction markers' brackets stay. */
const EDGE_PUNCTUATION = /^[\s.,;:!?¿¡"'„”“«»()…–—-]+|[\s.,;:!?¿¡"'„”“«»()…–—-]+$/gu;

/**
 * The question as it may be kept: e-mail addresses, phone numbers and long digit runs replaced
 * by a marker before anything else happens to the text.
 */
export function redactQuery(text: string): string {
  // Most questions hold no '@' and no digit: the patterns, which try every position, are skipped.
  const mailFree = text.includes('@') ? text.replace(EMAIL, '[e-mail]') : text;
  if (!DIGIT.test(mailFree)) return mailFree;
  return mailFree.replace(PHONE, (run) => (run.replace(/\D/g, '').length >= 7 ? '[phone]' : run)).replace(DIGITS, '[digits]');
}

/**
 * The form questions are grouped by: redacted, Unicode-normalised (NFKC), lower case, without
 * punctuation at either end, spaces collapsed, at most 120 characters. Empty when nothing is left.
 */
export function normaliseQuery(text: string): string {
  return normaliseQueryTelling(text).normalised;
}

/**
 * `normaliseQuery`, also telling whether redaction replaced anything: a question it left as it was
 * holds nothing that may not be kept, so its raw text may be remembered (Insights keeps the
 * normalised form of such questions, not to normalise them again when they come back).
 */
export function normaliseQueryTelling(text: string): { normalised: string; redacted: boolean } {
  const unicode = text.normalize('NFKC');
  const redacted = redactQuery(unicode);
  return { normalised: lowerCollapsed(redacted), redacted: redacted !== unicode };
}

function lowerCollapsed(text: string): string {
  return text
    // Polish lower case is Unicode's default lower case; naming the locale only sent every question through ICU.
    .toLowerCase()
    .replace(SPACES, ' ')
    .replace(EDGE_PUNCTUATION, '')
    .slice(0, MAX_LENGTH)
    .trim();
}

/**
 * The language of questions the client did not label, told when a report is built (eld, the
 * language identifier the importer uses, takes seconds to load: never on a request's path):
 * Polish or English when eld names one of them first, '' when it names another language or
 * nothing (a few words often look like several languages).
 */
export async function questionLanguages(questions: readonly string[]): Promise<Map<string, 'pl' | 'en' | ''>> {
  const found = new Map<string, 'pl' | 'en' | ''>();
  if (questions.length === 0) return found;
  const { eld } = await import('eld/extrasmall');
  for (const question of questions) {
    const language = eld.detect(question).language;
    found.set(question, language === 'pl' || language === 'en' ? language : '');
  }
  return found;
}
