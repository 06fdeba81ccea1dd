import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { TextDecoder } from '@exodus/bytes/encoding.js';
import sniffHtmlEncoding from 'html-encoding-sniffer';
import sax from 'sax';
import { Deadline } from '../deadline.js';
import type { Fetcher } from '../net/fetcher.js';
import { message, type MessageLanguage } from '../messages/catalog.js';
import { describeFetchFailure } from './fetch-words.js';
import { sameSite } from './same-site.js';

/** Another language version of a page, from the sitemap's `<xhtml:link rel="alternate" hreflang>`. */
export interface SitemapAlternate {
  /** As the sitemap writes it (`pl`, `en-GB`, `x-default`). */
  readonly lang: string;
  readonly url: string;
}

/** One page a sitemap lists. */
export interface SitemapEntry {
  readonly url: string;
  /** `<lastmod>` as written; a re-sync skips a page whose lastmod has not changed. */
  readonly lastmod: string | undefined;
  /** Its language versions, as the sitemap states them (the page itself among them, usually). */
  readonly alternates: readonly SitemapAlternate[];
}

/**
 * What became of one sitemap file:
 * - `read`: read to its end, and it listed pages (or sitemaps);
 * - `empty`: read to its end, a sitemap that lists nothing;
 * - `partial`: reading stopped before its end (enough pages known, a size or time limit, the request broke off); `reason` says which;
 * - `failed`: no sitemap came back (an HTTP status other than 200, or the request failed);
 * - `not-sitemap`: something came back, but not a sitemap (an HTML page, not XML, another XML document);
 * - `not-read`: never requested (another site's address, nested too deep, a discovery limit reached first).
 */
export type SitemapStatus = 'read' | 'empty' | 'partial' | 'failed' | 'not-sitemap' | 'not-read';

export interface SitemapFileOutcome {
  readonly url: string;
  readonly status: SitemapStatus;
  /** `<url>` (or `<sitemap>`) elements read from it, kept or not. */
  readonly urls: number;
  /** The HTTP status, when the server answered something other than 200. */
  readonly httpStatus?: number;
  /** Plain words for anything but `read` and `empty`. */
  readonly reason?: string;
}

/** Why discovery stopped reading sitemaps before their end. */
export type DiscoveryStop = 'enough' | 'bytes' | 'time' | 'files';

/** What reading the sitemaps found, and how it went. */
export interface SitemapDiscovery {
  readonly entries: readonly SitemapEntry[];
  /** Every sitemap file tried or known of, in the order met (at most one more than the file limit). */
  readonly sitemaps: readonly SitemapFileOutcome[];
  /**
   * Every sitemap was read to its end (each `read` or `empty`): a page missing from `entries` is
   * missing from the site's sitemaps. False when any was partial, failed, not a sitemap or not
   * read, and when there was none at all.
   */
  readonly complete: boolean;
  /** Set when a discovery limit (or enough pages) stopped the reading. */
  readonly stopped?: DiscoveryStop;
}

/** The bounds of discovery; defaults in DISCOVERY_LIMITS, recorded in docs/import.md. */
export interface DiscoveryLimits {
  /** Uncompressed bytes per sitemap file (the sitemaps protocol's own limit is 50 MB). */
  readonly fileBytes: number;
  /** Uncompressed bytes over all sitemap files. */
  readonly totalBytes: number;
  /** Time for reading every sitemap. */
  readonly timeMs: number;
  /** Sitemap files requested. */
  readonly files: number;
  /** How deep sitemap indexes may nest. */
  readonly nesting: number;
}

export const DISCOVERY_LIMITS: DiscoveryLimits = {
  fileBytes: 50 * 1024 * 1024,
  totalBytes: 100 * 1024 * 1024,
  timeMs: 60_000,
  files: 200,
  nesting: 3,
};

