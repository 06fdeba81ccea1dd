import { notVerified, passed, problem, problemsOr, Findings, type CheckSpec, type Finding } from '../check.js';
import { headerEvidence, lineEvidence, listing, plural, quote, statusEvidence } from '../evidence.js';
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
            found: `There is no robots.txt (HTTP ${status}). Crawlers may then crawl everything, but the file is where a site names its sitemap and states its policy for AI crawlers.`,
            evidence: [statusEvidence(robots.response.finalUrl, status)],
            fix: 'Publish /robots.txt as text/plain with a User-agent: * group, explicit groups for the AI crawlers you welcome, and a Sitemap: line.',
            url: robots.response.finalUrl,
          });
    }
    if (robots.state === 'unreachable') {
      const { status } = robots.response;
      return problem({
            severity: 'critical',
            found: `robots.txt answers HTTP ${status}. Crawlers that follow RFC 9309 (Google among them) then treat the whole site as disallowed.`,
            evidence: [statusEvidence(robots.response.finalUrl, status)],
            fix: 'Make /robots.txt answer 200 with the file (or 404 if you want no rules at all); never a server error.',
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
        found: 'robots.txt answers with an HTML page (often the site\'s catch-all page), so crawlers find no rules in it, or misread it.',
        evidence: [headerEvidence('Content-Type', response.headers['content-type']), quote(response.body.slice(0, 120))],
        fix: 'Serve a real robots.txt file at /robots.txt with Content-Type: text/plain.',
        url: file.url,
      });
    } else if (response.mediaType !== 'text/plain') {
      findings.add({
        severity: 'low',
        found: `robots.txt is served as ${response.mediaType || 'no content type'} instead of text/plain.`,
        evidence: [headerEvidence('Content-Type', response.headers['content-type'])],
        fix: 'Serve /robots.txt with Content-Type: text/plain; charset=utf-8.',
        url: file.url,
      });
    }
    if (response.bodyBytes > ROBOTS_SIZE_LIMIT || response.truncated) {
      findings.add({
        severity: 'medium',
        found: `robots.txt is ${Math.round(response.bodyBytes / 1024)} KiB${response.truncated ? ' or more' : ''}; crawlers only have to read the first 500 KiB, so rules beyond that may be ignored.`,
        evidence: [`${response.bodyBytes} bytes`],
        fix: 'Shorten robots.txt below 500 KiB: use wildcards instead of listing every path.',
        url: file.url,
      });
    }
    if (!looksLikeHtml && file.malformed.length > 0) {
      findings.add({
        severity: 'low',
        found: `${plural(file.malformed.length, 'line')} of robots.txt cannot be parsed (no "name: value"), and crawlers skip them.`,
        evidence: file.malformed.slice(0, 3).map((line) => lineEvidence('robots.txt', line.number, line.text)),
        fix: 'Write every rule as "Directive: value", e.g. "Disallow: /admin/".',
        url: file.url,
      });
    }
    if (file.orphanRules.length > 0) {
      findings.add({
        severity: 'low',
        found: 'robots.txt has Allow/Disallow rules before any User-agent line; crawlers ignore them.',
        evidence: file.orphanRules.slice(0, 3).map((line) => lineEvidence('robots.txt', line.number, line.text)),
        fix: 'Put "User-agent: *" (or the crawler\'s name) above the rules it should apply to.',
        url: file.url,
      });
    }
    return findings.orPassed(`robots.txt is served as text/plain (${plural(file.groups.length, 'group')}, ${plural(file.lines.length, 'line')}).`);
  },
};

interface Blocked {
  readonly crawler: Crawler;
  readonly path: string;
  readonly line: string | undefined;
  readonly viaWildcard: boolean;
}

const CLASS_TEXT: Record<CrawlerClass, { label: string; severity: Finding['severity']; consequence: string }> = {
  search: {
    label: 'AI search crawlers',
    severity: 'critical',
    consequence: 'The site cannot be found and cited in their answers.',
  },
  'user-fetch': {
    label: 'crawlers that fetch pages for a user',
    severity: 'critical',
    consequence: 'When a person asks an assistant about this site or pastes a link, the assistant is not allowed to read the page.',
  },
  training: {
    label: 'AI training crawlers',
    severity: 'info',
    consequence: 'The content is not used to train these models. This is a legitimate choice and does not affect being found or cited in answers.',
  },
};

