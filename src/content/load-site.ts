import { readFileSync } from 'node:fs';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import type { z } from 'zod';
import { message, type MessageKey, type MessageLanguage, type MessageValue, type MessageValues } from '../messages/catalog.js';
import { WordedError, type Worded, type WordedDetail } from '../messages/worded-error.js';
import { splitFrontMatter } from './front-matter.js';
import { parseYaml } from './parse-yaml.js';
import type { HtmlPageReader } from './html-page.js';
import { detectListing } from './listing.js';
import { cleanMarkdown } from './markdown.js';
import { sectionHeadings } from './sections.js';
import { Page, type PageFields } from './page.js';
import { ASSET_NAME, ASSET_TYPES, pageMetaSchema, siteFileSchema, type Lang, type SiteFile } from './schema.js';
import { SiteContent, type SiteAsset } from './site-content.js';

/**
 * The content cannot be served at all: the start stops with this message, in the terminal's
 * language through `inLanguage(lang)` (paths, field names and the YAML parser's and schema's own
 * words as they are).
 */
export class ContentError extends WordedError {
  override readonly name = 'ContentError';

  constructor(key: MessageKey, values: MessageValues, details: readonly WordedDetail[] = []) {
    super('content_unloadable', { key, values }, details);
  }
}

/** Something was left out or looks wrong, but the rest of the site is served. */
export interface ContentWarning {
  /** File relative to the content directory. */
  readonly file: string;
  /** The field or reference at fault. */
  readonly field: string;
  /** In English (logs, and the validator's own words for a file that cannot be read). */
  readonly message: string;
  /** The catalogs' key and values, for a warning we word ourselves: `check` says it in the terminal's language. */
  readonly said?: { readonly key: MessageKey; readonly values: MessageValues };
}

/** A warning worded from the catalogs: English in `message`, any language through `warningText`. */
function warning(file: string, field: string, key: MessageKey, values: MessageValues = {}): ContentWarning {
  return { file, field, message: message('en', key, values), said: { key, values } };
}

/** A warning in `lang` where we word it; the validator's English otherwise. */
export function warningText(warning: ContentWarning, lang: MessageLanguage): string {
  return warning.said === undefined ? warning.message : message(lang, warning.said.key, warning.said.values);
}

export interface LoadedSite {
  readonly site: SiteContent;
  readonly warnings: readonly ContentWarning[];
}

export interface LoadOptions {
  /**
   * Read the page files synchronously. For a start, where nothing else is waiting for the event
   * loop: a synchronous read of a small file costs a third of a promise-based one (open, stat,
   * read and close each a trip through the thread pool), which was a tenth of a stdio cold start.
   * A reload while serving leaves it off, so that requests keep being answered between reads.
   */
  readonly blocking?: boolean;
}

/** How this load reads each page file and keeps its body. */
interface PageReading {
  readonly blocking: boolean;
  readonly compress: boolean;
}

const SITE_FILE = 'site.yaml';
/** Page files read at once: enough to keep the disk busy, few enough to bound memory. */
const READ_CONCURRENCY = 16;
const PAGES_DIR = 'pages';
/**
 * From this many page files on, page bodies are kept compressed: at 5,000 pages that is 13 MB
 * less memory; on a small site it would only add ~30 µs to every read of a page.
 */
export const COMPRESS_BODIES_FROM_PAGES = 500;

/**
 * Loads and validates a content directory. Broken pages are skipped with a warning; a missing
 * directory, a broken site file or two pages with one path stop the load with a ContentError.
 */
