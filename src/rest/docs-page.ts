import { ERROR_KINDS } from '../errors.js';
import { problemExample, type OpenApiDocument } from './openapi.js';
import { PROBLEM_CODES, PROBLEM_TYPES } from '../web/problem.js';
import { FAVICON_LINK } from '../web/favicon.js';

/**
 * The API guide for people (`/api/v1/docs`): one self-contained HTML page (no scripts, no
 * external styles or fonts), generated from the OpenAPI document, with one section per error
 * code: the Problem `type` links point at those anchors.
 */

type Json = Record<string, unknown>;

export function renderDocsPage(doc: OpenApiDocument): string {
  const info = doc.info as { title: string; version: string; summary: string; description: string };
  const server = (doc.servers as { url: string }[])[0]!.url;
  const docsUrl = String((doc.externalDocs as { url: string }).url);
  const tags = (doc.tags as { name: string; description: string }[] | undefined) ?? [];
  const tagOf = (operation: Json) => ((operation.tags as string[] | undefined) ?? [])[0] ?? '';
  // Operations grouped by their tag, in the document's tag order.
  const operations = Object.entries(doc.paths)
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })))
    .sort((a, b) => tags.findIndex((tag) => tag.name === tagOf(a.operation)) - tags.findIndex((tag) => tag.name === tagOf(b.operation)));
  const schemas = doc.components.schemas;
  // Mentions of this API's own addresses become links: an endpoint to its section, a URL to itself.
  const sections = new Map(operations.map(({ path, operation }) => [path, `#op-${String(operation.operationId)}`]));
  const prose = (text: string) => linkedText(text, sections);

  const toc = [
    '<li><a href="#start">Quick start</a></li>',
    '<li><a href="#authentication">Authentication</a></li>',
    '<li><a href="#endpoints">Endpoints</a><ul>' + operations.map(({ path, method, operation }) => `<li><a href="#op-${esc(String(operation.operationId))}"><code>${method.toUpperCase()} ${esc(path)}</code></a></li>`).join('') + '</ul></li>',
    '<li><a href="#headers">Rate limits, caching, versioning</a></li>',
    '<li><a href="#schemas">Schemas</a></li>',
    '<li><a href="#errors">Errors</a><ul>' + PROBLEM_CODES.map((code) => `<li><a href="#${code}"><code>${code}</code></a></li>`).join('') + '</ul></li>',
  ].join('');

  const endpointSections = operations.map(({ path, method, operation }, index) => {
    const tag = tags.find((candidate) => candidate.name === tagOf(operation));
    const heading = tag !== undefined && (index === 0 || tagOf(operations[index - 1]!.operation) !== tag.name) ? `<h3 class="tag" id="tag-${esc(tag.name.toLowerCase())}">${esc(tag.name)}</h3><p>${prose(tag.description)}</p>\n` : '';
    const parameters = (operation.parameters as Json[] | undefined) ?? [];
    const responses = Object.entries(operation.responses as Record<string, Json>);
    const sample = successExample(operation);
    return `${heading}<section class="op" id="op-${esc(String(operation.operationId))}">
<h4><span class="method">${method.toUpperCase()}</span> <code>${esc(path)}</code></h4>
<p><strong>${esc(sentence(String(operation.summary)))}</strong></p>${paragraphs(String(operation.description ?? ''), prose)}
${parameters.length === 0 ? '' : table('parameters', ['parameter', 'in', 'required', 'type', 'meaning'], parameters.map((parameter) => [`<code>${esc(String(parameter.name))}</code>`, esc(String(parameter.in)), parameter.required ? 'yes' : 'no', typeText(parameter.schema as Json), prose(String(parameter.description ?? ''))]))}
${operation.requestBody ? `<p>Body: ${schemaLink(((operation.requestBody as Json).content as Record<string, Json>)['application/json']!.schema as Json)} as <code>application/json</code>.</p>` : ''}
${table('answers', ['status', 'answer'], responses.map(([status, response]) => [status, responseText(response, doc, prose)]))}
${codeBlock(example(server, method, path, operation))}
${sample === undefined ? '' : `<details><summary>${typeof sample === 'string' ? 'The beginning of a real 200 answer' : 'A real 200 answer'} (from the sample site)</summary>${codeBlock(typeof sample === 'string' ? sample : JSON.stringify(sample, null, 2), 'answer')}</details>`}
</section>`;
  });

  const schemaSections = Object.entries(schemas).map(([name, schema]) => {
    return `<section id="schema-${esc(name)}"><h3>${esc(name)}</h3>${schema.description ? `<p>${prose(String(schema.description))}</p>` : ''}
${table('fields', ['field', 'type', 'required', 'meaning'], fieldRows(schema, '').map((row) => [`<code>${fieldPath(row.field)}</code>`, typeText(row.schema), row.required ? 'yes' : 'no', prose(String(row.schema.description ?? ''))]))}</section>`;
  });

  const errorSections = PROBLEM_CODES.map((code) => {
    const kind = ERROR_KINDS[code];
    const sample = problemExample(code, docsUrl);
    return `<section class="error" id="${code}"><h3><code>${code}</code> <span class="status">${kind.status} ${esc(kind.title)}</span></h3>
<p><strong>When:</strong> ${prose(PROBLEM_TYPES[code].when)}</p><p><strong>What to do:</strong> ${prose(PROBLEM_TYPES[code].fix)}</p>
${codeBlock(JSON.stringify(sample, null, 2), 'answer')}</section>`;
  });

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(info.title)} ${esc(info.version)}</title>
<meta name="description" content="${esc(info.summary)}">
${FAVICON_LINK}
<link rel="alternate" type="application/json" href="${esc(server)}/api/v1/openapi.json" title="OpenAPI (JSON)">
<link rel="alternate" type="application/yaml" href="${esc(server)}/api/v1/openapi.yaml" title="OpenAPI (YAML)">
<style>${STYLE}</style>
</head>
<body>
<header><h1>${esc(info.title)}</h1><p class="meta">API version ${esc(info.version)} · <a href="${esc(server)}/api/v1/openapi.json">OpenAPI JSON</a> · <a href="${esc(server)}/api/v1/openapi.yaml">OpenAPI YAML</a> · <a href="${esc(server)}/api/v1">API root</a></p></header>
<nav aria-label="Contents"><ol>${toc}</ol></nav>
<main>
<section id="about"><h2>About</h2>${paragraphs(info.description, prose)}</section>
<section id="start"><h2>Quick start</h2>
${codeBlock(QUICK_START(server))}</section>
${authenticationSection(server)}
<section id="endpoints"><h2>Endpoints</h2>${endpointSections.join('\n')}</section>
<section id="headers"><h2>Rate limits, caching, versioning</h2>
<ul>
<li><strong>Rate limit:</strong> every answer carries <code>RateLimit-Policy</code> (for example <code>"ip";q=120;w=60</code> without a token), <code>RateLimit</code> (requests left <code>r</code>, seconds to reset <code>t</code>), <code>X-RateLimit-Limit</code> and <code>X-RateLimit-Remaining</code>. The window is fixed: it starts with your first request and lasts 60 seconds. Over the limit the answer is 429 <a href="#rate-limited"><code>rate-limited</code></a> with <code>Retry-After</code>.</li>
<li><strong>Caching:</strong> GET answers carry <code>ETag</code> and <code>Cache-Control</code>; send the ETag back in <code>If-None-Match</code> and an unchanged answer is 304 without a body.</li>
<li><strong>Paging:</strong> <code>/api/v1/pages</code> returns <code>next_cursor</code> and a <code>Link: &lt;…&gt;; rel="next"</code> header while there is a next page. Cursors are opaque; a changed or foreign cursor is a 400.</li>
<li><strong>Parameters:</strong> each endpoint takes only the parameters listed; an unknown or repeated parameter is a 400 <a href="#invalid-parameter"><code>invalid-parameter</code></a> that names it.</li>
<li><strong>Versioning:</strong> within v1 changes are additive (ignore fields you do not know). A deprecation is announced with <code>Deprecation</code> (RFC 9745) and <code>Sunset</code> (RFC 8594) headers; neither is sent today unless configured.</li>
<li><strong>CORS:</strong> open (<code>Access-Control-Allow-Origin: *</code>); the headers above are exposed to browser scripts.</li>
</ul></section>
<section id="schemas"><h2>Schemas</h2>${schemaSections.join('\n')}</section>
<section id="errors"><h2>Errors</h2><p>Every 4xx and 5xx answer is <code>application/problem+json</code> (RFC 9457) with <code>type</code> (a link to the section below), <code>title</code>, <code>status</code>, <code>detail</code>, <code>instance</code> and <code>code</code>.</p>${errorSections.join('\n')}</section>
</main>
</body>
</html>
`;
}

/**
 * The Authentication section the unauthorized problem type points at: the three ways to an
 * access token, each as curl commands against this server.
 */
function authenticationSection(server: string): string {
  const resource = `${server}/api/v1`;
  const anonymous = `curl -s -X POST '${server}/agent/auth/' -H 'content-type: application/json' \\
  -d '{"type":"anonymous"}'
