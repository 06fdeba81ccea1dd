/**
 * Embeds a JSON-LD object in HTML. A `<script>` element's text ends at the first `</script`
 * whatever JSON thinks, and `<!--` switches the tokenizer into a mode where `<script` nests, so
 * every `<`, `>` and `&` is written as a JSON escape. U+2028 and U+2029 are valid in JSON strings
 * but end lines in older JavaScript parsers, so they are escaped too. The result parses back to
 * the same value with JSON.parse.
 */
export function jsonLdScript(value: object): string {
  return `<script type="application/ld+json">${escapeForScript(JSON.stringify(value))}</script>`;
}

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

function escapeForScript(json: string): string {
  return json.replace(UNSAFE_IN_SCRIPT, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
