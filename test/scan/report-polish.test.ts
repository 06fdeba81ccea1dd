import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { IntlMessageFormat } from 'intl-messageformat';
import { CATALOGS, LOCALES, type MessageLanguage } from '../../src/messages/catalog.js';
import { reportContent, type ReportSender } from '../../src/scan/report-content.js';
import { renderReportText } from '../../src/scan/report-mail.js';
import type { ScanResult } from '../../src/scan/scan-result.js';
import type { ScanKind } from '../../src/scan/snapshot.js';
import { FixedClock } from '../helpers/clock.js';
import { startFixtureSite, type FixtureSite, type Routes } from '../helpers/fixture-site.js';
import { scanTestContext } from '../helpers/scan-context.js';
import { brokenJsonLdSite, hugePageSite, neglectedSite, noTagsSite, redirectChainSite, spaShellSite, tagsBeforeConsentSite, trackingWithoutConsentSite } from './fixtures/websites.js';

/**
 * A Polish report is Polish in everything we write: the labels, findings, fixes and reasons.
 * Only quotes from the site (the lines under "Cytat ze strony", addresses, code) may be in
 * another language. Each fixture site is scanned in Polish and its e-mail report rendered;
 * the report's own words must contain none of the English words our English catalog uses.
 */
const FIXTURES: Record<string, (origin: string) => Routes> = {
  'no tags': noTagsSite,
  'tracking without consent': trackingWithoutConsentSite,
  'tags before consent': tagsBeforeConsentSite,
  neglected: neglectedSite,
  'SPA shell': () => spaShellSite(),
  'broken JSON-LD': brokenJsonLdSite,
  'huge page': hugePageSite,
  'redirect chain': redirectChainSite,
};

/**
 * Words both catalogs use: names, code and terms of the trade Polish takes as they are. Reviewed
 * by hand: a word that appears in a Polish message and in an English one must be on this list,
 * so an English word slipped into pl.ts fails the catalog test below instead of hiding here.
 */
const SHARED = new Set(
  ('accept agent alternate analytics api application art audio canvas cdn clarity cmp com consent container content cookieconsent cookies data denied eprivacy faq ' +
    'fingerprinting firewall fonts gcd gcs google googletagmanager graph gtag gtm host hotjar hreflang hsts html http https iframe impressum inquiry javascript json lang last ' +
    'lastmod link linkedin llms mail mailto main manager markdown marketing matomo mcp meta mode modified noindex noscript nosnippet not oauth open pixel plain platform ' +
    'plausible policy problem recaptcha rel robots script security send server signal src tag tel text tiktok txt type uet universal url user vary verified www xml youtube ' +
    // Identifiers in code the texts quote (ad_storage, send_page_view: false, generate_lead, gtag('consent', 'default'/'update')) and jargon Polish analysts use.
    'ads cookie default false generate lead page renderer storage update view webgl ' +
    // Consent platforms a fix names, and the GTM snippet's parts (<head>, <body>, window.dataLayer.push).
    'body cookiebot cookieyes datalayer head onetrust push region usercentrics window ' +
    // Attribute and type names (alt, FAQPage), abbreviations (SSG, ISO), and Polish words spelt as English ones (element, format, standard; list: "list odbiorców"; map: "Map Google"), a CSP directive (connect-src), a court's name (LG München).
    'alt captcha connect element faqpage format iso list map münchen rfc ssg standard ' +
    // robots.txt and Content-Signal syntax the texts quote (Sitemap:, Disallow, search=yes, ai-train, ai-input).
    'disallow input search sitemap train yes ' +
    // Compression and formats a fetch-cost fix names.
    'brotli cache gzip svg ' +
    // schema.org and format names the structured-data texts give (Organization, Article, RDFa, Wikipedia), the HTTP method GET,
    // and Polish words spelt as English ones (profile: "profile firmy"; limit; folder: "folder spamu").
    'article folder get limit organization profile rdfa wikipedia ' +
    // The OAuth pages: the HTTP method POST, encodings (deflate, UTF-8) and the word token, which Polish takes as it is.
    'deflate post token utf ' +
    // The site frame: menu is a Polish word too ("Menu główne").
    'menu ' +
    // The command line: import is a Polish word too ("import: znaleziono 2"), and serve is our command's verb.
    'import serve ' +
    // The insights page: the doors' names (REST, NLWeb), and Polish words spelt as English ones ("te same dane"; transport, the MCP transport).
    'nlweb rest same transport ' +
    // pricing.md: VAT is the tax's name in both languages ("netto (bez VAT)").
    'vat ' +
    // The importer's reasons: a page type's identifier (company) and the HTML tag's name (meta description).
    'company description ' +
    // The command line (--help, the importer's reasons): the program's name (site-content-mcp), the site file's fields (site.yaml, languages), option values and
    // commands (--render always/never, auto, pretty, info, stdio, insights), programs, formats and protocols (Chromium, apt-get install, SMTP, JWK, PEM, CSV, PNG, JPG,
    // WebP, DNS rebinding, localhost, stderr, SIGHUP, keep-alive, Crawl-delay), HTTP headers (Deprecation, Sunset), a token type (bearer), the web's origin,
    // and Polish words spelt as English ones (port, restart, segment, importer, min).
    'alive always apt auto bearer chromium crawl csv delay deprecation dns importer info insights install jpg jwk keep languages localhost min never origin pem png port ' +
    'pretty rebinding restart segment sighup site smtp stderr stdio sunset webp ' +
    // Option errors: the commands and flags they name (check <dir>, --watch), a host kind (loopback), and the command that makes a secret (openssl rand).
    'check loopback openssl rand watch ' +
    // Content that cannot be loaded: the site file's format (YAML), a unit's field (per) and the value that says "quoted individually" (null).
    'null per yaml ' +
    // Agent discovery (V16): the Server Card proposal's name (SEP-2127), the card's address (/mcp/server-card) and the JSON fields the fixes name (entries, version).
    'card entries sep version').split(' '),
);

