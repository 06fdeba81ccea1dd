import { ERROR_KINDS } from '../errors.js';
import type { OpenApiDocument } from './openapi.js';
import { PROBLEM_CODES, PROBLEM_TYPES } from '../web/problem.js';

/**
 * The API guide for people (`/api/v1/docs`): one self-contained HTML page (no scripts, no
 * external styles or fonts), generated from the OpenAPI document, with one section per error
 * code: the Problem `type` links point at those anchors.
 */

type Json = Record<string, unknown>;

export function renderDocsPage(doc: OpenApiDocument): string {
  const info = doc.info as { title: string; version: string; summary: string; description: string };
  const server = (doc.servers as { url: string }[])[0]!.url;
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));
  const schemas = doc.components.schemas;

  const toc = [
    '<li><a href="#start">Quick start</a></li>',
    '<li><a href="#endpoints">Endpoints</a><ul>' + operations.map(({ path, method, operation }) => `<li><a href="#op-${esc(String(operation.operationId))}"><code>${method.toUpperCase()} ${esc(path)}</code></a></li>`).join('') + '</ul></li>',
    '<li><a href="#headers">Rate limits, caching, versioning</a></li>',
    '<li><a href="#schemas">Schemas</a></li>',
    '<li><a href="#errors">Errors</a><ul>' + PROBLEM_CODES.map((code) => `<li><a href="#${code}"><code>${code}</code></a></li>`).join('') + '</ul></li>',
  ].join('');

  const endpointSections = operations.map(({ path, method, operation }) => {
    const parameters = (operation.parameters as Json[] | undefined) ?? [];
    const responses = Object.entries(operation.responses as Record<string, Json>);
    return `<section class="op" id="op-${esc(String(operation.operationId))}">
<h3><span class="method">${method.toUpperCase()}</span> <code>${esc(path)}</code></h3>
<p><strong>${esc(String(operation.summary))}.</strong> ${paragraphs(String(operation.description ?? ''))}</p>
${parameters.length === 0 ? '' : `<table><thead><tr><th>parameter</th><th>in</th><th>required</th><th>type</th><th>meaning</th></tr></thead><tbody>${parameters
      .map((parameter) => `<tr><td><code>${esc(String(parameter.name))}</code></td><td>${esc(String(parameter.in))}</td><td>${parameter.required ? 'yes' : 'no'}</td><td>${typeText(parameter.schema as Json)}</td><td>${esc(String(parameter.description ?? ''))}</td></tr>`)
      .join('')}</tbody></table>`}
${operation.requestBody ? `<p>Body: ${schemaLink(((operation.requestBody as Json).content as Record<string, Json>)['application/json']!.schema as Json)} as <code>application/json</code>.</p>` : ''}
<table><thead><tr><th>status</th><th>answer</th></tr></thead><tbody>${responses.map(([status, response]) => `<tr><td>${status}</td><td>${responseText(response, doc)}</td></tr>`).join('')}</tbody></table>
<pre><code>${esc(example(server, method, path, operation))}</code></pre>
</section>`;
  });

  const schemaSections = Object.entries(schemas).map(([name, schema]) => {
    const properties = Object.entries((schema.properties as Record<string, Json> | undefined) ?? {});
    const required = new Set((schema.required as string[] | undefined) ?? []);
    return `<section id="schema-${esc(name)}"><h3>${esc(name)}</h3>${schema.description ? `<p>${esc(String(schema.description))}</p>` : ''}
<table><thead><tr><th>field</th><th>type</th><th>required</th><th>meaning</th></tr></thead><tbody>${properties
      .map(([field, property]) => `<tr><td><code>${esc(field)}</code></td><td>${typeText(property)}</td><td>${required.has(field) ? 'yes' : 'no'}</td><td>${esc(String(property.description ?? ''))}</td></tr>`)
      .join('')}</tbody></table></section>`;
  });

  const errorSections = PROBLEM_CODES.map((code) => {
    const kind = ERROR_KINDS[code];
    const sample = { type: `${server}/api/v1/docs#${code}`, title: kind.title, status: kind.status, detail: '…', instance: '/api/v1/…', code };
    return `<section class="error" id="${code}"><h3><code>${code}</code> <span class="status">${kind.status} ${esc(kind.title)}</span></h3>
<p><strong>When:</strong> ${esc(PROBLEM_TYPES[code].when)}</p><p><strong>What to do:</strong> ${esc(PROBLEM_TYPES[code].fix)}</p>
<pre><code>${esc(JSON.stringify(sample, null, 2))}</code></pre></section>`;
  });

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(info.title)} ${esc(info.version)}</title>
<meta name="description" content="${esc(info.summary)}">
<link rel="alternate" type="application/json" href="${esc(server)}/api/v1/openapi.json" title="OpenAPI (JSON)">
<link rel="alternate" type="application/yaml" href="${esc(server)}/api/v1/openapi.yaml" title="OpenAPI (YAML)">
<style>${STYLE}</style>
</head>
<body>
<header><h1>${esc(info.title)}</h1><p class="meta">API version ${esc(info.version)} · <a href="${esc(server)}/api/v1/openapi.json">OpenAPI JSON</a> · <a href="${esc(server)}/api/v1/openapi.yaml">OpenAPI YAML</a> · <a href="${esc(server)}/api/v1">API root</a></p></header>
<nav aria-label="Contents"><ol>${toc}</ol></nav>
<main>
<section id="about"><h2>About</h2>${paragraphs(info.description)}</section>
<section id="start"><h2>Quick start</h2>
<pre><code>${esc(QUICK_START(server))}</code></pre></section>
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

