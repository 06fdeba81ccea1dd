import { joined, m, notVerified, passed, problem, problems, problemsOr, Findings, type CheckSpec, type Finding, type Text } from '../check.js';
import { headerEvidence, lineEvidence, quote, statusEvidence } from '../evidence.js';
import { AI_CRAWLERS, type Crawler, type CrawlerClass } from './crawlers.js';
import { readRobots, type RobotsFile } from './robots-file.js';
import { looksLikeHtml } from '../../snapshot.js';

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
            found: m('check.V1.missing', { status }),
            evidence: [statusEvidence(robots.response.finalUrl, status)],
            fix: m('check.V1.fix'),
            url: robots.response.finalUrl,
          });
    }
    if (robots.state === 'unreachable') {
      const { status } = robots.response;
      return problem({
            severity: 'critical',
            found: m('check.V1.unreachable', { status }),
            evidence: [statusEvidence(robots.response.finalUrl, status)],
            fix: m('check.V1.fix2'),
            url: robots.response.finalUrl,
          });
    }
    const file = robots.file;
    const { response } = file;
    const findings = new Findings();
    const servedAPage = looksLikeHtml(response);
    if (servedAPage) {
      findings.add({
        severity: 'high',
        found: m('check.V1.found'),
        evidence: [headerEvidence('Content-Type', response.headers['content-type']), quote(response.body.slice(0, 120))],
        fix: m('check.V1.fix3'),
        url: file.url,
      });
    } else if (response.mediaType !== 'text/plain') {
      findings.add({
        severity: 'low',
        found: m('check.V1.mediaType', { type: response.mediaType || 'none' }),
        evidence: [headerEvidence('Content-Type', response.headers['content-type'])],
        fix: m('check.V1.fix4'),
        url: file.url,
      });
    }
    if (response.bodyBytes > ROBOTS_SIZE_LIMIT || response.truncated) {
      findings.add({
        severity: 'medium',
        found: m('check.V1.tooLarge', { kib: Math.round(response.bodyBytes / 1024), more: response.truncated ? 'yes' : 'no' }),
        checked: m('evidence.bytes', { bytes: response.bodyBytes }),
        evidence: [],
        fix: m('check.V1.fix5'),
        url: file.url,
      });
    }
    if (!servedAPage && file.malformed.length > 0) {
      findings.add({
        severity: 'low',
        found: m('check.V1.malformed', { count: file.malformed.length }),
        evidence: file.malformed.slice(0, 3).map((line) => lineEvidence('robots.txt', line.number, line.text)),
        fix: m('check.V1.fix6'),
        url: file.url,
      });
    }
    if (file.orphanRules.length > 0) {
      findings.add({
        severity: 'low',
        found: m('check.V1.found2'),
        evidence: file.orphanRules.slice(0, 3).map((line) => lineEvidence('robots.txt', line.number, line.text)),
        fix: m('check.V1.fix7'),
        url: file.url,
      });
    }
    return findings.orPassed(m('check.V1.passed', { groups: file.groups.length, lines: file.lines.length }));
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
    label: m('check.V2.classSearch'),
    severity: 'critical',
    consequence: m('check.V2.consequenceSearch'),
  },
  'user-fetch': {
    label: m('check.V2.classUserFetch'),
    severity: 'critical',
    consequence: m('check.V2.consequenceUserFetch'),
  },
  training: {
    label: m('check.V2.classTraining'),
    severity: 'info',
    consequence: m('check.V2.consequenceTraining'),
  },
};

export const aiCrawlerPolicy: CheckSpec = {
  id: 'V2',
  title: 'AI crawlers are allowed (by class: search, user fetch, training)',
  weight: 20,
  run(snapshot) {
    const robots = readRobots(snapshot);
    if (robots.state === 'not-verified') return notVerified(robots.reason);
    if (robots.state === 'missing') return passed(m('check.V2.passedNoRobots'));
    if (robots.state === 'unreachable') {
      return problems(
        (['search', 'user-fetch'] as const).map((crawlerClass) => ({
          severity: 'critical' as const,
          found: m('check.V2.unreachable', { status: robots.response.status, label: CLASS_TEXT[crawlerClass].label, consequence: CLASS_TEXT[crawlerClass].consequence }),
          evidence: [statusEvidence(robots.response.finalUrl, robots.response.status)],
          fix: m('check.V2.fix'),
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
          found: m('check.V2.blocked', { count: ofClass.length, label: text.label, names, consequence: text.consequence }),
          checked: joined(ofClass.map((entry) => m('V2.blockedBy', { crawler: entry.crawler.token, own: entry.viaWildcard ? 'no' : 'yes', path: entry.path }))),
          evidence: [...new Set(ofClass.flatMap((entry) => (entry.line === undefined ? [] : [entry.line])))],
          fix:
            crawlerClass === 'training' ? m('check.V2.trainingFix') : m('check.V2.allowFix', { crawler: ofClass[0]!.crawler.token }),
          url: file.url,
        },
      ];
    });
    return problemsOr(findings, m('check.V2.passed', { count: AI_CRAWLERS.length, paths }));
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
    if (robots.state !== 'served') return passed(m('check.V3.passedNoRobots'));
    const file = robots.file;
    const signals = [
      ...file.globalSignals.map((line) => ({ line, group: undefined })),
      ...file.groups.flatMap((group) => group.contentSignals.map((line) => ({ line, group }))),
    ];
    if (signals.length === 0) return passed(m('check.V3.passed2'));
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
          found: m('check.V3.unreadable', { values: bad.map((pair) => `"${quote(pair, 40)}"`), empty: bad.length > 0 ? 'no' : 'yes' }),
          evidence: [lineEvidence('robots.txt', line.number, line.text)],
          fix: m('check.V3.fix'),
          url: file.url,
        });
      }
      const disallowsAll = group?.rules.find((rule) => rule.directive === 'disallow' && rule.value === '/');
      const granted = ['search', 'ai-input'].filter((key) => parsed.get(key) === 'yes');
      if (disallowsAll !== undefined && granted.length > 0) {
        findings.add({
          severity: 'low',
          found: m('check.V3.contradicts', { signals: granted.map((key) => `${key}=yes`).join(', ') }),
          evidence: [lineEvidence('robots.txt', line.number, line.text), lineEvidence('robots.txt', disallowsAll.number, disallowsAll.text)],
          fix: m('check.V3.fix2'),
          url: file.url,
        });
      }
    }
    return findings.orPassed(m('check.V3.passed', { signals: signals.map(({ line }) => `"${quote(line.value, 80)}"`) }));
  },
};

