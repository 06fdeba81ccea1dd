import { LANGS, type PageType } from '../content/schema.js';
import { formatNumber, message, type MessageLanguage } from '../messages/catalog.js';
import { text, typesOf } from './json-ld-nodes.js';
import { contentPathFor } from './page-path.js';
import { inferPageType, matchRule, type PageTypeRule } from './page-type.js';
import { isoDay } from './iso-day.js';
import type { PageFacts } from './read-page.js';

/** One thing read from the page or the site, and what it said. */
export interface Evidence {
  /** Where it was read: `html lang`, `body class`, `<title>`, `text`, `path`… */
  readonly source: string;
  readonly value: string;
}

/** A decision, what it rests on and why: what `import --explain` prints. */
export interface Decision<T> {
  readonly value: T;
  readonly because: string;
  readonly evidence: readonly Evidence[];
}

/** Everything the importer decides about one page, in one place. */
export interface PageDecision {
  readonly url: string;
  readonly path: string;
  /** Whether the page is the company's content; when not, `because` is the reason it is skipped. */
  readonly content: Decision<boolean>;
  /** Whether `--include-archives` would bring a skipped page in (archives, lists, feeds, attachments). */
  readonly archive: boolean;
  /** The page's language: `pl` or `en`, another code (skipped), or undefined (no evidence at all). */
  readonly language: Decision<string | undefined>;
  readonly type: Decision<PageType>;
  readonly title: Decision<string>;
  readonly description: Decision<string>;
  readonly published: Decision<string | undefined>;
}

/** What the whole site says that a single page's decisions need. */
export interface SiteSignals {
  /** The text most pages' titles share before or after a separator: the site's name. */
  readonly titleAffix: Decision<TitleAffix | undefined>;
  /** The site file's `import.pageTypes` rules (the person's word comes first). */
  readonly customRules: readonly PageTypeRule[];
  readonly includeArchives: boolean;
  /** hreflang of the page's URL in the sitemaps (`xhtml:link`), when the sitemaps say. */
  readonly sitemapLanguage?: (url: string) => string | undefined;
  /** Whether the page has JSON-LD event details (start time and place): an event needs them. */
  readonly hasEventDetails?: (facts: PageFacts) => boolean;
  /** The language of the reasons (`because`): the terminal's for the CLI; English when absent (logs, the API). */
  readonly lang?: MessageLanguage;
}

export interface TitleAffix {
  readonly position: 'prefix' | 'suffix';
  /** The site's name as the titles write it ("Studio Nowak – strony dla firm"). */
  readonly name: string;
  /** The whole affix, separator included (" – Studio Nowak – strony dla firm"). */
  readonly affix: string;
  /**
   * The name as the titles of the site's other languages write it, each shared by half of the
   * titles the first name leaves ("dokumentacja Lipiec Deploy 2.3" beside "Lipiec Deploy 2.3 documentation").
   */
  readonly also?: readonly string[];
}

const SEPARATORS = [' – ', ' — ', ' | ', ' · ', ' : ', ': ', ' - ', ' :: ', ' » ', ' « ', ' • ', ' ~ '];

/**
 * The site's name as most pages' `<title>` carry it: the longest text after (or before) a
 * separator (–, —, |, ·, :, -, », •) that most titles share. Two titles at least, and half of
 * them, must share it: one page's subtitle is not the site's name.
 */