# {"registration_id":"reg_…","credential":"eyJ…","credential_expires":"…",
#  "identity_assertion":"eyJ…",…}
TOKEN=…   # the credential: an access token for 1 hour`;
  const assertion = `curl -s '${server}/oauth/token/' \\
  -d grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer \\
  -d assertion="$IDENTITY_ASSERTION" -d resource=${resource}
# {"access_token":"eyJ…","token_type":"Bearer","expires_in":3600,"scope":"site:read"}`;
  const code = `CLIENT_ID=$(curl -s '${server}/oauth/register/' -H 'content-type: application/json' \\
  -d '{"client_name": "My app", "redirect_uris": ["http://127.0.0.1:8765/callback"],
       "token_endpoint_auth_method": "none"}' \\
  | node -pe 'JSON.parse(require("fs").readFileSync(0)).client_id')
VERIFIER=$(openssl rand -base64 48 | tr '+/' '-_' | tr -d '=\\n')
CHALLENGE=$(printf %s "$VERIFIER" | openssl dgst -sha256 -binary | openssl base64 \\
  | tr '+/' '-_' | tr -d '=\\n')
# Send the person to this address; after Approve the browser lands on the callback with ?code=…
AUTHORIZE="${server}/oauth/authorize/?response_type=code&client_id=$CLIENT_ID"
AUTHORIZE="$AUTHORIZE&redirect_uri=http://127.0.0.1:8765/callback&state=xyz"
AUTHORIZE="$AUTHORIZE&code_challenge=$CHALLENGE&code_challenge_method=S256"
echo "$AUTHORIZE&resource=${resource}"
curl -s '${server}/oauth/token/' -d grant_type=authorization_code -d code="$CODE" \\
  -d code_verifier="$VERIFIER" -d client_id="$CLIENT_ID" \\
  -d redirect_uri=http://127.0.0.1:8765/callback
# {"access_token":"eyJ…","token_type":"Bearer","expires_in":3600,"scope":"site:read",
#  "refresh_token":"eyJ…"}`;
  const use = `curl -s '${resource}/identity' -H "authorization: Bearer $TOKEN"`;
  return `<section id="authentication"><h2>Authentication</h2>
<p>Every endpoint except <a href="#op-identity"><code>identity</code></a> works without a token. A bearer token (OAuth 2.1, scope <code>site:read</code>, a signed JWT) identifies the agent and raises the rate limit. Send it as <code>Authorization: Bearer &lt;token&gt;</code>. There are three ways to get one; the authorization server is described at <a href="${esc(server)}/.well-known/oauth-authorization-server"><code>/.well-known/oauth-authorization-server</code></a>.</p>
<h3 id="auth-anonymous">1. Anonymous registration (an agent on its own)</h3>
<p>One call gives an access token (<code>credential</code>, valid 1 hour) and an identity assertion (30 days).</p>
${codeBlock(anonymous)}
<h3 id="auth-assertion">2. A fresh access token for the identity assertion</h3>
<p>RFC 7523 <code>jwt-bearer</code>: repeat until the assertion expires, then register again.</p>
${codeBlock(assertion)}
<h3 id="auth-code">3. Authorization code with PKCE (a client acting for a person)</h3>
<p>Register the client, send the person to the confirmation screen, exchange the code. The refresh token is rotated on every <code>grant_type=refresh_token</code> call.</p>
${codeBlock(code)}
<h3 id="auth-use">Using the token</h3>
${codeBlock(use)}
<p>A token that is invalid or expired is never treated as anonymous: the answer is 401 <a href="#invalid-token"><code>invalid-token</code></a> with <code>WWW-Authenticate</code>. Without a token, <code>identity</code> answers 401 <a href="#unauthorized"><code>unauthorized</code></a>.</p></section>`;
}