export interface DiscoveryRequest {
  /** The sitemap URLs to start from (robots.txt's `Sitemap:` lines, else /sitemap.xml). */
  readonly start: readonly string[];
  /** The site's origin: only its page URLs are kept; sitemap files of the same site (www., https) are read, others are not. */
  readonly origin: string;
  /** Reading stops once this many pages are kept. */
  readonly want: number;
  /** Whether a page counts (the --include / --exclude patterns): pages that do not are neither kept nor counted. */
  readonly keep: (url: string) => boolean;
  /** Awaited before each request (politeness). */
  readonly beforeRequest: () => Promise<void>;
  readonly limits?: Partial<DiscoveryLimits>;
  /** The language of the outcomes' reasons (the terminal's, for the CLI); English when absent. */
  readonly lang?: MessageLanguage;
}

/** Longest `<loc>` / `<lastmod>` text kept; longer values are not URLs a site means. */
const MAX_FIELD_CHARS = 4096;
/** Alternates kept per page (a page in more languages than this is not one we can serve anyway), and over all pages (memory). */
const MAX_ALTERNATES = 50;
const MAX_ALTERNATES_TOTAL = 100_000;
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
/** How long sax lets a tag name or an attribute grow before it says so (its MAX_BUFFER_LENGTH, untyped in @types/sax). */
const SAX_BUFFER_BYTES = (sax as unknown as { MAX_BUFFER_LENGTH: number }).MAX_BUFFER_LENGTH;
const SITEMAP_ACCEPT = 'application/xml,text/xml;q=0.9,*/*;q=0.5';

/**
 * Reads sitemaps and sitemap indexes (nested, and gzip-compressed `.xml.gz`) as streams, with a
 * streaming XML parser (sax), so that memory stays bounded whatever a sitemap holds. Reading stops
 * as soon as `want` pages are known, and at the byte, time and file limits; a sitemap listed twice
 * (an index naming itself, a cycle) is read once. Every sitemap's outcome is reported, never thrown.
 */
export async function readSitemaps(fetcher: Fetcher, request: DiscoveryRequest): Promise<SitemapDiscovery> {
  const limits = { ...DISCOVERY_LIMITS, ...request.limits };
  const state: ReadState = { entries: new Map(), totalBytes: 0, alternates: 0, limits, request, stopped: undefined, lang: request.lang ?? 'en' };
  const outcomes: SitemapFileOutcome[] = [];
  // robots.txt may name thousands of sitemaps: the report lists as many as may be read, and one more that was not.
  const record = (outcome: SitemapFileOutcome) => {
    if (outcomes.length <= limits.files) outcomes.push(outcome);
  };
  const seen = new Set<string>();
  const deadline = new Deadline(limits.timeMs);
  let queue = request.start.map((url) => ({ url, depth: 0 }));
  try {
    while (queue.length > 0) {
      const next: typeof queue = [];
      for (const { url, depth } of queue) {
        if (seen.has(url)) continue;
        seen.add(url);
        const refusal = state.stopped !== undefined ? stopWords(state, state.stopped) : !sameSite(url, request.origin) ? message(state.lang, 'import.reason.sitemap.otherSite') : depth > limits.nesting ? message(state.lang, 'import.reason.sitemap.nested', { depth: limits.nesting }) : undefined;
        if (refusal !== undefined) {
          record({ url, status: 'not-read', urls: 0, reason: refusal });
          continue;
        }
        if (seen.size > limits.files) {
          state.stopped = 'files';
          record({ url, status: 'not-read', urls: 0, reason: stopWords(state, 'files') });
          continue;
        }
        await request.beforeRequest();
        const read = await readOne(fetcher, url, state, deadline.signal);
        record(read.outcome);
        for (const child of read.children) next.push({ url: child, depth: depth + 1 });
      }
      queue = next;
    }
  } finally {
    deadline.dispose();
  }
  const complete = outcomes.length > 0 && outcomes.every((outcome) => outcome.status === 'read' || outcome.status === 'empty');
  return { entries: [...state.entries.values()], sitemaps: outcomes, complete, ...(state.stopped === undefined ? {} : { stopped: state.stopped }) };
}

interface ReadState {
  readonly entries: Map<string, SitemapEntry>;
  totalBytes: number;
  alternates: number;
  readonly limits: DiscoveryLimits;
  readonly request: DiscoveryRequest;
  stopped: DiscoveryStop | undefined;
  readonly lang: MessageLanguage;
}

