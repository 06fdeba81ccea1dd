import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';
import { headingIds } from './sections.js';
import type { EventDetails, Lang, PageType } from './schema.js';

/** A page's metadata, as its front matter or HTML head gave it, validated. */
export interface PageFields {
  readonly path: string;
  readonly lang: Lang;
  readonly type: PageType;
  readonly title: string;
  readonly description: string;
  /** Path of the same page in the other language, when it exists. */
  readonly alternate: string | undefined;
  readonly published: string | undefined;
  readonly updated: string | undefined;
  /** Id of the pricing item this page offers. */
  readonly service: string | undefined;
  readonly city: string | undefined;
  readonly event: EventDetails | undefined;
  readonly author: string | undefined;
  /** Section headings (levels 2-6) as plain text, in document order. */
  readonly headings: readonly string[];
  /** The page only lists other pages (src/content/listing.ts): its front matter's `listing`, or found from its content. */
  readonly listing?: boolean | undefined;
  /** For a listing, the paths of the site's pages it lists. */
  readonly listed?: readonly string[] | undefined;
  /** The file it came from, relative to the content directory (for messages). */
  readonly source: string;
}

const NOTHING_LISTED: readonly string[] = Object.freeze([]);

/**
 * Bodies shorter than this many UTF-8 bytes are kept as they are: compressing them saves little
 * and costs a call into zlib on every read.
 */
const COMPRESS_FROM_BYTES = 512;

/**
 * One published page, as loaded and validated. Its Markdown is kept as UTF-8 bytes and decoded
 * when read: JavaScript keeps any text with a letter outside Latin-1 (Polish letters, €, –) as
 * two bytes per character. With `compress` (the loader asks for it on large sites) the bytes are
 * raw-deflated: the bodies of a 5,000-page site were 21 MB as UTF-8 and are 7.6 MB compressed,
 * and reading one back costs ~25-35 µs more for a 4 KB body.
 */
export class Page implements PageFields {
  readonly path: string;
  readonly lang: Lang;
  readonly type: PageType;
  readonly title: string;
  readonly description: string;
  readonly alternate: string | undefined;
  readonly published: string | undefined;
  readonly updated: string | undefined;
  readonly service: string | undefined;
  readonly city: string | undefined;
  readonly event: EventDetails | undefined;
  readonly author: string | undefined;
  readonly headings: readonly string[];
  readonly listing: boolean;
  readonly listed: readonly string[];
  readonly source: string;
  #headingIds: readonly string[] | undefined;
  /** The Markdown's UTF-8 bytes, raw-deflated when #compressed. */
  readonly #markdown: Buffer;
  readonly #compressed: boolean;
  readonly #markdownBytes: number;

  /**
   * `markdown` as text, or as another page keeps it (taken as it is, not copied).
   * `compress`: keep a body of COMPRESS_FROM_BYTES or more raw-deflated.
   */
  constructor(fields: PageFields, markdown: string | StoredMarkdown, options: { readonly compress?: boolean } = {}) {
    this.path = detached(fields.path);
    this.lang = fields.lang;
    this.type = detached(fields.type) as PageType;
    this.title = detached(fields.title);
    this.description = detached(fields.description);
    this.alternate = fields.alternate === undefined ? undefined : detached(fields.alternate);
    this.published = fields.published === undefined ? undefined : detached(fields.published);
    this.updated = fields.updated === undefined ? undefined : detached(fields.updated);
    this.service = fields.service === undefined ? undefined : detached(fields.service);
    this.city = fields.city === undefined ? undefined : detached(fields.city);
    this.event = fields.event === undefined ? undefined : detachedEvent(fields.event);
    this.author = fields.author === undefined ? undefined : detached(fields.author);
    this.headings = fields.headings.map(detached);
    this.listing = fields.listing === true;
    this.listed = this.listing && fields.listed !== undefined ? fields.listed.map(detached) : NOTHING_LISTED;
    this.source = detached(fields.source);
    if (markdown instanceof StoredMarkdown) {
      this.#markdown = markdown.bytes;
      this.#compressed = markdown.compressed;
      this.#markdownBytes = markdown.length;
      return;
    }
    const bytes = Buffer.from(markdown, 'utf8');
    this.#markdownBytes = bytes.length;
    this.#compressed = options.compress === true && bytes.length >= COMPRESS_FROM_BYTES;
    this.#markdown = this.#compressed ? ownCopy(deflateRawSync(bytes, ENDED_BY_FLUSH)) : bytes;
  }

