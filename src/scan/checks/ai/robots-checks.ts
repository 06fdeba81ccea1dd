import { joined, m, notVerified, passed, problem, problems, problemsOr, Findings, type CheckSpec, type Finding, type Text, t } from '../check.js';
import { headerEvidence, lineEvidence, listing, plural, quote, statusEvidence, listingPl, pluralPl } from '../evidence.js';
import { AI_CRAWLERS, type Crawler, type CrawlerClass } from './crawlers.js';
import { readRobots, type RobotsFile } from './robots-file.js';

/** RFC 9309: crawlers must parse at least 500 KiB; what lies beyond may be ignored. */
const ROBOTS_SIZE_LIMIT = 500 * 1024;

export const robotsHealth: CheckSpec = {
  id: 'V1',
  title: 'robots.txt is served and readable',
  weight: 8,
  run(snapshot) {
    const robots = readRobots(snapshot);
    if (robots.state === 'not-verified') return notVerified(robots.reason);
    if (robots.state === 'missing') {
      const { status } = robots.response;
      return problem({
            severity: 'low',
            found: t(`Brak pliku robots.txt (HTTP ${status}). Roboty mogą wtedy indeksować wszystko, ale to w tym pliku witryna wskazuje mapę witryny i określa zasady dla robotów AI.`, `There is no robots.txt (HTTP ${status}). Crawlers may then crawl everything, but the file is where a site names its sitemap and states its policy for AI crawlers.`),
            evidence: [statusEvidence(robots.response.finalUrl, status)],
            fix: t('Opublikuj /robots.txt jako text/plain z grupą User-agent: *, osobnymi grupami dla robotów AI, które chcesz wpuszczać, i wierszem Sitemap:.', 'Publish /robots.txt as text/plain with a User-agent: * group, explicit groups for the AI crawlers you welcome, and a Sitemap: line.'),
            url: robots.response.finalUrl,
          });
    }
    if (robots.state === 'unreachable') {
      const { status } = robots.response;
      return problem({
            severity: 'critical',
            found: t(`robots.txt odpowiada HTTP ${status}. Roboty zgodne z RFC 9309 (w tym Google) traktują wtedy całą witrynę jako zablokowaną.`, `robots.txt answers HTTP ${status}. Crawlers that follow RFC 9309 (Google among them) then treat the whole site as disallowed.`),
            evidence: [statusEvidence(robots.response.finalUrl, status)],
            fix: t('Zadbaj, aby /robots.txt odpowiadał 200 z treścią pliku (albo 404, jeśli nie chcesz żadnych reguł); nigdy błędem serwera.', 'Make /robots.txt answer 200 with the file (or 404 if you want no rules at all); never a server error.'),
            url: robots.response.finalUrl,
          });
    }
    const file = robots.file;
    const { response } = file;
    const findings = new Findings();
    const looksLikeHtml = response.mediaType === 'text/html' || /^\s*<(!doctype|html|head|body)/i.test(response.body);
    if (looksLikeHtml) {
      findings.add({
        severity: 'high',
        found: t('robots.txt odpowiada stroną HTML (często domyślną stroną witryny), więc roboty nie znajdują w nim reguł albo odczytują je błędnie.', 'robots.txt answers with an HTML page (often the site\'s catch-all page), so crawlers find no rules in it, or misread it.'),
        evidence: [headerEvidence('Content-Type', response.headers['content-type']), quote(response.body.slice(0, 120))],
        fix: t('Udostępnij pod /robots.txt prawdziwy plik robots.txt z nagłówkiem Content-Type: text/plain.', 'Serve a real robots.txt file at /robots.txt with Content-Type: text/plain.'),
        url: file.url,
      });
    } else if (response.mediaType !== 'text/plain') {
      findings.add({
        severity: 'low',
        found: t(`robots.txt jest wysyłany jako ${response.mediaType || 'plik bez typu treści'} zamiast text/plain.`, `robots.txt is served as ${response.mediaType || 'no content type'} instead of text/plain.`),
        evidence: [headerEvidence('Content-Type', response.headers['content-type'])],
        fix: t('Wysyłaj /robots.txt z nagłówkiem Content-Type: text/plain; charset=utf-8.', 'Serve /robots.txt with Content-Type: text/plain; charset=utf-8.'),
        url: file.url,
      });
    }
    if (response.bodyBytes > ROBOTS_SIZE_LIMIT || response.truncated) {
      findings.add({
        severity: 'medium',
        found: t(`robots.txt ma ${Math.round(response.bodyBytes / 1024)} KiB${response.truncated ? ' lub więcej' : ''}; roboty muszą przeczytać tylko pierwsze 500 KiB, więc dalsze reguły mogą zostać pominięte.`, `robots.txt is ${Math.round(response.bodyBytes / 1024)} KiB${response.truncated ? ' or more' : ''}; crawlers only have to read the first 500 KiB, so rules beyond that may be ignored.`),
        checked: m('evidence.bytes', { bytes: response.bodyBytes }),
        evidence: [],
        fix: t('Skróć robots.txt poniżej 500 KiB: używaj symboli wieloznacznych zamiast wypisywać każdą ścieżkę.', 'Shorten robots.txt below 500 KiB: use wildcards instead of listing every path.'),
        url: file.url,
      });
    }
    if (!looksLikeHtml && file.malformed.length > 0) {
      findings.add({
        severity: 'low',
        found: t(`${pluralPl(file.malformed.length, 'wiersz', 'wiersze', 'wierszy')} robots.txt nie da się odczytać (brak formy „nazwa: wartość”), więc roboty je pomijają.`, `${plural(file.malformed.length, 'line')} of robots.txt cannot be parsed (no "name: value"), and crawlers skip them.`),
        evidence: file.malformed.slice(0, 3).map((line) => lineEvidence('robots.txt', line.number, line.text)),
        fix: t('Zapisuj każdą regułę jako „Dyrektywa: wartość”, np. „Disallow: /admin/”.', 'Write every rule as "Directive: value", e.g. "Disallow: /admin/".'),
        url: file.url,
      });
    }
    if (file.orphanRules.length > 0) {
      findings.add({
        severity: 'low',
        found: t('robots.txt zawiera reguły Allow/Disallow przed pierwszym wierszem User-agent; roboty je ignorują.', 'robots.txt has Allow/Disallow rules before any User-agent line; crawlers ignore them.'),
        evidence: file.orphanRules.slice(0, 3).map((line) => lineEvidence('robots.txt', line.number, line.text)),
        fix: t('Umieść „User-agent: *” (lub nazwę robota) nad regułami, które mają go dotyczyć.', 'Put "User-agent: *" (or the crawler\'s name) above the rules it should apply to.'),
        url: file.url,
      });
    }
    return findings.orPassed(t(`robots.txt jest wysyłany jako text/plain (${pluralPl(file.groups.length, 'grupa', 'grupy', 'grup')}, ${pluralPl(file.lines.length, 'wiersz', 'wiersze', 'wierszy')}).`, `robots.txt is served as text/plain (${plural(file.groups.length, 'group')}, ${plural(file.lines.length, 'line')}).`));
  },
};