function stopWords(state: ReadState, stop: DiscoveryStop): string {
  return message(state.lang, 'import.reason.sitemap.stop', { stop });
}

/** One sitemap file, streamed through gunzip (when it is gzip) and the parser. */
async function readOne(fetcher: Fetcher, url: string, state: ReadState, timeUp: AbortSignal): Promise<{ outcome: SitemapFileOutcome; children: string[] }> {
  if (timeUp.aborted) state.stopped = 'time';
  if (state.stopped !== undefined) return { outcome: { url, status: 'not-read', urls: 0, reason: stopWords(state, state.stopped) }, children: [] };
  const parse = new SitemapParser(state);
  const outcome = await fetcher.fetch(url, {
    accept: SITEMAP_ACCEPT,
    raw: true,
    // The bytes on the wire (gzip or not) are at most what they decompress to: the file limit holds for both.
    maxBytes: state.limits.fileBytes,
    signal: timeUp,
    // The body is not read when the answer is not 200: `consume` is only called for the final response.
    beforeRedirect: (target) => (sameSite(target.href, state.request.origin) ? undefined : message(state.lang, 'import.reason.sitemap.otherSiteRedirect', { origin: target.origin })),
    consume: async (chunks, head) => {
      if (head.status === 200) await parse.consume(chunks, head.headers['content-type']);
    },
  });
  const urls = parse.count;
  if (!outcome.ok) {
    if (timeUp.aborted) {
      state.stopped = 'time';
      return { outcome: { url, status: urls > 0 ? 'partial' : 'not-read', urls, reason: stopWords(state, 'time') }, children: parse.children };
    }
    // Pages read before the request broke off (a reset, its own deadline) still count.
    return { outcome: { url, status: urls > 0 ? 'partial' : 'failed', urls, reason: message(state.lang, 'import.reason.sitemap.notFetched', { failure: describeFetchFailure(state.lang, outcome.failure) }) }, children: parse.children };
  }
  const { status } = outcome.response;
  if (status !== 200) return { outcome: { url, status: 'failed', urls: 0, httpStatus: status, reason: message(state.lang, 'import.reason.sitemap.httpStatus', { status: String(status) }) }, children: [] };
  if (parse.problem !== undefined) return { outcome: { url, status: parse.problem.status, urls, reason: parse.problem.reason }, children: parse.children };
  if (outcome.response.truncated) return { outcome: { url, status: 'partial', urls, reason: message(state.lang, 'import.reason.sitemap.tooLarge', { megabytes: Math.round(state.limits.fileBytes / 1024 / 1024), uncompressed: 'no' }) }, children: parse.children };
  if (parse.root === undefined) return { outcome: { url, status: 'not-sitemap', urls: 0, reason: message(state.lang, 'import.reason.sitemap.notXml') }, children: [] };
  return { outcome: { url, status: urls > 0 ? 'read' : 'empty', urls }, children: parse.children };
}

/** The sitemap XML of one file, fed as it arrives; keeps the entries that count and the child sitemaps of an index. */
class SitemapParser {
  root: 'urlset' | 'sitemapindex' | undefined;
  count = 0;
  readonly children: string[] = [];
  problem: { status: 'partial' | 'not-sitemap'; reason: string } | undefined;
  readonly #state: ReadState;
  readonly #parser = sax.parser(false, { xmlns: true, lowercase: true, trim: false, normalize: false });
  #field: 'loc' | 'lastmod' | undefined;
  #text = '';
  #item: { loc?: string; lastmod?: string; alternates: SitemapAlternate[] } | undefined;
  #fileBytes = 0;
  readonly #stack: string[] = [];