export function siteTitleAffix(titles: readonly string[], lang: MessageLanguage = 'en'): Decision<TitleAffix | undefined> {
  const clean = titles.map((title) => title.replace(/\s+/g, ' ').trim()).filter((title) => title !== '');
  const counts = new Map<string, { position: 'prefix' | 'suffix'; affix: string; name: string; titles: Set<string> }>();
  for (const title of new Set(clean)) {
    for (const separator of SEPARATORS) {
      for (let at = title.indexOf(separator); at > 0; at = title.indexOf(separator, at + 1)) {
        const suffix = title.slice(at);
        const prefix = title.slice(0, at + separator.length);
        for (const [position, affix, name] of [['suffix', suffix, suffix.slice(separator.length)], ['prefix', prefix, prefix.slice(0, at)]] as const) {
          if (name.trim().length < 2) continue;
          const key = `${position}\u0000${affix}`;
          const entry = counts.get(key) ?? { position, affix, name: name.trim(), titles: new Set<string>() };
          entry.titles.add(title);
          counts.set(key, entry);
        }
      }
    }
  }
  const distinct = new Set(clean).size;
  // A title that is the name alone (the home page: "Studio Nowak – strony dla firm") shares it too.
  const shared = [...counts.values()].map((entry) => ({ ...entry, count: entry.titles.size + (clean.includes(entry.name) ? 1 : 0) }));
  const pick = (left: ReadonlySet<string>) =>
    shared
      .map((entry) => ({ ...entry, count: [...entry.titles].filter((title) => left.has(title)).length + (left.has(entry.name) ? 1 : 0) }))
      .filter((entry) => entry.count >= 2 && entry.count >= left.size / 2)
      .sort((a, b) => b.count - a.count || b.affix.length - a.affix.length)[0];
  const best = pick(new Set(clean));
  if (best === undefined) {
    return { value: undefined, because: distinct < 2 ? message(lang, 'import.reason.siteName.tooFew') : message(lang, 'import.reason.siteName.noneShared'), evidence: [{ source: source(lang, 'titles'), value: String(distinct) }] };
  }
  // A site in two languages writes its name twice ("… — Lipiec Deploy 2.3 documentation", "… — dokumentacja Lipiec Deploy 2.3"):
  // the titles the first name leaves are compared again, and so on.
  const also: string[] = [];
  let left = new Set([...new Set(clean)].filter((title) => !best.titles.has(title) && title !== best.name));
  for (let next = pick(left); next !== undefined && left.size >= 2; next = pick(left)) {
    also.push(next.name);
    const covered = next;
    left = new Set([...left].filter((title) => !covered.titles.has(title) && title !== covered.name));
  }
  return {
    value: { position: best.position, name: best.name, affix: best.affix, ...(also.length === 0 ? {} : { also }) },
    because: message(lang, 'import.reason.siteName.shared', { count: best.count, titles: distinct, affix: best.affix.trim(), position: best.position, others: also.length === 0 ? '' : message(lang, 'import.reason.siteName.others', { names: also.map((name) => `"${name}"`).join(', ') }) }),
    evidence: [...best.titles].slice(0, 3).map((title) => ({ source: '<title>', value: title })),
  };
}

/**
 * Decides every page of a run: the site's signals first (the title affix most pages share),
 * then each page. Keyed by the page's URL.
 */
export function decidePages(
  pages: readonly { readonly url: string; readonly facts: PageFacts }[],
  options: Omit<SiteSignals, 'titleAffix'>,
): Map<string, PageDecision> {
  const titleAffix = siteTitleAffix(pages.map((page) => page.facts.title ?? ''), options.lang);
  const site: SiteSignals = { ...options, titleAffix };
  return new Map(pages.map((page) => [page.url, decidePage(page.url, page.facts, site)]));
}

/** Decides language, type, title, description, date and whether the page is content at all. */
export function decidePage(url: string, facts: PageFacts, site: SiteSignals): PageDecision {
  const lang = site.lang ?? 'en';
  // A canonical link to another host (a mirror's, a book's home) says nothing about this page's path.
  const path = contentPathFor(facts.canonical !== undefined && new URL(facts.canonical).origin === new URL(url).origin ? facts.canonical : url);
  const language = decideLanguage(url, facts, site);
  const archive = archiveEvidence(url, facts, lang);
  const type = decideType(path, facts, site);
  const title = decideTitle(facts, site.titleAffix.value, lang);
  const protectedPage = passwordEvidence(facts, lang);
  let content: Decision<boolean>;
  if (facts.refreshTo !== undefined && facts.refreshTo !== url) content = { value: false, because: message(lang, 'import.reason.page.redirect', { target: facts.refreshTo }), evidence: [{ source: source(lang, 'metaRefresh'), value: facts.refreshTo }] };
  else if (protectedPage.length > 0) content = { value: false, because: message(lang, 'import.reason.page.protected'), evidence: protectedPage };
  else if (archive.evidence.length > 0 && !site.includeArchives) content = { value: false, because: message(lang, 'import.reason.page.archive', { kind: message(lang, 'import.reason.archiveKind', { kind: archive.kind }) }), evidence: archive.evidence };
  else if (language.value === undefined) content = { value: false, because: message(lang, 'import.reason.page.noLanguage'), evidence: language.evidence };
  else if (!(LANGS as readonly string[]).includes(language.value)) content = { value: false, because: message(lang, 'import.reason.page.otherLanguage', { language: language.value }), evidence: language.evidence };
  else content = { value: true, because: message(lang, 'import.reason.page.content'), evidence: [] };
  return {
    url,
    path,
    content,
    archive: protectedPage.length === 0 && archive.evidence.length > 0,
    language,
    type,
    title,
    description: decideDescription(facts, title.value, lang),
    published: decidePublished(facts, type.value, lang),
  };
}