interface Blocked {
  readonly crawler: Crawler;
  readonly path: string;
  readonly line: string | undefined;
  readonly viaWildcard: boolean;
}

const CLASS_TEXT: Record<CrawlerClass, { label: Text; severity: Finding['severity']; consequence: Text }> = {
  search: {
    label: t('roboty wyszukiwarek AI', 'AI search crawlers'),
    severity: 'critical',
    consequence: t('Witryny nie da się znaleźć ani zacytować w ich odpowiedziach.', 'The site cannot be found and cited in their answers.'),
  },
  'user-fetch': {
    label: t('roboty pobierające strony na prośbę użytkownika', 'crawlers that fetch pages for a user'),
    severity: 'critical',
    consequence: t(
      'Gdy ktoś pyta asystenta AI o tę witrynę lub wkleja do niego link, asystent nie może przeczytać strony.',
      'When a person asks an assistant about this site or pastes a link, the assistant is not allowed to read the page.',
    ),
  },
  training: {
    label: t('roboty trenujące modele AI', 'AI training crawlers'),
    severity: 'info',
    consequence: t(
      'Treść nie jest używana do trenowania tych modeli. To uprawniony wybór, który nie wpływa na znajdowanie i cytowanie witryny w odpowiedziach.',
      'The content is not used to train these models. This is a legitimate choice and does not affect being found or cited in answers.',
    ),
  },
};