  constructor(state: ReadState) {
    this.#state = state;
    const parser = this.#parser;
    parser.onerror = (error) => {
      // sax keeps a tag or attribute whole until it ends: one longer than any sitemap needs ends the reading (memory).
      if (error.message.startsWith('Max buffer length exceeded')) {
        this.problem ??= { status: this.count > 0 ? 'partial' : 'not-sitemap', reason: message(this.#state.lang, 'import.reason.sitemap.longTag', { kilobytes: SAX_BUFFER_BYTES / 1024 }) };
      }
      // Sitemaps in the wild have stray `&` and the like: read on (the non-strict parser recovers).
      parser.error = null as unknown as Error;
      parser.resume();
    };
    parser.onopentag = (node) => this.#open(node as sax.QualifiedTag);
    parser.onclosetag = () => this.#close();
    parser.ontext = (text) => {
      if (this.#field !== undefined && this.#text.length < MAX_FIELD_CHARS) this.#text += text;
    };
    parser.oncdata = parser.ontext;
  }

  /** Reads the body until its end, a limit, or enough pages; never throws for what the body holds. */
  async consume(chunks: AsyncIterable<Uint8Array>, contentType: string | undefined): Promise<void> {
    const decoder = new StreamDecoder(contentType);
    const corrupt = () => {
      this.problem ??= { status: this.count > 0 ? 'partial' : 'not-sitemap', reason: message(this.#state.lang, 'import.reason.sitemap.brokenGzip') };
    };
    for await (const chunk of inflated(chunks, corrupt)) {
      const room = this.#state.limits.fileBytes - this.#fileBytes;
      const total = this.#state.limits.totalBytes - this.#state.totalBytes;
      const piece = chunk.byteLength > Math.min(room, total) ? chunk.subarray(0, Math.max(Math.min(room, total), 0)) : chunk;
      this.#fileBytes += piece.byteLength;
      this.#state.totalBytes += piece.byteLength;
      this.#parser.write(decoder.decode(piece));
      if (this.#done()) return;
      if (piece !== chunk) {
        if (total <= room) this.#state.stopped = 'bytes';
        this.problem = { status: 'partial', reason: total <= room ? stopWords(this.#state, 'bytes') : message(this.#state.lang, 'import.reason.sitemap.tooLarge', { megabytes: Math.round(this.#state.limits.fileBytes / 1024 / 1024), uncompressed: 'yes' }) };
        return;
      }
    }
    if (this.problem !== undefined) return;
    this.#parser.write(decoder.end());
    this.#parser.close();
  }

  #done(): boolean {
    if (this.problem !== undefined) return true;
    if (this.#state.entries.size >= this.#state.request.want) {
      this.#state.stopped = 'enough';
      this.problem = { status: 'partial', reason: stopWords(this.#state, 'enough') };
      return true;
    }
    return false;
  }

  #open(node: sax.QualifiedTag): void {
    const name = node.local;
    this.#stack.push(name);
    if (this.#stack.length === 1) {
      if (name === 'urlset' || name === 'sitemapindex') this.root = name;
      else this.problem = { status: 'not-sitemap', reason: name === 'html' ? message(this.#state.lang, 'import.reason.sitemap.htmlPage') : message(this.#state.lang, 'import.reason.sitemap.otherXml', { root: name.slice(0, 40) }) };
      return;
    }
    if (this.#stack.length === 2 && name === (this.root === 'urlset' ? 'url' : 'sitemap')) {
      this.#item = { alternates: [] };
    } else if (this.#item !== undefined && this.#stack.length === 3 && (name === 'loc' || name === 'lastmod')) {
      this.#field = name;
      this.#text = '';
    } else if (this.#item !== undefined && name === 'link' && node.uri === XHTML_NS) {
      const attribute = (local: string) => Object.values(node.attributes).find((candidate) => candidate.local.toLowerCase() === local)?.value.trim();
      const lang = attribute('hreflang');
      const href = attribute('href');
      if (attribute('rel')?.toLowerCase() === 'alternate' && lang && href && this.#item.alternates.length < MAX_ALTERNATES && this.#state.alternates < MAX_ALTERNATES_TOTAL) {
        const alternate = absoluteHttp(href);
        if (alternate !== undefined) this.#item.alternates.push({ lang: lang.slice(0, 35), url: alternate });
      }
    }
  }

  #close(): void {
    const name = this.#stack.pop();
    const item = this.#item;
    if (item === undefined) return;
    if (this.#field !== undefined && name === this.#field) {
      item[this.#field] = this.#text.trim();
      this.#field = undefined;
      return;
    }
    if (this.#stack.length !== 1) return;
    this.#item = undefined;
    this.count += 1;
    const loc = item.loc === undefined ? undefined : absoluteHttp(item.loc);
    if (loc === undefined) return;
    if (this.root === 'sitemapindex') {
      this.children.push(loc);
      return;
    }
    const { origin, keep, want } = this.#state.request;
    const { entries } = this.#state;
    if (entries.size >= want || new URL(loc).origin !== origin || entries.has(loc) || !keep(loc)) return;
    entries.set(loc, { url: loc, lastmod: item.lastmod || undefined, alternates: item.alternates });
    this.#state.alternates += item.alternates.length;
  }
}

/**
 * The language the sitemaps give each URL through hreflang (`xhtml:link`): a URL named as the
 * `pl` alternate of any listed page is in `pl`, whether or not it is listed itself. `x-default`
 * names no language. The first statement wins.
 */
export function sitemapLanguages(entries: readonly SitemapEntry[]): (url: string) => string | undefined {
  const languageOf = new Map<string, string>();
  for (const entry of entries) {
    for (const alternate of entry.alternates) {
      if (alternate.lang.toLowerCase() !== 'x-default' && !languageOf.has(alternate.url)) languageOf.set(alternate.url, alternate.lang);
    }
  }
  return (url) => languageOf.get(url);
}

/**
 * The body's bytes, gunzipped as they come when they are gzip (a `.xml.gz` file served as it is).
 * A gzip stream that is broken or breaks off calls `corrupt` and ends; a failure of the request
 * itself (its deadline, a reset) is thrown on, for the fetcher to report.
 */
async function* inflated(chunks: AsyncIterable<Uint8Array>, corrupt: () => void): AsyncGenerator<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done === true) return;
  async function* all(): AsyncGenerator<Uint8Array> {
    try {
      yield first.value;
      for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) yield next.value;
    } finally {
      await iterator.return?.();
    }
  }
  if (!(first.value[0] === 0x1f && first.value[1] === 0x8b)) {
    yield* all();
    return;
  }
  const gunzip = createGunzip({ chunkSize: 64 * 1024 });
  pipeline(Readable.from(all()), gunzip, () => {});
  try {
    for await (const chunk of gunzip) yield chunk as Buffer;
  } catch (error) {
    if (!/^Z_/.test(String((error as { code?: unknown }).code))) throw error;
    corrupt();
  } finally {
    gunzip.destroy();
  }
}

/** Text from the bytes as they come: the encoding of a BOM, else of the Content-Type charset, else UTF-8 (the sitemaps protocol's). */
class StreamDecoder {
  constructor(private readonly contentType: string | undefined) {}

  #head: Uint8Array[] = [];
  #headBytes = 0;
  #decoder: InstanceType<typeof TextDecoder> | undefined;

  decode(bytes: Uint8Array): string {
    if (this.#decoder !== undefined) return this.#decoder.decode(bytes, { stream: true });
    this.#head.push(bytes);
    this.#headBytes += bytes.byteLength;
    if (this.#headBytes < 4) return '';
    return this.#start();
  }

  end(): string {
    return (this.#decoder === undefined ? this.#start() : '') + (this.#decoder?.decode() ?? '');
  }

  #start(): string {
    const head = Buffer.concat(this.#head);
    this.#head = [];
    let decoder: InstanceType<typeof TextDecoder>;
    try {
      const label = /charset\s*=\s*["']?([\w.:-]+)/i.exec(this.contentType ?? '')?.[1];
      decoder = new TextDecoder(sniffHtmlEncoding(head, { xml: true, transportLayerEncodingLabel: label, defaultEncoding: 'UTF-8' }));
    } catch {
      decoder = new TextDecoder('utf-8');
    }
    this.#decoder = decoder;
    return decoder.decode(head, { stream: true });
  }
}

function absoluteHttp(value: string): string | undefined {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}