/** Where a piece of evidence was read, in the reasons' language (the catalogs' `import.source`). */
function source(lang: MessageLanguage, name: string): string {
  return message(lang, 'import.source', { source: name });
}

// --- language -------------------------------------------------------------------------------

/** A language folder: `/en/`, `/pl/`, `/en-US/`, `/pl-PL/`, `/en-gb/`, `/en_GB/`, in the first three segments. */
const LANGUAGE_FOLDER = /^([a-z]{2})(?:[-_]([a-z]{2}))?$/i;
const FOLDER_LANGUAGES = new Set(['pl', 'en', 'de', 'fr', 'es', 'it', 'cs', 'sk', 'uk', 'ru', 'nl', 'pt', 'sv', 'da', 'fi', 'no', 'nb', 'hu', 'ro', 'lt', 'lv', 'et', 'ja', 'zh', 'ko', 'tr', 'el', 'bg', 'hr', 'sl', 'sr']);

export function languageFolder(url: string): string | undefined {
  const segments = new URL(url).pathname.split('/').filter(Boolean).slice(0, 3);
  for (const segment of segments) {
    const match = LANGUAGE_FOLDER.exec(segment);
    if (match !== null && FOLDER_LANGUAGES.has(match[1]!.toLowerCase()) && (match[2] !== undefined || segment.length === 2)) return segment;
  }
  return undefined;
}

/** A declared language's primary code (`pl-PL` → `pl`, `en_GB` → `en`). */
function primary(tag: string): string {
  return tag.trim().toLowerCase().replace('_', '-').split('-')[0]!;
}

/**
 * The page's language: what the page and the site declare, checked against the text. The most
 * specific declaration leads (hreflang of the page itself, then a language folder, then
 * `html lang` / `xml:lang`, Content-Language, og:locale); a text long enough that is plainly
 * in another language wins over any declaration (WordPress without a multilingual plugin writes
 * `lang="pl-PL"` on English pages). With no declaration, the text decides.
 */
