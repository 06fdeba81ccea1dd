import { AppError } from '../errors.js';

/**
 * Turns page paths into the URLs we return, and the URLs, paths or Markdown addresses clients
 * give us back into page paths. Every URL we return starts with the public base URL; the site's
 * canonical origin is accepted on input too, since that is where people copy links from.
 */
export class SiteUrls {
  readonly #acceptedOrigins: ReadonlySet<string>;

  constructor(
    /** Origin used in every URL we return, e.g. https://miarka.example (no trailing slash). */
    readonly publicBaseUrl: string,
    siteUrl: string,
  ) {
    this.#acceptedOrigins = new Set([new URL(publicBaseUrl).origin, new URL(siteUrl).origin]);
  }

  /** Absolute URL of a path on this server (`/llms.txt`, `/api/v1/search`). */
  absolute(path: string): string {
    return this.publicBaseUrl + path;
  }

  pageUrl(pagePath: string): string {
    return this.publicBaseUrl + pagePath;
  }

  /** The page's Markdown address: the trailing slash becomes `.md` (`/pl/` → `/pl.md`, `/` → `/index.md`). */
  markdownUrl(pagePath: string): string {
    return this.publicBaseUrl + markdownPath(pagePath);
  }

  /**
   * The page path a client means by `reference`: a full URL on this site, a path starting with
   * `/`, or a Markdown address; query and fragment are ignored, a missing trailing slash is
   * forgiven. Throws `invalid-argument` for anything that cannot be a page of this site.
   */
  toPagePath(reference: string, field = 'url'): string {
    const trimmed = reference.trim();
    if (CONTROL_CHARACTERS.test(trimmed)) throw controlCharacters(field);
    let pathname: string;
    if (trimmed.startsWith('/') && !trimmed.startsWith('//')) {
      pathname = trimmed.replace(/[?#].*$/, '');
    } else {
      let url: URL;
      try {
        url = new URL(trimmed);
      } catch {
        throw new AppError('invalid-argument', `${field} must be a full URL of this site, a path starting with "/", or a page's .md address`, { field });
      }
      if (!this.#acceptedOrigins.has(url.origin)) {
        throw new AppError('invalid-argument', `${field} must point at this site (${[...this.#acceptedOrigins].join(' or ')}); other sites are not served`, { field });
      }
      pathname = url.pathname;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      throw new AppError('invalid-argument', `${field} has a broken percent-encoding`, { field });
    }
    // Checked again after decoding: %00 or %0D%0A must not reach a lookup or an error message.
    if (CONTROL_CHARACTERS.test(decoded)) throw controlCharacters(field);
    return pagePathFrom(decoded.normalize('NFC').toLowerCase());
  }
}

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

function controlCharacters(field: string): AppError {
  return new AppError('invalid-argument', `${field} contains control characters (also when percent-decoded); give a page URL or a path such as /pl/uslugi/`, { field });
}

export function markdownPath(pagePath: string): string {
  return pagePath === '/' ? '/index.md' : `${pagePath.slice(0, -1)}.md`;
}

/** `/pl/uslugi.md`, `/pl/uslugi` and `/pl/uslugi/` all mean `/pl/uslugi/`; `/index.md` means `/`. */
function pagePathFrom(pathname: string): string {
  let path = pathname.replace(/\/{2,}/g, '/');
  if (path === '/index.md') return '/';
  if (path.endsWith('/index.md')) path = path.slice(0, -'index.md'.length);
  else if (path.endsWith('.md')) path = `${path.slice(0, -3)}/`;
  else if (!path.endsWith('/')) path = `${path}/`;
  return path;
}
