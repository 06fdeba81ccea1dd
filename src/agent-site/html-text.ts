/** Text and attribute values written into our own HTML templates. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * JSON for a `<script type="application/ld+json">` block. `<`, `>` and `&` become Unicode
 * escapes (still the same JSON), so no string in the data can close the script element or
 * open a comment; U+2028/2029 are escaped for older JavaScript parsers.
 */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
