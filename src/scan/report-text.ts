import { hasMessage, message, type MessageKey, type MessageValues } from '../messages/catalog.js';
import type { Severity } from './checks/check.js';
import type { ReportLanguage } from './report-language.js';
import type { ScanKind } from './snapshot.js';

/**
 * The words of a scan result and its report in one language, read from the message catalogs
 * (src/messages/pl.ts, en.ts), where every sentence is written and reviewed. Labels are plain
 * strings (the HTML is laid out in a worker thread and gets plain data); sentences with
 * arguments are functions.
 */
export interface ReportWords {
  readonly severity: Readonly<Record<Severity, string>>;
  readonly severityHeading: Readonly<Record<Severity, string>>;
  grade(grade: string, score: number): string;
  readonly couldNotVerify: string;
  subject(host: string, kind: ScanKind, verdict: string): string;
  readonly greeting: string;
  intro(url: string, kind: ScanKind, scanId: string, when: string): string;
  readonly fixFirst: string;
  readonly noProblems: string;
  readonly found: string;
  readonly where: string;
  readonly evidence: string;
  readonly checked: string;
  readonly quoted: string;
  readonly fix: string;
  readonly notVerifiedHeading: string;
  readonly notApplicableHeading: string;
  readonly passedHeading: string;
  readonly nextStepHeading: string;
  nextStep(service: string, price: string): string;
  readonly nextStepGeneric: string;
  readonly contactHeading: string;
  readonly contactForm: string;
  readonly contactPage: string;
  readonly phone: string;
  readonly email: string;
  readonly quotedIndividually: string;
  priceFrom(amount: string): string;
  scannedWith(finalUrl: string, requests: number, seconds: number, browser: boolean): string;
  readonly notRequested: string;
  summary(parts: { grade: string; score: number; counts: readonly (readonly [Severity, number])[]; info: number; notVerified: number }): string;
  readonly criticalCap: string;
  basicsCap(basics: readonly string[], grade: string, uncapped: number): string;
  tooFewChecks(percent: number): string;
  evidenceInline(evidence: string): string;
}

const SEVERITIES: readonly Severity[] = ['critical', 'high', 'medium', 'low', 'info'];

function reportWords(lang: ReportLanguage): ReportWords {
  const say = (key: MessageKey, values?: MessageValues) => message(lang, key, values);
  const bySeverity = (key: MessageKey) => Object.fromEntries(SEVERITIES.map((severity) => [severity, say(key, { severity })])) as Record<Severity, string>;
  return {
    severity: bySeverity('report.severity'),
    severityHeading: bySeverity('report.severityHeading'),
    grade: (grade, score) => say('report.grade', { grade, score }),
    couldNotVerify: say('report.couldNotVerify'),
    subject: (host, kind, verdict) => say('report.subject', { host, kind, verdict }),
    greeting: say('report.greeting'),
    intro: (url, kind, scanId, when) => say('report.intro', { url, kind, scanId, when }),
    fixFirst: say('report.fixFirst'),
    noProblems: say('report.noProblems'),
    found: say('report.found'),
    where: say('report.where'),
    evidence: say('report.evidence'),
    checked: say('report.checked'),
    quoted: say('report.quoted'),
    fix: say('report.fix'),
    notVerifiedHeading: say('report.notVerifiedHeading'),
    notApplicableHeading: say('report.notApplicableHeading'),
    passedHeading: say('report.passedHeading'),
    nextStepHeading: say('report.nextStepHeading'),
    nextStep: (service, price) => say('report.nextStep', { service, price }),
    nextStepGeneric: say('report.nextStepGeneric'),
    contactHeading: say('report.contactHeading'),
    contactForm: say('report.contactForm'),
    contactPage: say('report.contactPage'),
    phone: say('report.phone'),
    email: say('report.email'),
    quotedIndividually: say('report.quotedIndividually'),
    priceFrom: (amount) => say('report.priceFrom', { amount }),
    scannedWith: (url, requests, seconds, browser) => say('report.scannedWith', { url, requests, seconds, browser: browser ? 'yes' : 'no' }),
    notRequested: say('report.notRequested'),
    summary: ({ grade, score, counts, info, notVerified }) => {
      const parts = [
        counts.length === 0 ? say('summary.noProblems') : say('summary.problems', { counts: counts.map(([severity, count]) => say('summary.severityCount', { severity, count })).join(', ') }),
        info > 0 ? say('summary.info', { count: info }) : '',
        notVerified > 0 ? say('summary.notVerified', { count: notVerified }) : '',
      ].filter(Boolean);
      return say('summary.line', { grade, score, details: parts.join('; ') });
    },
    criticalCap: say('summary.criticalCap'),
    basicsCap: (basics, grade, uncapped) => {
      const named = basics.map((basic) => {
        const key = `basic.${basic}`;
        return hasMessage(key) ? say(key) : basic;
      });
      return say('summary.basicsCap', { basics: named.join(', '), grade, uncapped });
    },
    tooFewChecks: (percent) => say('summary.tooFewChecks', { percent }),
    evidenceInline: (evidence) => say('report.evidenceInline', { evidence }),
  };
}

export const REPORT_WORDS: Readonly<Record<ReportLanguage, ReportWords>> = { en: reportWords('en'), pl: reportWords('pl') };

/** A check's title in the report's language, from the catalogs (`check.<id>.title`); the check's own English title when it has none. */
export function checkTitle(lang: ReportLanguage, id: string, english: string): string {
  const key = `check.${id}.title`;
  return hasMessage(key) ? message(lang, key) : english;
}