interface Element {
  readonly type: number;
  readonly value?: string;
  readonly options?: Readonly<Record<string, { readonly value: readonly Element[] }>>;
}

/** The words a catalog writes: its messages' literal text, without arguments, plural or select keywords. */
function catalogWords(lang: MessageLanguage): Set<string> {
  const literals = (elements: readonly Element[], out: string[]): string[] => {
    for (const element of elements) {
      if (element.type === 0) out.push(element.value!);
      for (const option of Object.values(element.options ?? {})) literals(option.value, out);
    }
    return out;
  };
  const text = Object.values(CATALOGS[lang]).flatMap((source) => literals(new IntlMessageFormat(source, LOCALES[lang], undefined, { ignoreTag: true }).getAst() as unknown as Element[], []));
  // Read as a report's own words are read (below): code, tags, quoted names and identifiers are no language's words.
  return new Set(ownWords(text.join('\n')));
}

/** Words of the English catalog that are not on the shared list: none may be among a Polish report's own words. */
function englishWords(): Set<string> {
  return new Set([...catalogWords('en')].filter((word) => !SHARED.has(word)));
}

describe('the Polish catalog', () => {
  it('shares with the English one only the names, code and terms on the reviewed list', () => {
    const polish = catalogWords('pl');
    expect([...englishWords()].filter((word) => polish.has(word))).toEqual([]);
  });
});

/** The report's own words: no quoted lines, no addresses, no code, no check titles' technical names. */
function ownWords(report: string): string[] {
  return report
    .split('\n')
    .filter((line) => !/^\s+> /.test(line))
    .join(' ')
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .replace(/<[^>]*>|"[^"]*"|„[^”]*”|'[^']*'/g, ' ')
    .split(/\s+/)
    .map((token) => token.replace(/[.,;:)(]+$|^[(]+/g, ''))
    // Code, addresses and names of headers and types: Last-Modified, User-Agent, WebSite, og:image.
    // And the command line: our command's name and its flags (site-content-mcp serve --content-dir).
    .filter((token) => !/[./:=_@()[\]{}]|\p{Lu}\p{Ll}*-\p{Lu}|\p{Ll}\p{Lu}|^--?\p{L}|^site-content-mcp$/u.test(token))
    .filter((token) => !IDENTIFIERS.has(token))
    .flatMap((token) => token.toLowerCase().match(/\p{L}{3,}/gu) ?? []);
}

/** Words Polish takes as they are (cookie), and schema.org property names a fix tells the site to add. */
const IDENTIFIERS = new Set(['cookie', 'name', 'url', 'logo', 'address', 'telephone']);

const SENDER: ReportSender = {
  company: 'Miarka Analytics sp. z o.o.',
  offer: () => ({ services: [], contact: { email: 'kontakt@miarka.example', phone: '+48 12 345 67 89', pageUrl: 'https://miarka.example/pl/kontakt/' } }),
};

let ctx: AppContext;
const clock = new FixedClock(Date.parse('2026-11-21T12:00:00Z'));
const sites: FixtureSite[] = [];
let scans = 0;

beforeAll(async () => {
  ctx = await scanTestContext({ clock });
});
afterAll(async () => {
  await ctx.close();
  await Promise.all(sites.map((site) => site.close()));
});

async function polishReport(kind: ScanKind, site: FixtureSite): Promise<{ result: ScanResult; report: string }> {
  scans += 1;
  const { finished } = await ctx.scans.start(kind, `${site.origin}/`, `owner${scans}@acme-heating.co.uk`, `requester-${scans}`, 'pl');
  const status = await finished;
  expect(status.status, status.error).toBe('done');
  return { result: status.result!, report: renderReportText(reportContent(status.result!, SENDER, 'scan_test')) };
}

describe.each(Object.entries(FIXTURES))('the %s fixture site, reported in Polish', (_name, routes) => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite(routes);
    sites.push(site);
    clock.advance(24 * 60 * 60 * 1000);
  });

  it.each(['analytics', 'ai_visibility'] as const)('%s: the report’s own words hold no English word of our catalog', async (kind) => {
    const { report } = await polishReport(kind, site);
    const english = englishWords();
    const found = [...new Set(ownWords(report).filter((word) => english.has(word)))];
    expect(found, report).toEqual([]);
  });
});
