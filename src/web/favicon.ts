import type { Request, Response } from 'express';
import express from 'express';
import { representation, sendRepresentation } from './representation.js';

/**
 * The server's icon: a small SVG (three bars of a chart), named by every HTML page we serve (the
 * site's pages, the API guide, the consent page) and answered at `/favicon.ico` too, which
 * browsers ask for on their own, so that no page view costs a 404.
 */
export const FAVICON_PATH = '/favicon.svg';

const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
  '<rect width="32" height="32" rx="7" fill="#0b57d0"/>' +
  '<path fill="#fff" d="M7 19h4v6H7zM14 12h4v13h-4zM21 7h4v18h-4z"/>' +
  '</svg>';

/** The `<link>` that names the icon in a page's `<head>`. */
export const FAVICON_LINK = `<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">`;

const ICON = representation(FAVICON_SVG, 'image/svg+xml', {
  'Cache-Control': 'public, max-age=86400',
  'Access-Control-Allow-Origin': '*',
  'X-Content-Type-Options': 'nosniff',
});

export function faviconRoutes(): express.Router {
  const router = express.Router({ strict: true, caseSensitive: true });
  const send = (req: Request, res: Response) => sendRepresentation(req, res, ICON);
  router.get(FAVICON_PATH, send);
  router.get('/favicon.ico', send);
  return router;
}