export const aiCrawlerPolicy: CheckSpec = {
  id: 'V2',
  title: 'AI crawlers are allowed (by class: search, user fetch, training)',
  weight: 20,
  run(snapshot) {
    const robots = readRobots(snapshot);
    if (robots.state === 'not-verified') return notVerified(robots.reason);
    if (robots.state === 'missing') return passed(t('Brak robots.txt, więc każdy robot AI może czytać całą witrynę.', 'No robots.txt, so every AI crawler may read the whole site.'));
    if (robots.state === 'unreachable') {
      return problems(
        (['search', 'user-fetch'] as const).map((crawlerClass) => ({
          severity: 'critical' as const,
          found: t(`Dopóki robots.txt odpowiada HTTP ${robots.response.status}, wszystkie ${CLASS_TEXT[crawlerClass].label.pl} muszą traktować witrynę jako zablokowaną. ${CLASS_TEXT[crawlerClass].consequence.pl}`, `While robots.txt answers HTTP ${robots.response.status}, all ${CLASS_TEXT[crawlerClass].label.en} must treat the site as disallowed. ${CLASS_TEXT[crawlerClass].consequence.en}`),
          evidence: [statusEvidence(robots.response.finalUrl, robots.response.status)],
          fix: t('Zadbaj, aby /robots.txt odpowiadał 200 (lub 404); zob. V1.', 'Make /robots.txt answer 200 (or 404); see V1.'),
          url: robots.response.finalUrl,
        })),
      );
    }
    const file = robots.file;
    const paths = keyPaths(snapshot.home.url, snapshot.pages.map((page) => page.url));
    const blocked: Blocked[] = [];
    for (const crawler of AI_CRAWLERS) {
      const path = paths.find((candidate) => !file.isAllowed(candidate, crawler.token));
      if (path === undefined) continue;
      const line = file.decidingLine(path, crawler.token);
      blocked.push({ crawler, path, line: line && lineEvidence('robots.txt', line.number, line.text), viaWildcard: !file.namesAgent(crawler.token) });
    }
    const findings: Finding[] = (['search', 'user-fetch', 'training'] as const).flatMap((crawlerClass) => {
      const ofClass = blocked.filter((entry) => entry.crawler.class === crawlerClass);
      if (ofClass.length === 0) return [];
      const text = CLASS_TEXT[crawlerClass];
      const names = ofClass.map((entry) => `${entry.crawler.token} (${entry.crawler.operator})`);
      return [
        {
          severity: text.severity,
          found: t(`robots.txt blokuje ${ofClass.length} z kategorii „${text.label.pl}”: ${listingPl(names)}. ${text.consequence.pl}`, `robots.txt blocks ${ofClass.length} of the ${text.label.en}: ${listing(names)}. ${text.consequence.en}`),
          checked: joined(ofClass.map((entry) => m('V2.blockedBy', { crawler: entry.crawler.token, own: entry.viaWildcard ? 'no' : 'yes', path: entry.path }))),
          evidence: [...new Set(ofClass.flatMap((entry) => (entry.line === undefined ? [] : [entry.line])))],
          fix:
            t(crawlerClass === 'training' ? 'Jeśli to świadomy wybór, nie trzeba nic poprawiać. Aby zezwolić na trenowanie, usuń te roboty z grup Disallow.' : `Dodaj grupę, która je wpuszcza, np. „User-agent: ${ofClass[0]!.crawler.token}”, a pod nią „Allow: /”, albo usuń regułę Disallow, która je obejmuje.`, crawlerClass === 'training'
              ? 'Nothing to fix if this is your choice. To allow training, remove these crawlers from the Disallow groups.'
              : `Add a group that allows them, e.g. "User-agent: ${ofClass[0]!.crawler.token}" followed by "Allow: /", or remove the Disallow rule that catches them.`),
          url: file.url,
        },
      ];
    });
    return problemsOr(findings, t(`Wszystkie sprawdzone roboty AI (${AI_CRAWLERS.length}: wyszukiwarki, pobieranie na prośbę użytkownika i trenowanie) mogą czytać ${listingPl(paths)}.`, `All ${AI_CRAWLERS.length} AI crawlers checked (search, user fetch and training) may read ${listing(paths)}.`));
  },
};

/** The paths whose access matters most: the site root, the home page and the inner pages read. */
function keyPaths(homeUrl: string, pageUrls: readonly string[]): string[] {
  const origin = new URL(homeUrl).origin;
  const paths = ['/', ...[homeUrl, ...pageUrls].filter((url) => new URL(url).origin === origin).map((url) => new URL(url).pathname)];
  return [...new Set(paths)];
}