function decideLanguage(url: string, facts: PageFacts, site: SiteSignals): Decision<string | undefined> {
  const lang = site.lang ?? 'en';
  const evidence: Evidence[] = [];
  const declarations: { source: string; value: string }[] = [];
  const declare = (source: string, value: string | undefined) => {
    if (value === undefined || value.trim() === '' || primary(value) === '' || primary(value) === 'x') return;
    declarations.push({ source, value: value.trim() });
    evidence.push({ source, value: value.trim() });
  };
  const self = facts.alternates.find((alternate) => alternate.url === url || alternate.url === facts.canonical);
  declare(source(lang, 'hreflangSelf'), self?.lang);
  declare(source(lang, 'hreflangSitemap'), site.sitemapLanguage?.(url));
  declare(source(lang, 'folder'), languageFolder(url));
  declare(source(lang, 'htmlLang'), facts.declared?.htmlLang ?? (facts.declared === undefined ? facts.lang : undefined));
  declare(source(lang, 'xmlLang'), facts.declared?.xmlLang);
  declare(source(lang, 'header'), facts.contentLanguage?.split(',')[0]);
  declare(source(lang, 'metaLanguage'), facts.declared?.metaLanguage);
  declare(source(lang, 'ogLocale'), facts.declared?.ogLocale);

  // Identified where the page was read (a reader thread: the n-gram data never loads on this one).
  const identifiedText = facts.textLanguage;
  evidence.push({
    source: source(lang, 'text'),
    value:
      identifiedText.language === undefined
        ? message(lang, 'import.reason.language.textInconclusive', { letters: identifiedText.letters })
        : message(lang, 'import.reason.language.textIdentified', {
            language: identifiedText.language,
            letters: identifiedText.letters,
            scores: identifiedText.scores.slice(0, 3).map(([code, score]) => `${code} ${formatNumber(lang, score, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`).join(', '),
            byParagraph: identifiedText.byParagraph ? 'yes' : 'no',
          }),
  });
  const declared = declarations[0];
  const textLanguage = identifiedText.language;
  // "Plainly" another language: a body of text, not a title, and a clear lead over the runner-up.
  const plain = textLanguage !== undefined && identifiedText.letters >= 120 && identifiedText.margin >= 0.05;
  if (declared === undefined) {
    if (textLanguage !== undefined) return { value: textLanguage, because: message(lang, 'import.reason.language.textOnly'), evidence };
    return { value: undefined, because: message(lang, 'import.reason.language.tooShort'), evidence };
  }
  const said = primary(declared.value);
  if (textLanguage === undefined || textLanguage === said) {
    const other = declarations.find((declaration) => primary(declaration.value) !== said);
    return { value: said, because: message(lang, textLanguage === said ? 'import.reason.language.agrees' : 'import.reason.language.unchecked', { source: declared.source, value: declared.value, other: other === undefined ? 'no' : 'yes', otherSource: other?.source ?? '', otherValue: other?.value ?? '' }), evidence };
  }
  // The text disagrees with the first declaration: another declaration that agrees with the text settles it.
  const agreeing = declarations.find((declaration) => primary(declaration.value) === textLanguage);
  if (agreeing !== undefined) return { value: textLanguage, because: message(lang, 'import.reason.language.othersAgree', { source: agreeing.source, value: agreeing.value, declaredSource: declared.source, declaredValue: declared.value }), evidence };
  if (plain) return { value: textLanguage, because: message(lang, 'import.reason.language.plainly', { language: textLanguage, source: declared.source, value: declared.value }), evidence };
  return { value: said, because: message(lang, 'import.reason.language.leans', { source: declared.source, value: declared.value, language: textLanguage }), evidence };
}

// --- not content ----------------------------------------------------------------------------

/** What an archive is, by id: its words are the catalogs' `import.reason.archiveKind`. */
type ArchiveKind = 'tag' | 'category' | 'author' | 'date' | 'archive' | 'search' | 'paged' | 'attachment' | 'notFound' | 'feed' | 'termIndex' | 'posts';

const ARCHIVE_CLASSES: readonly [string, ArchiveKind][] = [
  ['tag', 'tag'],
  ['category', 'category'],
  ['author', 'author'],
  ['date', 'date'],
  ['archive', 'archive'],
  ['search', 'search'],
  ['search-results', 'search'],
  ['paged', 'paged'],
  ['attachment', 'attachment'],
  ['error404', 'notFound'],
];

const ARCHIVE_PATHS: readonly [string, ArchiveKind][] = [
  ['/**/{tag,tags,tagi}/**', 'tag'],
  ['/**/{category,categories,kategoria,kategorie}/**', 'category'],
  ['/**/{author,autor}/*/**', 'author'],
  ['/**/page/*/', 'paged'],
  ['/**/{feed,rss,atom}/**', 'feed'],
  ['/**/{search,szukaj}/**', 'search'],
  ['/**/attachment/**', 'attachment'],
  ['/**/{genindex,py-modindex,modindex}/', 'termIndex'],
];

const ARCHIVE_REST = /\/wp\/v2\/(tags|categories|users|media|search)(\/|$)/;

/**
 * Why a page will not be imported whatever it renders to (a redirect page, a password form, an
 * archive left out): such a page is never rendered.
 */
export function skippedWhateverItRenders(url: string, facts: PageFacts, includeArchives: boolean, lang: MessageLanguage = 'en'): string | undefined {
  if (facts.refreshTo !== undefined && facts.refreshTo !== url) return message(lang, 'import.reason.page.redirectShort');
  if (passwordEvidence(facts, lang).length > 0) return message(lang, 'import.reason.page.protectedShort');
  const archive = archiveEvidence(url, facts, lang);
  return archive.evidence.length > 0 && !includeArchives ? message(lang, 'import.reason.archiveKind', { kind: archive.kind }) : undefined;
}