/** A field of a schema as one row of its table; nested objects and array items get rows of their own (`requests[].path`). */
interface FieldRow {
  readonly field: string;
  readonly schema: Json;
  readonly required: boolean;
}

/** Every field of a schema, nested shapes written out whole rather than as "array of object". */
function fieldRows(schema: Json, prefix: string): FieldRow[] {
  const properties = Object.entries((schema.properties as Record<string, Json> | undefined) ?? {});
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return properties.flatMap(([name, property]) => {
    const field = `${prefix}${name}`;
    const rows: FieldRow[] = [{ field, schema: property, required: required.has(name) }];
    if (property.type === 'object' && property.properties !== undefined) rows.push(...fieldRows(property, `${field}.`));
    const items = property.items as Json | undefined;
    if (property.type === 'array' && items?.type === 'object' && items.properties !== undefined) rows.push(...fieldRows(items, `${field}[].`));
    return rows;
  });
}

/** The operation's example 200 answer, when the document has one. */
function successExample(operation: Json): unknown {
  const ok = (operation.responses as Record<string, Json>)['200'];
  const media = ok?.content === undefined ? undefined : Object.values(ok.content as Record<string, Json>)[0];
  const examples = media?.examples as Record<string, { value: unknown }> | undefined;
  return examples === undefined ? undefined : Object.values(examples)[0]?.value;
}