export const aiCrawlerPolicy: CheckSpec = {
  id: 'V2',
  title: 'AI crawlers are allowed (by class: search, user fetch, training)',
  weight: 20,
  run(snapshot) {
    const robots = readRobots(snapshot);
    if (robots.state === 'not-verified') return notVerified(robots.reason);
    if (robots.state === 'missing') return passed('No robots.txt, so every AI crawler may read the whole site.');
    if (robots.state === 'unreachable') {
      return problemsOr(
        (['search', 'user-fetch'] as const).map((crawlerClass) => ({
          severity: 'critical' as const,
          found: `While robots.txt answers HTTP ${robots.response.status}, all ${CLASS_TEXT[crawlerClass].label} must treat the site as disallowed. ${CLASS_TEXT[crawlerClass].consequence}`,
          evidence: [statusEvidence(robots.response.finalUrl, robots.response.status)],
          fix: 'Make /robots.txt answer 200 (or 404); see V1.',
          url: robots.response.finalUrl,
        })),
        '',
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
          found: `robots.txt blocks ${ofClass.length} of the ${text.label}: ${listing(names)}. ${text.consequence}`,
          evidence: ofClass.map((entry) => `${entry.crawler.token} ${entry.viaWildcard ? '(no group of its own, so User-agent: * applies)' : '(its own group)'} is disallowed on ${entry.path} by ${entry.line ?? 'a rule'}`).map((line) => quote(line)),
          fix:
            crawlerClass === 'training'
              ? 'Nothing to fix if this is your choice. To allow training, remove these crawlers from the Disallow groups.'
              : `Add a group that allows them, e.g. "User-agent: ${ofClass[0]!.crawler.token}" followed by "Allow: /", or remove the Disallow rule that catches them.`,
          url: file.url,
        },
      ];
    });
    return problemsOr(findings, `All ${AI_CRAWLERS.length} AI crawlers checked (search, user fetch and training) may read ${listing(paths)}.`);
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
    if (robots.state !== 'served') return passed('No robots.txt, so no Content-Signal (optional: an emerging standard, never penalised).');
    const file = robots.file;
    const signals = [
      ...file.globalSignals.map((line) => ({ line, group: undefined })),
      ...file.groups.flatMap((group) => group.contentSignals.map((line) => ({ line, group }))),
    ];
    if (signals.length === 0) return passed('No Content-Signal line (optional: an emerging standard, never penalised).');
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
          found: `A Content-Signal line has values crawlers cannot read: ${bad.length > 0 ? listing(bad.map((pair) => `"${quote(pair, 40)}"`)) : 'it is empty'}.`,
          evidence: [lineEvidence('robots.txt', line.number, line.text)],
          fix: 'Write it as "Content-Signal: search=yes, ai-input=yes, ai-train=no": keys search, ai-input, ai-train (yes or no), optionally use=immediate|reference|full.',
          url: file.url,
        });
      }
      const disallowsAll = group?.rules.find((rule) => rule.directive === 'disallow' && rule.value === '/');
      const granted = ['search', 'ai-input'].filter((key) => parsed.get(key) === 'yes');
      if (disallowsAll !== undefined && granted.length > 0) {
        findings.add({
          severity: 'low',
          found: `Content-Signal says ${granted.map((key) => `${key}=yes`).join(', ')}, but the same group disallows the whole site; crawlers must guess which one you mean.`,
          evidence: [lineEvidence('robots.txt', line.number, line.text), lineEvidence('robots.txt', disallowsAll.number, disallowsAll.text)],
          fix: 'Make the two agree: allow the crawlers you grant search or ai-input to, or set those signals to no.',
          url: file.url,
        });
      }
    }
    return findings.orPassed(`Content-Signal declared: ${listing(signals.map(({ line }) => `"${quote(line.value, 80)}"`))}.`);
  },
};