/** What says the page is a list of other pages, a feed, search results or an attachment: not content by default. */
function archiveEvidence(url: string, facts: PageFacts, lang: MessageLanguage): { kind: ArchiveKind; evidence: Evidence[] } {
  const evidence: Evidence[] = [];
  let kind: ArchiveKind | undefined;
  const classes = new Set(facts.bodyClasses ?? []);
  if (!classes.has('home')) {
    for (const [name, what] of ARCHIVE_CLASSES) {
      if (classes.has(name)) {
        kind ??= what;
        evidence.push({ source: source(lang, 'bodyClass'), value: name });
      }
    }
    // The posts page of a site whose front page is static: a list of posts.
    if (classes.has('blog') && !classes.has('single')) {
      kind ??= 'posts';
      evidence.push({ source: source(lang, 'bodyClass'), value: 'blog' });
    }
  }
  const rest = facts.restLink === undefined ? undefined : ARCHIVE_REST.exec(facts.restLink);
  if (rest !== null && rest !== undefined) {
    kind ??= ({ tags: 'tag', categories: 'category', users: 'author', media: 'attachment', search: 'search' } as const)[rest[1] as 'tags'];
    evidence.push({ source: source(lang, 'restLink'), value: facts.restLink! });
  }
  const parsed = new URL(url);
  const path = contentPathFor(url);
  for (const [pattern, what] of ARCHIVE_PATHS) {
    if (matchRule(path, [{ path: pattern, type: 'company' }]) !== undefined) {
      kind ??= what;
      evidence.push({ source: source(lang, 'path'), value: parsed.pathname });
      break;
    }
  }
  if (/^\/\d{4}\/(\d{2}\/){0,2}$/.test(path) && path !== '/') {
    kind ??= 'date';
    evidence.push({ source: source(lang, 'path'), value: parsed.pathname });
  }
  for (const [parameter, what] of [['s', 'search'], ['paged', 'paged'], ['attachment_id', 'attachment'], ['feed', 'feed']] as const) {
    if (parsed.searchParams.has(parameter)) {
      kind ??= what;
      evidence.push({ source: source(lang, 'query'), value: `${parameter}=${parsed.searchParams.get(parameter)}` });
    }
  }
  return { kind: kind ?? 'archive', evidence };
}

const PROTECTED_TITLE = /^(zabezpieczon[ey]|chronione|protected|password protected|geschützt):\s/i;

function passwordEvidence(facts: PageFacts, lang: MessageLanguage): Evidence[] {
  const evidence: Evidence[] = [];
  if (facts.bodyClasses?.includes('post-password-required')) evidence.push({ source: source(lang, 'bodyClass'), value: 'post-password-required' });
  if (facts.passwordProtected === true && evidence.length === 0) evidence.push({ source: source(lang, 'page'), value: message(lang, 'import.reason.page.passwordForm') });
  if (facts.title !== undefined && PROTECTED_TITLE.test(facts.title)) evidence.push({ source: '<title>', value: facts.title });
  return evidence;
}

// --- type -----------------------------------------------------------------------------------

/** `/`, or a language folder alone (`/pl/`, `/en-us/`): the front page of the site or of one language. */
function isFrontPage(path: string): boolean {
  const segments = path.split('/').filter(Boolean);
  return segments.length === 0 || (segments.length === 1 && LANGUAGE_FOLDER.test(segments[0]!));
}

/**
 * The page's type: the site file's rules first, then what WordPress says a post is (body class
 * `single-post`, the `wp/v2/posts` REST alternate), then the page's JSON-LD and path rules
 * (`inferPageType`).
 */
