import { createHash } from 'node:crypto';
import { message } from '../messages/catalog.js';
import { FAVICON_LINK } from '../web/favicon.js';
import { withoutBidiControls } from '../text/bidi-controls.js';
import { bindSingleLetterWords, bindsSingleLetterWords } from '../text/typography.js';
import { CONSENT_TEXTS, type ConsentLanguage, type ConsentTexts } from './consent-texts.js';

/**
 * The two pages a person sees during the authorization code flow: the one confirmation screen
 * and the error page. Plain HTML with one inline stylesheet (allowed by its hash in the CSP),
 * no script, every interpolated value escaped.
 */

export interface ConsentPageInput {
  /** The page's language (`consentLanguage` chooses it from the request). */
  readonly lang: ConsentLanguage;
  readonly company: string;
  /** Self-asserted by the client; undefined when it gave none. */
  readonly clientName: string | undefined;
  readonly redirectUri: string;
  readonly consentToken: string;
  readonly formAction: string;
}

export interface Page {
  readonly html: string;
  /** CSP source for the inline stylesheet. */
  readonly styleSource: string;
}

const STYLE = `
:root { color-scheme: light dark; --fg: #1c1e21; --bg: #fff; --accent: #1f5f99; --muted: #545c68; --line: #d5dae1; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e7e9; --bg: #15171a; --accent: #2a6fb0; --muted: #b4bac3; --line: #3a3f47; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); display: grid; place-items: center; min-height: 100vh; padding: 1rem; }
main { max-width: 32rem; width: 100%; border: 1px solid var(--line); border-radius: 12px; padding: 1.75rem; }
h1 { font-size: 1.3rem; line-height: 1.3; margin: 0 0 1rem; }
p, ul { margin: 0 0 1rem; }
ul { padding-left: 1.2rem; }
.muted { color: var(--muted); font-size: 0.9rem; }
.target{ font-family: ui-monospace, SFMono-Regular, Menlo, monospace; overflow-wrap: anywhere; background: rgba(127,127,127,0.12); padding: 0.5rem 0.65rem; border-radius: 6px; display: block; }
.actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 8px; border: 1px solid var(--line); background: transparent; color: inherit; cursor: pointer; }
button.approve { background: var(--accent); border-color: var(--accent); color: #fff; }
button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
`;

const STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

function layout(lang: ConsentLanguage, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
${FAVICON_LINK}
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** Where the person will be sent, in words: the host for web addresses, the app scheme otherwise. */
export function describeDestination(redirectUri: string, texts: ConsentTexts = CONSENT_TEXTS.en): string {
  const url = new URL(redirectUri);
  if (url.protocol === 'https:' || url.protocol === 'http:') return url.host;
  return texts.appForScheme(url.protocol);
}

/**
 * The redirect URI as HTML, with a line-break opportunity (`<wbr>`) after each slash and before
 * each `?`, `&`, `=` and `#`: a long address wraps where its parts meet; the stylesheet breaks
 * inside a part (overflow-wrap: anywhere) only when one part alone is wider than the line.
 */
export function breakableAddress(address: string): string {
  return address
    .split(/(?<=\/)(?!\/)|(?=[?&=#])/)
    .map(escapeHtml)
    .join('<wbr>');
}

export function renderConsentPage(input: ConsentPageInput): Page {
  const texts = CONSENT_TEXTS[input.lang];
  // Self-asserted: without direction controls, and isolated (<bdi>) so that a right-to-left
  // name stays readable without reordering the heading around it.
  const client = input.clientName === undefined ? undefined : withoutBidiControls(input.clientName);
  const clientHtml = client === undefined ? texts.unnamedClient : `<bdi>${escapeHtml(client)}</bdi>`;
  const company = bindsSingleLetterWords(input.lang) ? bindSingleLetterWords(input.company) : input.company;
  const title = texts.title(client ?? texts.unnamedClient, company);
  const body = `<h1>${texts.heading(`<strong>${clientHtml}</strong>`, escapeHtml(company))}</h1>
<p>${texts.scope}</p>
<ul>
${texts.grants.map((grant) => `<li>${grant}</li>`).join('\n')}
</ul>
<p>${texts.limits}</p>
<p>${texts.sentTo(`<strong><bdi>${escapeHtml(withoutBidiControls(describeDestination(input.redirectUri, texts)))}</bdi></strong>`)}</p>
<p><bdi class="target">${breakableAddress(withoutBidiControls(input.redirectUri))}</bdi></p>
<p class="muted">${texts.warning}</p>
<form method="post" action="${escapeHtml(input.formAction)}">
<input type="hidden" name="consent" value="${escapeHtml(input.consentToken)}">
<div class="actions">
<button class="approve" type="submit" name="decision" value="approve">${texts.approve}</button>
<button type="submit" name="decision" value="deny">${texts.deny}</button>
</div>
</form>`;
  return { html: layout(input.lang, title, body), styleSource: STYLE_SOURCE };
}

/** Why an authorization request stops on our page (the catalogs' `oauth.error`); `detail` is a body failure's kind. */
export type ConsentFailure =
  | 'tooMany'
  | 'unavailable'
  | 'repeated'
  | 'noClientId'
  | 'unknownClient'
  | 'noRedirect'
  | 'redirectMismatch'
  | 'foreignOrigin'
  | 'incomplete'
  | 'expired'
  | 'noCookie'
  | 'answered'
  | 'unreadable';

/** The page that ends a request which cannot go back to the application, in the person's language. */
export function renderErrorPage(lang: ConsentLanguage, reason: ConsentFailure, detail = ''): Page {
  const words = (text: string) => escapeHtml(bindsSingleLetterWords(lang) ? bindSingleLetterWords(text) : text);
  const heading = message(lang, 'oauth.errorHeading', { reason });
  const body = `<h1>${words(heading)}</h1>
<p>${words(message(lang, 'oauth.error', { reason, detail: detail.replace(/-/g, '_') }))}</p>
<p class="muted">${words(message(lang, 'oauth.notSentBack'))}</p>`;
  return { html: layout(lang, heading, body), styleSource: STYLE_SOURCE };
}