/** A summary or description as one sentence, without doubling its full stop. */
function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

const QUICK_START = (server: string) => `curl '${server}/api/v1/search?q=analytics&lang=en&limit=3'
curl '${server}/api/v1/pages?lang=pl&limit=20'
curl '${server}/api/v1/page?url=/en/'
curl '${server}/api/v1/services?lang=en'
curl '${server}/api/v1/contact?lang=pl'
curl -X POST '${server}/api/v1/batch' -H 'content-type: application/json' \\
  -d '{"requests": [{"id": "s", "path": "/api/v1/search?q=ga4"},
                    {"path": "/api/v1/services?lang=en"}]}'`;

function example(server: string, method: string, path: string, operation: Json): string {
  if (method === 'post') return `curl -X POST '${server}${path}' -H 'content-type: application/json' \\\n  -d '{"requests":[{"path":"/api/v1/search?q=ga4"}]}'`;
  const required = ((operation.parameters as Json[] | undefined) ?? []).filter((parameter) => parameter.required);
  const query = required.map((parameter) => `${String(parameter.name)}=${parameter.name === 'url' ? '/en/' : 'analytics'}`).join('&');
  return `curl -i '${server}${path}${query ? `?${query}` : ''}'`;
}

function responseText(response: Json, doc: OpenApiDocument, prose: (text: string) => string): string {
  if (typeof response.$ref === 'string') {
    const code = response.$ref.split('/').pop()!;
    const resolved = (doc.components.responses as Record<string, Json>)[code]!;
    return `Problem <a href="#${esc(code)}"><code>${esc(code)}</code></a>: ${prose(String(resolved.description))}`;
  }
  const content = response.content as Record<string, Json> | undefined;
  const body = content ? Object.entries(content).map(([type, media]) => `${schemaLink(media.schema as Json)} (<code>${esc(type)}</code>)`).join(', ') : 'no body';
  const headers = Object.keys((response.headers as Json | undefined) ?? {});
  return `${prose(String(response.description).replace(/[.]\s*$/, ''))}: ${body}${headers.length ? `; headers ${headers.map((name) => `<code>${esc(name)}</code>`).join(', ')}` : ''}`;
}

function schemaLink(schema: Json): string {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop()!;
    return `<a href="#schema-${esc(name)}">${esc(name)}</a>`;
  }
  return typeText(schema);
}

