/**
 * Embeds a JSON-LD object in HTML as a `<script type="application/ld+json">` element. A script
 * element's text ends at the first `</script` whatever JSON thinks, and `<!--` switches the
 * tokenizer into a mode where `<script` nests, so `<`, `>` and `&` are written as JSON escapes
 * (and U+2028/2029, which end lines in older JavaScript parsers). The text parses back to the
 * same value. The site pages embed their JSON-LD with it, so there is one of it.
 */
export function jsonLdScript(value: object): string {
  return `<script type="application/ld+json">${jsonForScript(value)}</script>`;
}

/**
 * JSON for a `<script type="application/ld+json">` block. `<`, `>` and `&` become Unicode
 * escapes (still the same JSON), so no string in the data can close the script element or
 * open a comment; U+2028/2029 are escaped for older JavaScript parsers.
 */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