  /**
   * One stable id per heading, at the same position: the `id` in HTML and the `#id` of deep
   * links. Made when first asked (a page shown or found with its sections) and kept: a large
   * site's pages that are never shown hold none (2.8 MB at 5,000 pages).
   */
  get headingIds(): readonly string[] {
    return (this.#headingIds ??= headingIds(this.headings));
  }

  /** Clean Markdown: no navigation, scripts, styles or forms. */
  get markdown(): string {
    return readStoredMarkdown(this.storedMarkdown);
  }

  /**
   * The Markdown as the page keeps it, for reading on another thread (`readStoredMarkdown`):
   * copying a few compressed bytes there costs less than decompressing and decoding them here.
   */
  get storedMarkdown(): StoredMarkdownBytes {
    return { bytes: this.#markdown, compressed: this.#compressed, length: this.#markdownBytes };
  }

  /** The same page without its alternate (one that names no page in the other language). */
  withoutAlternate(): Page {
    return new Page({ ...this, alternate: undefined }, new StoredMarkdown(this.#markdown, this.#compressed, this.#markdownBytes));
  }

  /** Length of the Markdown in UTF-8 bytes, without decoding it. */
  get markdownBytes(): number {
    return this.#markdownBytes;
  }

  /** Bytes the page holds for its Markdown (fewer than `markdownBytes` when compressed). */
  get storedMarkdownBytes(): number {
    return this.#markdown.length;
  }
}

/** A page's Markdown as the page keeps it: UTF-8 bytes, raw-deflated when `compressed`, `length` bytes once inflated. */
export interface StoredMarkdownBytes {
  readonly bytes: Uint8Array;
  readonly compressed: boolean;
  readonly length: number;
}

/**
 * A compressed body is a raw deflate stream ended by a sync flush rather than by a final block:
 * the bodies of several pages laid end to end are then one stream, which zlib inflates in one
 * call (see `readStoredMarkdownRun`). Each page's stream still starts afresh, so it is read alone
 * too. The flush costs 4 or 5 bytes a page.
 */
const ENDED_BY_FLUSH = { finishFlush: constants.Z_SYNC_FLUSH };

/** The text of a page's stored Markdown (`Page.storedMarkdown`). */
export function readStoredMarkdown({ bytes, compressed, length }: StoredMarkdownBytes): string {
  // Inflated into one buffer of the right size rather than zlib's 16 KB chunks: reading every
  // body of a large site (an index build) allocates a quarter as much.
  const utf8 = compressed ? inflateRawSync(bytes, { ...ENDED_BY_FLUSH, chunkSize: Math.max(64, length + 1) }) : bytes;
  return Buffer.from(utf8.buffer, utf8.byteOffset, utf8.byteLength).toString('utf8');
}

/**
 * Markdown inflated per zlib call when reading a run of bodies: zlib's setup for a call (~15 µs)
 * costs more than inflating a small body, while a buffer this size still comes from malloc's
 * heap rather than a mapping of its own (glibc maps from 128 KB by default).
 */
const RUN_BATCH_BYTES = 64 * 1024;

/** Stored bodies laid end to end: body i is `bytes` up to `ends[i]`, from the end of the one before (or `start`). */
export interface StoredMarkdownRun {
  readonly bytes: Uint8Array;
  readonly start: number;
  readonly ends: Uint32Array;
  /** 1 where body i is compressed. */
  readonly compressed: Uint8Array;
  /** UTF-8 bytes of body i once inflated. */
  readonly lengths: Uint32Array;
}

/**
 * Calls `visit` with the text of each body of the run, in order: the same texts as
 * `readStoredMarkdown` of each, with consecutive compressed bodies inflated together, up to
 * RUN_BATCH_BYTES of Markdown at a time. Reading the 5,000 bodies of a large site for an index
 * build took 115-145 ms one call per body, and takes about half that.
 */
export function readStoredMarkdownRun({ bytes, start, ends, compressed, lengths }: StoredMarkdownRun, visit: (markdown: string) => void): void {
  let from = start;
  for (let first = 0; first < ends.length; ) {
    if (compressed[first] !== 1) {
      visit(Buffer.from(bytes.buffer, bytes.byteOffset + from, ends[first]! - from).toString('utf8'));
      from = ends[first++]!;
      continue;
    }
    let end = first + 1;
    let size = lengths[first]!;
    while (end < ends.length && compressed[end] === 1 && size + lengths[end]! <= RUN_BATCH_BYTES) size += lengths[end++]!;
    const utf8 = inflateRawSync(bytes.subarray(from, ends[end - 1]), { ...ENDED_BY_FLUSH, chunkSize: Math.max(64, size + 1) });
    for (let at = 0; first < end; first++) {
      visit(utf8.toString('utf8', at, at + lengths[first]!));
      at += lengths[first]!;
    }
    from = ends[end - 1]!;
  }
}

/** A page's Markdown as another page keeps it (compressed or not), passed on without a copy. */
class StoredMarkdown {
  constructor(
    readonly bytes: Buffer,
    readonly compressed: boolean,
    readonly length: number,
  ) {}
}

/**
 * `bytes` in memory of their own. zlib returns a view of its 16 KB output chunk, and a small
 * `Buffer.from` copy lands in Node's shared 8 KB pool, where it would keep alive whatever else
 * was cut from the same slab (the loader's short-lived buffers).
 */
function ownCopy(bytes: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

/**
 * A copy of `text` that does not share memory with the string it was cut from. V8 keeps a
 * substring (from a YAML parser or a regular expression) as a slice of its parent, so a page
 * title would otherwise keep its whole source file alive for as long as the server runs.
 */
function detached(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/** The event's texts detached from their source file, like every other field. */
function detachedEvent(event: EventDetails): EventDetails {
  const location = 'online' in event.location ? event.location : { name: detached(event.location.name), address: detached(event.location.address) };
  return { ...event, start: detached(event.start), end: detached(event.end), location };
}