function typeText(schema: Json | undefined): string {
  if (!schema) return '';
  if (typeof schema.$ref === 'string') return schemaLink(schema);
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((value) => `<code>${esc(String(value))}</code>`).join(', ')}`;
  const variants = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (variants) return variants.map(typeText).join(' or ');
  const items = schema.items as Json | undefined;
  if (schema.type === 'array' && items?.type === 'object' && items.properties !== undefined) return `list <span class="dim">(each item's fields below)</span>`;
  if (schema.type === 'array') return `array of ${typeText(items)}`;
  if (schema.type === 'object' && typeof schema.additionalProperties === 'object') return `object: name → ${typeText(schema.additionalProperties as Json)}`;
  if (schema.type === 'object' && schema.properties !== undefined) return `object <span class="dim">(fields below)</span>`;
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : String(schema.type ?? 'any');
  const bounds: string[] = [];
  if (schema.minimum !== undefined || schema.maximum !== undefined) bounds.push(`${String(schema.minimum ?? '')}–${String(schema.maximum ?? '')}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined) bounds.push(`${String(schema.minLength ?? 0)}–${String(schema.maxLength ?? '')} characters`);
  if (schema.default !== undefined) bounds.push(`default ${String(schema.default)}`);
  if (schema.format !== undefined) bounds.push(String(schema.format));
  return `${esc(type)}${bounds.length ? ` <span class="dim">(${esc(bounds.join(', '))})</span>` : ''}`;
}

function paragraphs(text: string, prose: (text: string) => string): string {
  return text
    .split(/\n\s*\n|\n/)
    .filter((part) => part.trim() !== '')
    .map((part) => `<p>${prose(part)}</p>`)
    .join('');
}

/**
 * A table whose cells carry their column's name (`data-label`): on a phone each row is shown as
 * a short list of "column: value" lines instead of columns too narrow for their words.
 * Cells are already-safe HTML.
 */
function table(kind: string, columns: readonly string[], rows: readonly (readonly string[])[]): string {
  const head = columns.map((column) => `<th scope="col">${esc(column)}</th>`).join('');
  const body = rows.map((cells) => `<tr>${cells.map((cell, index) => `<td data-label="${esc(columns[index]!)}">${cell}</td>`).join('')}</tr>`).join('');
  return `<table class="${kind}"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/**
 * A code block. A command keeps its lines (they are copied as they are) and scrolls inside
 * itself when one is wider than the screen; the keyboard can reach it to scroll. An answer is
 * read rather than copied: its long lines wrap.
 */
function codeBlock(text: string, kind: 'command' | 'answer' = 'command'): string {
  return `<pre tabindex="0"${kind === 'answer' ? ' class="answer"' : ''}><code>${esc(text)}</code></pre>`;
}

/**
 * An address of this server, an endpoint path, or the guide's own Authentication section,
 * in a sentence of the OpenAPI document (which is plain text).
 */
const MENTION = /(https?:\/\/[^\s,;)"']*[^\s,;)"'.])|(\/api\/v1\/[a-z][a-z./]*[a-z])|(Authentication in the guide|see Authentication)/g;

/** Plain text as HTML, with its mentions of this API made links (endpoint paths lead to their section). */
function linkedText(text: string, sections: ReadonlyMap<string, string>): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(MENTION)) {
    const [whole, url, path, authentication] = match;
    const section = path === undefined ? undefined : sections.get(path);
    html += esc(text.slice(last, match.index));
    if (url !== undefined) html += `<a href="${esc(url)}">${esc(url)}</a>`;
    else if (section !== undefined) html += `<a href="${esc(section)}"><code>${esc(whole)}</code></a>`;
    else if (authentication !== undefined) html += `<a href="#authentication">${esc(whole)}</a>`;
    else html += `<code>${esc(whole)}</code>`;
    last = match.index + whole.length;
  }
  return html + esc(text.slice(last));
}

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const STYLE = `
:root{color-scheme:light dark;--fg:#1d2330;--bg:#fbfbfa;--muted:#5b6475;--line:#d9dce1;--accent:#0b5cad;--code:#f0f1f3}
@media (prefers-color-scheme:dark){:root{--fg:#e6e8ec;--bg:#15181d;--muted:#a0a8b6;--line:#2c313a;--accent:#74b0ff;--code:#1f242c}}
*{box-sizing:border-box}body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
header,main,nav{max-width:60rem;margin:0 auto;padding:0 1.25rem}header{padding-top:2rem}h1{font-size:1.9rem;margin:0 0 .25rem}
h2{margin-top:2.5rem;border-bottom:1px solid var(--line);padding-bottom:.3rem}h3{margin:1.75rem 0 .5rem}
.meta,.dim{color:var(--muted)}a{color:var(--accent)}code,pre{font:14px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
code{background:var(--code);padding:.05rem .3rem;border-radius:3px}pre{background:var(--code);padding:.8rem 1rem;overflow-x:auto;border-radius:6px;max-width:100%}pre code{padding:0}
pre.answer{white-space:pre-wrap;overflow-wrap:break-word}pre:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem;font-size:.92rem}th,td{border:1px solid var(--line);padding:.35rem .5rem;text-align:left;vertical-align:top}
th{background:var(--code)}.method{display:inline-block;min-width:3.2rem;color:var(--accent)}.status{color:var(--muted);font-weight:normal;font-size:.95rem}
nav ol{columns:2;padding-left:1.2rem}nav ul{padding-left:1rem}section.op,section.error{scroll-margin-top:1rem}
main,header,nav{overflow-wrap:break-word}td code{white-space:nowrap}details{margin:.5rem 0 1rem}summary{cursor:pointer}
h3.tag{font-size:1.35rem;margin-top:2rem}
@media (max-width:40rem){nav ol{columns:1}body{font-size:15px}
table,tbody,tr,td{display:block;width:100%}thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
tr{border:1px solid var(--line);border-radius:6px;margin:0 0 .5rem;padding:.25rem .5rem}td{border:0;padding:.15rem 0}
td::before{content:attr(data-label) ": ";color:var(--muted)}}
`;

/** A nested field's path (`content.lastReload.sync.keptPages[].reason`) may go to the next line after each dot, never inside a name. */
function fieldPath(field: string): string {
  return esc(field).replaceAll('.', '.<wbr>');
}