const QUICK_START = (server: string) => `curl '${server}/api/v1/search?q=analytics&lang=en&limit=3'
curl '${server}/api/v1/pages?lang=pl&limit=20'
curl '${server}/api/v1/page?url=/en/'
curl '${server}/api/v1/services?lang=en'
curl '${server}/api/v1/contact?lang=pl'
curl -X POST '${server}/api/v1/batch' -H 'content-type: application/json' \\
  -d '{"requests":[{"id":"s","path":"/api/v1/search?q=ga4"},{"path":"/api/v1/services?lang=en"}]}'`;

function example(server: string, method: string, path: string, operation: Json): string {
  if (method === 'post') return `curl -X POST '${server}${path}' -H 'content-type: application/json' -d '{"requests":[{"path":"/api/v1/search?q=ga4"}]}'`;
  const required = ((operation.parameters as Json[] | undefined) ?? []).filter((parameter) => parameter.required);
  const query = required.map((parameter) => `${String(parameter.name)}=${parameter.name === 'url' ? '/en/' : 'analytics'}`).join('&');
  return `curl -i '${server}${path}${query ? `?${query}` : ''}'`;
}

function responseText(response: Json, doc: OpenApiDocument): string {
  if (typeof response.$ref === 'string') {
    const code = response.$ref.split('/').pop()!;
    const resolved = (doc.components.responses as Record<string, Json>)[code]!;
    return `Problem <a href="#${esc(code)}"><code>${esc(code)}</code></a>: ${esc(String(resolved.description))}`;
  }
  const content = response.content as Record<string, Json> | undefined;
  const body = content ? Object.entries(content).map(([type, media]) => `${schemaLink(media.schema as Json)} (<code>${esc(type)}</code>)`).join(', ') : 'no body';
  const headers = Object.keys((response.headers as Json | undefined) ?? {});
  return `${esc(String(response.description))}: ${body}${headers.length ? `; headers ${headers.map((name) => `<code>${esc(name)}</code>`).join(', ')}` : ''}`;
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
  if (schema.type === 'array') return `array of ${typeText(schema.items as Json)}`;
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : String(schema.type ?? 'any');
  const bounds: string[] = [];
  if (schema.minimum !== undefined || schema.maximum !== undefined) bounds.push(`${String(schema.minimum ?? '')}–${String(schema.maximum ?? '')}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined) bounds.push(`${String(schema.minLength ?? 0)}–${String(schema.maxLength ?? '')} chars`);
  if (schema.default !== undefined) bounds.push(`default ${String(schema.default)}`);
  if (schema.format !== undefined) bounds.push(String(schema.format));
  return `${esc(type)}${bounds.length ? ` <span class="dim">(${esc(bounds.join(', '))})</span>` : ''}`;
}

function paragraphs(text: string): string {
  return text
    .split(/\n\s*\n|\n/)
    .filter((part) => part.trim() !== '')
    .map((part) => `<p>${esc(part)}</p>`)
    .join('');
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
code{background:var(--code);padding:.05rem .3rem;border-radius:3px}pre{background:var(--code);padding:.8rem 1rem;overflow-x:auto;border-radius:6px}pre code{padding:0}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem;font-size:.92rem}th,td{border:1px solid var(--line);padding:.35rem .5rem;text-align:left;vertical-align:top}
th{background:var(--code)}.method{display:inline-block;min-width:3.2rem;color:var(--accent)}.status{color:var(--muted);font-weight:normal;font-size:.95rem}
nav ol{columns:2;padding-left:1.2rem}nav ul{padding-left:1rem}section.op,section.error{scroll-margin-top:1rem}
`;
