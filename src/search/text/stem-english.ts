/**
 * English stemming, delegated to the `stemmer` package (Martin Porter's 1980 algorithm, by
 * Titus Wormer of the unified/remark collective: ESM, typed, no dependencies).
 *
 * Why not Orama's own: @orama/orama 3.1.18 exports no stemmer function (it only sits inside
 * `tokenizer.createTokenizer({ stemming: true })`; `@orama/stemmers/english` is the same
 * code). That implementation drops the t or s before "-ion" through an operator-precedence
 * slip, so "attribution" → "attribu" but "attribute" → "attribut", "production" → "produc" but
 * "product" → "product", and it compiles its regular expressions on every call (about twice as
 * slow).
 */
import { stemmer } from 'stemmer';

/** Stems one folded English word: "services" → "servic", "implementation" → "implement". */
export function stemEnglish(word: string): string {
  return stemmer(word);
}