function decideType(path: string, facts: PageFacts, site: SiteSignals): Decision<PageType> {
  const lang = site.lang ?? 'en';
  const hasEvent = site.hasEventDetails?.(facts) ?? false;
  const custom = matchRule(path, site.customRules);
  if (custom !== undefined) return { value: custom, because: message(lang, 'import.reason.type.rule'), evidence: [{ source: source(lang, 'path'), value: path }] };
  const evidence: Evidence[] = [];
  const classes = facts.bodyClasses ?? [];
  if (classes.includes('single-post')) evidence.push({ source: source(lang, 'bodyClass'), value: 'single-post' });
  if (facts.restLink !== undefined && /\/wp\/v2\/posts\//.test(facts.restLink)) evidence.push({ source: source(lang, 'restLink'), value: facts.restLink });
  const jsonLdTypes = [...new Set(facts.jsonLd.flatMap(typesOf))];
  if (evidence.length > 0) {
    const byRules = inferPageType(path, [{ '@type': 'BlogPosting' }], [], false);
    const type = byRules === 'case_studies' ? 'case_studies' : 'blog';
    if (facts.published !== undefined) evidence.push({ source: 'article:published_time', value: facts.published });
    return { value: type, because: message(lang, 'import.reason.type.wordpressPost', { caseStudy: type === 'case_studies' ? 'yes' : 'no' }), evidence };
  }
  const type = inferPageType(path, facts.jsonLd, [], hasEvent);
  if (jsonLdTypes.length > 0) evidence.push({ source: source(lang, 'jsonLdType'), value: jsonLdTypes.join(', ') });
  evidence.push({ source: source(lang, 'path'), value: path });
  // A page WordPress marks as a post only through its published date, and nothing else types.
  if (type === 'company' && facts.published !== undefined && classes.includes('single') && !classes.includes('page')) {
    return { value: 'blog', because: message(lang, 'import.reason.type.dated'), evidence: [...evidence, { source: 'article:published_time', value: facts.published }] };
  }
  // Documentation and books: a page that links the previous or next page of a series is an
  // article (the content model's `blog`), except each language's front page, which presents the project.
  if (type === 'company' && jsonLdTypes.length === 0 && facts.sequence !== undefined && !isFrontPage(path)) {
    return { value: 'blog', because: message(lang, 'import.reason.type.series'), evidence: [...evidence, { source: source(lang, 'series'), value: message(lang, 'import.sequence', { how: facts.sequence }) }] };
  }
  const because = type === 'company' && jsonLdTypes.length === 0 ? message(lang, 'import.reason.type.default') : message(lang, 'import.reason.type.rules');
  return { value: type, because, evidence };
}

// --- title and description ------------------------------------------------------------------

/**
 * The title without the site's name: the shared affix of most titles, `og:site_name` and the
 * JSON-LD WebSite/Organization names are removed before or after any separator. A title that is
 * the site's name alone (a home page) becomes the page's first heading.
 */
function decideTitle(facts: PageFacts, affix: TitleAffix | undefined, lang: MessageLanguage): Decision<string> {
  const raw = facts.title ?? firstHeading(facts.markdown) ?? facts.url;
  const evidence: Evidence[] = [{ source: source(lang, facts.title !== undefined ? 'title' : 'heading'), value: raw }];
  const names = new Set<string>([
    ...(affix === undefined ? [] : [affix.name, ...(affix.also ?? [])]),
    ...(facts.siteName === undefined ? [] : [facts.siteName]),
    ...facts.jsonLd.filter((node) => typesOf(node).some((type) => type === 'WebSite' || type === 'Organization')).flatMap((node) => (text(node.name) === undefined ? [] : [text(node.name)!])),
  ]);
  let title = raw.replace(/\s+/g, ' ').trim();
  let removed: string | undefined;
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    const stripped = stripName(title, name);
    if (stripped !== title) {
      removed = name;
      title = stripped;
      break;
    }
  }
  if (title === '' || names.has(title)) {
    const heading = firstHeading(facts.markdown);
    const value = clip(heading !== undefined && !names.has(heading) ? heading : raw, 200);
    return { value, because: message(lang, 'import.reason.title.siteNameAlone'), evidence: [...evidence, ...(heading === undefined ? [] : [{ source: source(lang, 'heading'), value: heading }])] };
  }
  if (removed !== undefined) return { value: clip(title, 200), because: message(lang, 'import.reason.title.nameRemoved', { name: removed }), evidence };
  return { value: clip(title, 200), because: message(lang, 'import.reason.title.asStated'), evidence };
}

function stripName(title: string, name: string): string {
  for (const separator of SEPARATORS) {
    if (title.endsWith(`${separator}${name}`)) return title.slice(0, -(separator.length + name.length)).trim();
    if (title.startsWith(`${name}${separator}`)) return title.slice(name.length + separator.length).trim();
  }
  return title === name ? '' : title;
}

