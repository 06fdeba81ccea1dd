import { jsonForScript } from '../agent-site/html-text.js';

/**
 * Embeds a JSON-LD object in HTML as a `<script type="application/ld+json">` element. A script
 * element's text ends at the first `</script` whatever JSON thinks, and `<!--` switches the
 * tokenizer into a mode where `<script` nests, so `<`, `>` and `&` are written as JSON escapes
 * (and U+2028/2029, which end lines in older JavaScript parsers). The text parses back to the
 * same value. The escaping is the site pages' own (`jsonForScript`), so there is one of it.
 */
export function jsonLdScript(value: object): string {
  return `<script type="application/ld+json">${jsonForScript(value)}</script>`;
}
