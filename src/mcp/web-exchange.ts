import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';

/**
 * The web-standard `Request` the v2 SDK's HTTP serving takes, made from an Express request whose
 * JSON body was already parsed (it travels beside the Request as `parsedBody`, so no body is
 * copied). Aborted when the client goes away, which ends an exchange still in flight.
 */
export function webRequestOf(req: ExpressRequest, res: ExpressResponse): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'content-length' || name === 'content-encoding' || name === 'transfer-encoding') continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const abort = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) abort.abort();
  });
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.originalUrl}`, { method: req.method, headers, signal: abort.signal });
}

/** Writes a web-standard `Response` to Express: JSON in one piece, an event stream as it comes. */
export async function sendWebResponse(response: Response, res: ExpressResponse): Promise<void> {
  res.status(response.status);
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (response.body === null) {
    res.end();
    return;
  }
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    res.end(Buffer.from(await response.arrayBuffer()));
    return;
  }
  const reader = response.body.getReader();
  res.once('close', () => void reader.cancel().catch(() => undefined));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
  } catch {
    // The client went away mid-stream; nothing is left to send.
  }
  res.end();
}
