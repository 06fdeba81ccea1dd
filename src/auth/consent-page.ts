import { createHash } from 'node:crypto';
import { withoutBidiControls } from '../text/bidi-controls.js';

/**
 * The two pages a person sees during the authorization code flow: the one confirmation screen
 * and the error page. Plain HTML with one inline stylesheet (allowed by its hash in the CSP),
 * no script, every interpolated value escaped.
 */

export interface ConsentPageInput {
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
:root { color-scheme: light dark; --accent: #1f5f99; --muted: #5b6470; --line: #d5dae1; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; display: grid; place-items: center; min-height: 100vh; padding: 1rem; }
main { max-width: 32rem; width: 100%; border: 1px solid var(--line); border-radius: 12px; padding: 1.75rem; }
h1 { font-size: 1.3rem; line-height: 1.3; margin: 0 0 1rem; }
p, ul { margin: 0 0 1rem; }
ul { padding-left: 1.2rem; }
.muted { color: var(--muted); font-size: 0.9rem; }
.target { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; word-break: break-all; background: rgba(127,127,127,0.12); padding: 0.5rem 0.65rem; border-radius: 6px; display: block; }
.actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 8px; border: 1px solid var(--line); background: transparent; color: inherit; cursor: pointer; }
button.approve { background: var(--accent); border-color: var(--accent); color: #fff; }
button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
`;

const STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
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
export function describeDestination(redirectUri: string): string {
  const url = new URL(redirectUri);
  if (url.protocol === 'https:' || url.protocol === 'http:') return url.host;
  return `the app that handles ${url.protocol} links`;
}

export function renderConsentPage(input: ConsentPageInput): Page {
  // Self-asserted: without direction controls, and isolated (<bdi>) so that a right-to-left
  // name stays readable without reordering the heading around it.
  const client = input.clientName === undefined ? 'An application that gave no name' : withoutBidiControls(input.clientName);
  const title = `Allow ${client} to read ${input.company}'s website?`;
  const body = `<h1>Allow <strong><bdi>${escapeHtml(client)}</bdi></strong> to read ${escapeHtml(input.company)}'s published website?</h1>
<p>It will get a token for the scope <code>site:read</code>:</p>
<ul>
<li>search and read the pages, services and published prices that anyone can see;</li>
<li>a higher rate limit for its requests.</li>
</ul>
<p>It unlocks nothing that is not public, and no account or personal data is involved. The token is valid for one hour and can be renewed by the application.</p>
<p>After you choose, you will be sent to <strong><bdi>${escapeHtml(withoutBidiControls(describeDestination(input.redirectUri)))}</bdi></strong>:</p>
<p><bdi class="target">${escapeHtml(withoutBidiControls(input.redirectUri))}</bdi></p>
<p class="muted">The application chose its own name. If you did not start this from an application you trust, or the address above is not the one you expect, deny.</p>
<form method="post" action="${escapeHtml(input.formAction)}">
<input type="hidden" name="consent" value="${escapeHtml(input.consentToken)}">
<div class="actions">
<button class="approve" type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button>
</div>
</form>`;
  return { html: layout(title, body), styleSource: STYLE_SOURCE };
}

export function renderErrorPage(heading: string, message: string): Page {
  const body = `<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(message)}</p>
<p class="muted">You were not sent back to the application. Close this page and start again from the application.</p>`;
  return { html: layout(heading, body), styleSource: STYLE_SOURCE };
}