export async function loadSite(contentDir: string, options: LoadOptions = {}): Promise<LoadedSite> {
  const root = await resolveRoot(contentDir);
  const warnings: ContentWarning[] = [];
  const siteFile = await readSiteFile(root);
  const origins = [new URL(siteFile.siteUrl).origin];

  // The HTML converter is loaded only for sites that have HTML pages.
  let htmlReader: Promise<HtmlPageReader> | undefined;
  const readHtml = () => (htmlReader ??= import('./html-page.js').then(({ createHtmlPageReader }) => createHtmlPageReader(origins)));
  const files = await listPageFiles(root, path.join(root, PAGES_DIR));
  const reading: PageReading = { blocking: options.blocking === true, compress: files.length >= COMPRESS_BODIES_FROM_PAGES };
  // Files are read a few at a time rather than one after another (waiting on each read was a
  // fifth of a cold start), and taken in path order so that warnings and clashes are stable.
  const limit = pLimit(READ_CONCURRENCY);
  const read = await Promise.all(
    files.map((file) =>
      limit(async () => {
        const fileWarnings: ContentWarning[] = [];
        return { page: await readPage(root, file, readHtml, fileWarnings, reading), warnings: fileWarnings };
      }),
    ),
  );
  const byPath = new Map<string, Page>();
  for (const { page, warnings: fileWarnings } of read) {
    warnings.push(...fileWarnings);
    if (!page) continue;
    if (!siteFile.languages.includes(page.lang)) {
      warnings.push(warning(page.source, 'lang', 'content.notListedLanguage', { lang: page.lang, file: SITE_FILE }));
      continue;
    }
    const clash = byPath.get(page.path);
    if (clash) {
      throw new ContentError('content.error.pathClash', { path: page.path, first: clash.source, second: page.source });
    }
    byPath.set(page.path, page);
  }

  const pages = linkAlternates(byPath, warnings);
  const site = new SiteContent(siteFile, pages, await readAssets(root, warnings));
  for (const field of ['logo', 'image'] as const) {
    const named = siteFile[field];
    if (named?.startsWith('/') && site.asset(named) === undefined) {
      warnings.push(warning(SITE_FILE, field, 'content.assetMissing', { named, dir: ASSETS_DIR }));
    }
  }
  checkSiteReferences(site, warnings);
  return { site, warnings };
}

async function resolveRoot(contentDir: string): Promise<string> {
  try {
    const root = await realpath(contentDir);
    if (!(await stat(root)).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
    return root;
  } catch (error) {
    throw new ContentError('content.error.dir', { dir: contentDir, reason: fsReason(error), siteFile: SITE_FILE, pagesDir: PAGES_DIR });
  }
}

async function readSiteFile(root: string): Promise<SiteFile> {
  let text: string;
  try {
    text = await readFile(path.join(root, SITE_FILE), 'utf8');
  } catch (error) {
    throw new ContentError('content.error.siteFile', { file: path.join(root, SITE_FILE), reason: fsReason(error) });
  }
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    throw new ContentError('content.error.yaml', { file: SITE_FILE, error: (error as Error).message });
  }
  // Without zod's compiled parsers: compiling one costs more than the few hundred parses of a
  // start save (docs/decisions/0098-the-stdio-cold-start-issue-14-4.md).
  const result = siteFileSchema.safeParse(data, { jitless: true });
  if (!result.success) {
    throw new ContentError('content.error.invalid', { file: SITE_FILE }, formatIssues(result.error.issues));
  }
  const site = result.data;
  const missing = missingTranslations(site);
  if (missing.length > 0) {
    throw new ContentError('content.error.incomplete', { file: SITE_FILE }, missing);
  }
  return site;
}

/** Every language of the site needs its own text and paths in the site file. */
function missingTranslations(site: SiteFile): Worded[] {
  const missing: Worded[] = [];
  const lack = (key: MessageKey, values: MessageValues) => missing.push({ key, values });
  if (!site.languages.includes(site.defaultLanguage)) lack('content.missing.defaultLanguage', { lang: site.defaultLanguage });
  for (const lang of site.languages) {
    const need = (value: unknown, field: string) => {
      if (value === undefined) lack('content.missing.everyLanguage', { field: `${field}.${lang}` });
    };
    need(site.summary[lang], 'summary');
    need(site.contact[lang], 'contact');
    need(site.inquiry.nextStep[lang], 'inquiry.nextStep');
    need(site.pricing.note[lang], 'pricing.note');
    need(site.pricing.currency[lang], 'pricing.currency');
    // An item may be offered in some languages only; where it is offered, it needs all three.
    site.pricing.items.forEach((item, index) => {
      const offered = item.name[lang] !== undefined || item.page[lang] !== undefined || lang in item.from;
      if (!offered) return;
      const where = `pricing.items[${index}] (${item.id})`;
      if (item.name[lang] === undefined) lack('content.missing.offered', { field: `${where}.name.${lang}`, lang });
      if (item.page[lang] === undefined) lack('content.missing.offered', { field: `${where}.page.${lang}`, lang });
      if (!(lang in item.from)) lack('content.missing.from', { field: `${where}.from.${lang}` });
      const units = [{ unit: item.unit, field: `${where}.unit` }, ...(item.packages ?? []).map((pkg, pkgIndex) => ({ unit: pkg.unit, field: `${where}.packages[${pkgIndex}].unit` }))];
      for (const { unit, field } of units) {
        if (unit !== undefined && unit.per === undefined && unit.label?.[lang] === undefined) {
          lack('content.missing.unitLabel', { field: `${field}.label.${lang}` });
        }
      }
    });
  }
  return missing;
}

