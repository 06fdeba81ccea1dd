import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FixtureSite, RecordedRequest } from './fixture-site.js';
import { REPO_ROOT } from './paths.js';

/** One recorded response: its status, the headers that matter and the body file (see scripts/fixtures/mirror.ts). */
export interface MirrorEntry {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

export interface MirrorManifest {
  readonly origin: string;
  readonly tool: string;
  readonly script: string;
  readonly mirrored: string;
  readonly entries: Record<string, MirrorEntry>;
}

/** A response that replaces (or adds) one recorded entry: e.g. the sitemap answering 501. */
export interface MirrorOverride {
  readonly status: number;
  readonly headers?: Record<string, string>;
  readonly body?: string | Buffer;
}

/** The mirrors of real sites made by real tools: test/fixtures/sites/real/<name> (see its README.md). */
export const REAL_SITES = path.join(REPO_ROOT, 'test', 'fixtures', 'sites', 'real');

export function readMirrorManifest(dir: string): MirrorManifest {
  return JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as MirrorManifest;
}

const TEXTUAL = /^(text\/|application\/(.+\+)?(xml|json|javascript))|\+xml|\+json/;

/**
 * Serves a mirrored site on 127.0.0.1, port 0: every recorded path and query answers with its
 * recorded status, headers and body, the recorded origin replaced by this server's own
 * (in plain, JSON-escaped and percent-encoded form, as sites write it); anything not recorded
 * is a 404, like the real site's. Conditional requests get a 304 when the recorded ETag or
 * Last-Modified matches. `overlay` names a second mirror whose entries win (the same WordPress
 * with its sitemap answering 501: 'wordpress-sitemap-501'); `overrides` replace single entries.
 */
export async function startMirrorSite(
  nameOrDir: string,
  options: { overrides?: Record<string, MirrorOverride>; overlay?: string } = {},
): Promise<FixtureSite & { readonly manifest: MirrorManifest }> {
  const folderOf = (name: string) => (path.isAbsolute(name) ? name : path.join(REAL_SITES, name));
  const base = readMirrorManifest(folderOf(nameOrDir));
  // An overlay is a second mirror of the same site (same origin) whose entries win: its body paths are made relative to the base.
  const overlay = options.overlay === undefined ? undefined : readMirrorManifest(folderOf(options.overlay));
  const overlayEntries = Object.fromEntries(
    Object.entries(overlay?.entries ?? {}).map(([key, entry]) => [key, entry.body === undefined ? entry : { ...entry, body: path.relative(folderOf(nameOrDir), path.join(folderOf(options.overlay!), entry.body)) }]),
  );
  const manifest: MirrorManifest = { ...base, entries: { ...base.entries, ...overlayEntries } };
  const dir = folderOf(nameOrDir);
  const recorded = new URL(manifest.origin);
  const requests: RecordedRequest[] = [];
  const bodies = new Map<string, Buffer>();
  let substitute = (text: string) => text;

  const bodyOf = (entry: MirrorEntry): Buffer | undefined => {
    if (entry.body === undefined) return undefined;
    let body = bodies.get(entry.body);
    if (body === undefined) {
      body = readFileSync(path.join(dir, entry.body));
      if (TEXTUAL.test(entry.headers['content-type'] ?? '')) body = Buffer.from(substitute(body.toString('latin1')), 'latin1');
      bodies.set(entry.body, body);
    }
    return body;
  };

  const server = http.createServer((req, res) => {
    const key = req.url ?? '/';
    requests.push({ method: req.method ?? 'GET', path: key, headers: req.headers });
    const override = options.overrides?.[key];
    if (override !== undefined) {
      res.writeHead(override.status, { 'content-type': 'text/html; charset=UTF-8', ...override.headers });
      res.end(req.method === 'HEAD' ? undefined : override.body);
      return;
    }
    const entry = manifest.entries[key];
    if (entry === undefined) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Not found</title><h1>Not found</h1>');
      return;
    }
    const headers = Object.fromEntries(Object.entries(entry.headers).map(([name, value]) => [name, substitute(value)]));
    const notModified =
      entry.status === 200 &&
      ((req.headers['if-none-match'] !== undefined && req.headers['if-none-match'] === entry.headers.etag) ||
        (req.headers['if-none-match'] === undefined && req.headers['if-modified-since'] !== undefined && req.headers['if-modified-since'] === entry.headers['last-modified']));
    if (notModified) {
      res.writeHead(304, headers).end();
      return;
    }
    const body = bodyOf(entry);
    res.writeHead(entry.status, { ...headers, 'content-length': String(body?.length ?? 0) });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const host = `127.0.0.1:${port}`;
  // Latin-1 keeps every byte as one char, so non-UTF-8 pages (windows-1250) pass through unchanged.
  const forms: [string, string][] = [
    [recorded.host, host],
    [encodeURIComponent(recorded.host), encodeURIComponent(host)],
  ];
  substitute = (text) => forms.reduce((out, [from, to]) => out.split(from).join(to), text);
  return {
    origin,
    port,
    requests,
    manifest,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const BUILT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
};

/** Framework build outputs, committed as built: test/fixtures/sites/built/<name> (see its README.md). */
export const BUILT_SITES = path.join(REPO_ROOT, 'test', 'fixtures', 'sites', 'built');

/**
 * Serves a framework's build output (test/fixtures/sites/built/<name>/site, made by a script under
 * scripts/fixtures/) on 127.0.0.1, port 0, as a static host does: `/a/` is `a/index.html`, every
 * file has a strong ETag from its bytes (read on each request, so a test may change a file between
 * two imports) and answers 304 to it. With `spaFallback`, a path that is no file and has no
 * extension answers 200 with the root index.html, as a single-page application's server does
 * (Netlify's `/* /index.html 200`, nginx's `try_files $uri /index.html`); anything else is a 404.
 */
export async function startBuiltSite(nameOrDir: string, options: { spaFallback?: boolean } = {}): Promise<FixtureSite & { readonly root: string }> {
  const root = path.isAbsolute(nameOrDir) ? nameOrDir : path.join(BUILT_SITES, nameOrDir, 'site');
  const requests: RecordedRequest[] = [];
  const fileFor = (pathname: string): string | undefined => {
    const decoded = decodeURIComponent(pathname);
    const candidate = path.join(root, decoded.endsWith('/') ? `${decoded}index.html` : decoded);
    if (!candidate.startsWith(root + path.sep)) return undefined;
    try {
      readFileSync(candidate, { flag: 'r' });
      return candidate;
    } catch {
      return undefined;
    }
  };
  const server = http.createServer((req, res) => {
    const key = req.url ?? '/';
    requests.push({ method: req.method ?? 'GET', path: key, headers: req.headers });
    const pathname = new URL(key, 'http://localhost').pathname;
    const file = fileFor(pathname) ?? (options.spaFallback === true && path.extname(pathname) === '' ? path.join(root, 'index.html') : undefined);
    if (file === undefined) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Not found</title><h1>Not found</h1>');
      return;
    }
    const body = readFileSync(file);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`;
    const headers = { 'content-type': BUILT_TYPES[path.extname(file)] ?? 'application/octet-stream', etag };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    root,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