function decideDescription(facts: PageFacts, title: string, lang: MessageLanguage): Decision<string> {
  if (facts.description !== undefined) return { value: clip(facts.description, 400), because: message(lang, 'import.reason.description.meta'), evidence: [{ source: source(lang, 'metaDescription'), value: facts.description }] };
  const paragraph = firstParagraph(facts.markdown);
  if (paragraph !== undefined) return { value: clip(paragraph, 400), because: message(lang, 'import.reason.description.paragraph'), evidence: [{ source: source(lang, 'paragraph'), value: paragraph.slice(0, 160) }] };
  return { value: clip(title, 400), because: message(lang, 'import.reason.description.title'), evidence: [] };
}

function decidePublished(facts: PageFacts, type: PageType, lang: MessageLanguage): Decision<string | undefined> {
  const node = facts.jsonLd.find((candidate) => candidate.datePublished !== undefined);
  const fromJsonLd = isoDay(text(node?.datePublished));
  if (facts.published !== undefined) return { value: facts.published, because: 'article:published_time', evidence: [{ source: 'article:published_time', value: facts.published }] };
  if (fromJsonLd !== undefined) return { value: fromJsonLd, because: 'JSON-LD datePublished', evidence: [{ source: 'JSON-LD datePublished', value: text(node?.datePublished)! }] };
  const time = isoDay(facts.time);
  if (time !== undefined && (type === 'blog' || type === 'case_studies')) return { value: time, because: message(lang, 'import.reason.published.time'), evidence: [{ source: '<time datetime>', value: facts.time! }] };
  return { value: undefined, because: message(lang, 'import.reason.published.none'), evidence: [] };
}

export function firstHeading(markdown: string): string | undefined {
  return /^#{1,3}\s+(.+)$/m.exec(markdown)?.[1]?.trim();
}

/** The first block of prose: not a heading, list, table, quote, code, and not a line of links. */
export function firstParagraph(markdown: string): string | undefined {
  return markdown
    .replace(/```[^]*?```/g, '')
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .find((block) => block.length > 40 && !/^([#|>`-]|\d+\.)/.test(block) && withoutLinks(block).replace(/[\s|·•,.:;()-]/g, '').length >= 20)
    ?.replace(/\s+/g, ' ');
}

/** The text of a Markdown block less its links and images, nested ones too (`[![logo](…)](…)`). */
function withoutLinks(block: string): string {
  let rest = block;
  for (let previous = ''; previous !== rest; ) {
    previous = rest;
    rest = rest.replace(/!?\[[^\[\]]*\]\([^)]*\)/g, '');
  }
  return rest;
}

export function clip(value: string, max: number): string {
  const clean = value.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** The decision as lines a person reads (`import --explain`). */
export function explainDecision(decision: PageDecision, lang: MessageLanguage): string {
  const lines = [`${decision.url}`, `  ${explainLabel(lang, 'path')}: ${decision.path}`];
  const show = (label: string, value: unknown, item: Decision<unknown>) => lines.push(...explainLines(lang, label, value, item));
  show('content', message(lang, 'cli.explain.content', { content: decision.content.value ? 'yes' : 'no' }), decision.content);
  show('language', decision.language.value, decision.language);
  show('type', decision.type.value, decision.type);
  show('title', decision.title.value, decision.title);
  show('description', decision.description.value, decision.description);
  show('published', decision.published.value, decision.published);
  return `${lines.join('\n')}\n`;
}

/** One decision's lines for `import --explain`: the label and value, why, and each piece of evidence. */
export function explainLines(lang: MessageLanguage, label: string, value: unknown, item: Decision<unknown>): string[] {
  return [
    `  ${explainLabel(lang, label)}: ${value === undefined ? message(lang, 'cli.explain.none') : String(value)}`,
    `    ${message(lang, 'cli.explain.because', { reason: item.because })}`,
    ...item.evidence.map((evidence) => `    - ${evidence.source}: ${evidence.value}`),
  ];
}

function explainLabel(lang: MessageLanguage, label: string): string {
  return message(lang, 'cli.explain.label', { label });
}