const SIGNAL_KEYS: Record<string, RegExp> = {
  search: /^(yes|no)$/,
  'ai-input': /^(yes|no)$/,
  'ai-train': /^(yes|no)$/,
  use: /^(immediate|reference|full)$/,
};

export const contentSignal: CheckSpec = {
  id: 'V3',
  title: 'Content-Signal in robots.txt (optional, informational)',
  weight: 0,
  run(snapshot) {
    const robots = readRobots(snapshot);
    if (robots.state === 'not-verified') return notVerified(robots.reason);
    if (robots.state !== 'served') return passed(t('Brak robots.txt, więc nie ma też Content-Signal (opcjonalny, dopiero powstający standard; bez wpływu na ocenę).', 'No robots.txt, so no Content-Signal (optional: an emerging standard, never penalised).'));
    const file = robots.file;
    const signals = [
      ...file.globalSignals.map((line) => ({ line, group: undefined })),
      ...file.groups.flatMap((group) => group.contentSignals.map((line) => ({ line, group }))),
    ];
    if (signals.length === 0) return passed(t('Brak wiersza Content-Signal (opcjonalny, dopiero powstający standard; bez wpływu na ocenę).', 'No Content-Signal line (optional: an emerging standard, never penalised).'));
    const findings = new Findings();
    for (const { line, group } of signals) {
      const pairs = line.value.split(',').map((pair) => pair.trim()).filter(Boolean);
      const parsed = new Map<string, string>();
      const bad: string[] = [];
      for (const pair of pairs) {
        const [key, value, ...rest] = pair.split('=').map((part) => part.trim().toLowerCase());
        if (key === undefined || value === undefined || rest.length > 0 || !(key in SIGNAL_KEYS) || !SIGNAL_KEYS[key]!.test(value)) bad.push(pair);
        else parsed.set(key, value);
      }
      if (bad.length > 0 || pairs.length === 0) {
        findings.add({
          severity: 'low',
          found: t(`Wiersz Content-Signal ma wartości, których roboty nie odczytają: ${bad.length > 0 ? listingPl(bad.map((pair) => `"${quote(pair, 40)}"`)) : 'jest pusty'}.`, `A Content-Signal line has values crawlers cannot read: ${bad.length > 0 ? listing(bad.map((pair) => `"${quote(pair, 40)}"`)) : 'it is empty'}.`),
          evidence: [lineEvidence('robots.txt', line.number, line.text)],
          fix: t('Zapisz go jako „Content-Signal: search=yes, ai-input=yes, ai-train=no”: klucze search, ai-input, ai-train (yes lub no), opcjonalnie use=immediate|reference|full.', 'Write it as "Content-Signal: search=yes, ai-input=yes, ai-train=no": keys search, ai-input, ai-train (yes or no), optionally use=immediate|reference|full.'),
          url: file.url,
        });
      }
      const disallowsAll = group?.rules.find((rule) => rule.directive === 'disallow' && rule.value === '/');
      const granted = ['search', 'ai-input'].filter((key) => parsed.get(key) === 'yes');
      if (disallowsAll !== undefined && granted.length > 0) {
        findings.add({
          severity: 'low',
          found: t(`Content-Signal deklaruje ${granted.map((key) => `${key}=yes`).join(', ')}, ale ta sama grupa blokuje całą witrynę; roboty muszą zgadywać, o co chodzi.`, `Content-Signal says ${granted.map((key) => `${key}=yes`).join(', ')}, but the same group disallows the whole site; crawlers must guess which one you mean.`),
          evidence: [lineEvidence('robots.txt', line.number, line.text), lineEvidence('robots.txt', disallowsAll.number, disallowsAll.text)],
          fix: t('Uzgodnij jedno z drugim: wpuść roboty, którym zezwalasz na search lub ai-input, albo ustaw te sygnały na no.', 'Make the two agree: allow the crawlers you grant search or ai-input to, or set those signals to no.'),
          url: file.url,
        });
      }
    }
    return findings.orPassed(t(`Zadeklarowany Content-Signal: ${listingPl(signals.map(({ line }) => `"${quote(line.value, 80)}"`))}.`, `Content-Signal declared: ${listing(signals.map(({ line }) => `"${quote(line.value, 80)}"`))}.`));
  },
};