/** Page files under pages/, skipping drafts and anything whose real location is outside the root. */
async function listPageFiles(root: string, dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (dir === path.join(root, PAGES_DIR)) {
      throw new ContentError('content.error.pages', { dir, reason: fsReason(error) });
    }
    return [];
  }
  // Entries are looked at concurrently (a large site has thousands); the order stays sorted, by
  // UTF-16 code units: the same on every machine (localeCompare followed the machine's locale),
  // and free of the 12 ms localeCompare spends setting up ICU's collation on first use.
  const sorted = entries.filter((entry) => !entry.name.startsWith('.') && !entry.name.startsWith('_')).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const found = await Promise.all(
    sorted.map(async (entry): Promise<string[]> => {
      const full = path.join(dir, entry.name);
      let isDirectory = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        // A symbolic link may point anywhere; only what really lies inside the root is served.
        let real: string;
        try {
          real = await realpath(full);
        } catch {
          return [];
        }
        if (real !== root && !real.startsWith(root + path.sep)) return [];
        const info = await stat(real);
        isDirectory = info.isDirectory();
        isFile = info.isFile();
      }
      if (isDirectory) return listPageFiles(root, full);
      return isFile && /\.(md|html?)$/i.test(entry.name) ? [full] : [];
    }),
  );
  return found.flat();
}

async function readPage(
  root: string,
  file: string,
  readHtml: () => Promise<HtmlPageReader>,
  warnings: ContentWarning[],
  { blocking, compress }: PageReading,
): Promise<Page | undefined> {
  const source = path.relative(root, file);
  const skip = (field: string, message: string) => {
    warnings.push({ file: source, field, message: `${message}; page skipped` });
    return undefined;
  };
  let text: string;
  try {
    text = blocking ? readFileSync(file, 'utf8') : await readFile(file, 'utf8');
  } catch (error) {
    warnings.push(warning(source, 'file', 'content.unreadablePage', { reason: fsReason(error) }));
    return undefined;
  }

  let rawMeta: unknown;
  let body: string;
  if (/\.html?$/i.test(file)) {
    const parts = (await readHtml())(text);
    rawMeta = parts.meta;
    body = parts.markdown;
  } else {
    try {
      const document = splitFrontMatter(text);
      rawMeta = document.data;
      body = document.body;
    } catch (error) {
      // The YAML parser's first line: its own words, as the schema's below.
      return skip('front matter', (error as Error).message.split('\n')[0] ?? '');
    }
  }

  // Interpreted, like the site file's: see readSiteFile.
  const result = pageMetaSchema.safeParse(rawMeta, { jitless: true });
  if (!result.success) {
    const issue = result.error.issues[0]!;
    // The field is named once, by the warning; the message says only what is wrong with it.
    return issue.path.length > 0 ? skip(issue.path.join('.'), issue.message) : skip('front matter', formatIssues([issue])[0]!);
  }
  const meta = result.data;
  const markdown = cleanMarkdown(body);
  const { listing, listed } = detectListing(markdown, meta.path, meta.listing);
  // A Page at once: its Markdown as bytes and its texts detached from the file, so that a
  // large site being read never holds every file's text (two bytes a letter) at the same time.
  const fields: PageFields = {
    path: meta.path,
    lang: meta.lang,
    type: meta.type,
    title: meta.title,
    description: meta.description,
    alternate: meta.alternate,
    published: meta.published,
    updated: meta.updated,
    service: meta.service,
    city: meta.city,
    event: meta.event,
    author: meta.author,
    headings: sectionHeadings(markdown),
    listing,
    listed,
    source,
  };
  return new Page(fields, markdown, { compress });
}

