/**
 * Evidence is text from the scanned site: untrusted data that ends up in front of a model and
 * in an e-mail. It is quoted, never interpreted (security.md D39): control characters are
 * dropped, invisible and direction-changing characters are shown as escapes (so hidden text
 * cannot hide), whitespace is collapsed, and every quote is short.
 */
export const EVIDENCE_MAX = 240;

const INVISIBLE = /[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

export function quote(text: string, max = EVIDENCE_MAX): string {
  const cleaned = text
    .replace(CONTROL, '')
    .replace(INVISIBLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.length <= max ? cleaned : `${cleaned.slice(0, max - 1)}…`;
}

export function headerEvidence(name: string, value: string | undefined): string {
  // An absent header is shown as a dash: language-neutral, and plainly not a value the site sent.
  return quote(`${name}: ${value ?? '—'}`);
}

export function lineEvidence(file: string, lineNumber: number, line: string): string {
  // file:line, as compilers and grep write it: the same in every report language.
  return quote(`${file}:${lineNumber}: ${line.trim()}`);
}

/** What a request got: "GET https://example.com/robots.txt -> HTTP 404", plus a detail such as a Location. */
export function statusEvidence(url: string, status: number, detail = ''): string {
  return quote(`GET ${url} -> HTTP ${status}${detail === '' ? '' : ` ${detail}`}`);
}
