import http from 'node:http';
import type { AddressInfo } from 'node:net';

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
  /** http://127.0.0.1:PORT (no trailing slash). */
  readonly origin: string;
  readonly port: number;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A website on loopback that plays "the outside world" for scan tests. Routes are matched on
 * the path with its query; anything else is a plain 404, like a real site without that file.
 */
export async function startFixtureSite(routes: Record<string, Route>): Promise<FixtureSite> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
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
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
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