/** Keeps an alternate only when it names an existing page in another language. */
function linkAlternates(byPath: Map<string, Page>, warnings: ContentWarning[]): Page[] {
  const pages: Page[] = [];
  for (const page of byPath.values()) {
    if (page.alternate === undefined) {
      pages.push(page);
      continue;
    }
    const other = byPath.get(page.alternate);
    if (other && other.lang !== page.lang) {
      pages.push(page);
    } else {
      warnings.push(warning(page.source, 'alternate', 'content.alternate', { same: other ? 'yes' : 'no', alternate: page.alternate }));
      pages.push(page.withoutAlternate());
    }
  }
  return pages.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Every page the site file names must exist in its language; prices must be on their page. */
function checkSiteReferences(site: SiteContent, warnings: ContentWarning[]): void {
  const info = site.info;
  const expect = (lang: Lang, pagePath: string | undefined, field: string) => {
    if (pagePath === undefined) return;
    const page = site.page(pagePath);
    if (!page) warnings.push(warning(SITE_FILE, field, 'content.noPage', { path: pagePath }));
    else if (page.lang !== lang) warnings.push(warning(SITE_FILE, field, 'content.wrongLanguage', { path: pagePath, lang: page.lang, expected: lang }));
  };
  if (info.salesEmail === undefined) warnings.push(warning(SITE_FILE, 'salesEmail', 'content.noSalesEmail'));
  for (const lang of info.languages) {
    const contact = info.contact[lang];
    // Contact details are optional (a documentation site publishes none); each one left out is named, since get_contact then says it is not published.
    for (const detail of ['email', 'phone', 'contactForm'] as const) {
      if (contact?.[detail] === undefined) warnings.push(warning(SITE_FILE, `contact.${lang}.${detail}`, 'content.noContact', { detail }));
    }
    expect(lang, contact?.contactForm, `contact.${lang}.contactForm`);
    expect(lang, contact?.privacyPolicy, `contact.${lang}.privacyPolicy`);
    info.pricing.items.forEach((item, index) => {
      const field = `pricing.items[${index}] (${item.id}).page.${lang}`;
      expect(lang, item.page[lang], field);
      const page = item.page[lang] === undefined ? undefined : site.page(item.page[lang]);
      const prices = [item.from[lang], ...(item.packages ?? []).map((pkg) => pkg.from[lang])];
      for (const price of prices) {
        if (page && typeof price === 'number' && !mentionsPrice(page.markdown, price)) {
          warnings.push(warning(SITE_FILE, field, 'content.priceNotOnPage', { price: String(price), path: page.path }));
        }
      }
    });
    info.services.forEach((group, index) => {
      expect(lang, group.area[lang], `services[${index}].area.${lang}`);
      group.services.forEach((service, serviceIndex) => expect(lang, service[lang], `services[${index}].services[${serviceIndex}].${lang}`));
    });
  }
}

/** "3 900", "3\u00a0900", "3,900" and "3900" all mention 3900. */
export function mentionsPrice(markdown: string, price: number): boolean {
  const digits = markdown.replace(/(\d)[\s\u00a0\u202f,.](?=\d{3}\b)/g, '$1');
  return new RegExp(`(?<![\\d])${price}(?![\\d])`).test(digits);
}

function formatIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : '(top level)';
    return `${where}: ${issue.message}`;
  });
}

/** Why a file or folder cannot be read, in every language (the system's own message where we have no words). */
function fsReason(error: unknown): MessageValue {
  const code = (error as NodeJS.ErrnoException).code;
  const reason = code === 'ENOENT' ? 'missing' : code === 'EACCES' || code === 'EPERM' ? 'denied' : code === 'ENOTDIR' ? 'notDir' : 'other';
  const values = { reason, detail: (error as Error).message };
  return { pl: message('pl', 'content.fsReason', values), en: message('en', 'content.fsReason', values) };
}

/** The folder of the content directory whose files are served at /assets/<name>. */
export const ASSETS_DIR = 'assets';
/** An asset is a logo or an image for link previews, not a media library. */
const MAX_ASSET_BYTES = 512 * 1024;
const MAX_ASSETS = 50;

/** The files of assets/ (none when it is missing); a file that is not an image, or too large, is skipped with a warning. */
async function readAssets(root: string, warnings: ContentWarning[]): Promise<SiteAsset[]> {
  const dir = path.join(root, ASSETS_DIR);
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const assets: SiteAsset[] = [];
  for (const name of names.sort()) {
    const file = `${ASSETS_DIR}/${name}`;
    const type = ASSET_TYPES[name.slice(name.lastIndexOf('.') + 1)];
    if (!ASSET_NAME.test(name) || type === undefined) {
      warnings.push(warning(file, 'file', 'content.assetName'));
      continue;
    }
    const info = await stat(path.join(dir, name));
    if (!info.isFile()) continue;
    if (info.size > MAX_ASSET_BYTES || assets.length >= MAX_ASSETS) {
      warnings.push(warning(file, 'file', 'content.assetSize', { kilobytes: String(MAX_ASSET_BYTES / 1024), count: String(MAX_ASSETS) }));
      continue;
    }
    assets.push({ path: `/${file}`, contentType: type, bytes: await readFile(path.join(dir, name)) });
  }
  return assets;
}
