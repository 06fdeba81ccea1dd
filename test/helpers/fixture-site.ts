import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from './paths.js';

/** A request as the fixture site received it. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
}

/** A canned answer, or a function that answers by hand (to stall, stream or redirect). */
export type Route =
  | { readonly status?: number; readonly headers?: Record<string, string>; readonly body?: string | Buffer }
  | ((req: http.IncomingMessage, res: http.ServerResponse) => void);

export interface FixtureSite {
  /** http://127.0.0.1:PORT or https://127.0.0.1:PORT (no trailing slash). */
  readonly origin: string;
  readonly port: number;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

const TLS_DIR = path.join(REPO_ROOT, 'test', 'fixtures', 'tls');
/** The throw-away loopback certificate (see test/fixtures/tls/README.md); scans trust it as `trustedCa`. */
export const FIXTURE_CA = readFileSync(path.join(TLS_DIR, 'loopback-cert.pem'), 'utf8');

export type Routes = Record<string, Route>;

/**
 * A website on loopback that plays "the outside world" for scan tests. Routes are matched on
 * the path with its query; anything else is a plain 404, like a real site without that file.
 * Routes may be built from the site's origin (for canonical URLs and sitemaps), and the site
 * can be served over https with the fixture certificate.
 */
export async function startFixtureSite(routesOrBuilder: Routes | ((origin: string) => Routes), options: { tls?: boolean } = {}): Promise<FixtureSite> {
  const requests: RecordedRequest[] = [];
  let routes: Routes = typeof routesOrBuilder === 'function' ? {} : routesOrBuilder;
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = req.url ?? '/';
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers });
    const route = routes[path];
    if (route === undefined) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Not found</title><h1>Not found</h1>');
      return;
    }
    if (typeof route === 'function') {
      route(req, res);
      return;
    }
    res.writeHead(route.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...route.headers });
    res.end(route.body ?? '');
  };
  const server = options.tls
    ? https.createServer({ key: readFileSync(path.join(TLS_DIR, 'loopback-key.pem')), cert: FIXTURE_CA }, handler)
    : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  if (typeof routesOrBuilder === 'function') routes = routesOrBuilder(origin);
  return {
    origin,
    port,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An HTML page with the given head and body, as a site would serve it. */
export function html(head: string, body: string, lang = 'en'): string {
  return `<!doctype html>\n<html lang="${lang}">\n<head>\n<meta charset="utf-8">\n${head}\n</head>\n<body>\n${body}\n</body>\n</html>\n`;
}

/**
 * A site that holds every request for its home page until `release()`, then answers at once: a
 * scan of it outlives any call budget, and the test decides when it ends.
 */
export async function startHeldSite(): Promise<{ site: FixtureSite; release: () => void }> {
  const held: http.ServerResponse[] = [];
  let open = false;
  const answer = (res: http.ServerResponse) => res.writeHead(200, { 'content-type': 'text/html' }).end(html('<title>Finally here</title>', '<main><h1>Hello</h1></main>'));
  const site = await startFixtureSite({
    '/': (_req, res) => {
      if (open) answer(res);
      else held.push(res);
    },
  });
  const release = () => {
    open = true;
    for (const res of held.splice(0)) answer(res);
  };
  return { site, release };
}
