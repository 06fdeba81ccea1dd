import type { Severity } from './checks/check.js';
import type { ReportLanguage } from './report-language.js';
import { formatPrice, matchingService, type ReportContact, type ReportOffer } from './report-offer.js';
import { REPORT_WORDS, type ReportWords } from './report-text.js';
import type { Problem, ScanResult } from './scan-result.js';

/**
 * What a scan report says, as plain data: the one home of the report's content, which the text
 * renderer (report-mail.ts), the HTML renderer (report-html.ts) and the layout worker all read.
 * It imports none of them, so the arrows run one way: mail -> layout worker -> HTML -> content.
 */

export interface ReportSender {
  /** The company that runs the scans, e.g. "Miarka Analytics sp. z o.o.". */
  readonly company: string;
  /** Its published services and contact options in `lang`, read from the site when a report is written. */
  offer(lang: ReportLanguage): ReportOffer;
}

const SEVERITIES: readonly Severity[] = ['critical', 'high', 'medium', 'low', 'info'];
/** How many problems the summary names as the ones to fix first. */
const FIX_FIRST = 3;

/** The fixed labels of the report's language (plain data: the HTML is laid out in a worker thread). */
export type ReportLabels = { readonly [K in keyof ReportWords as ReportWords[K] extends (...args: never[]) => unknown ? never : K]: ReportWords[K] };

function labelsOf(words: ReportWords): ReportLabels {
  return Object.fromEntries(Object.entries(words).filter(([, value]) => typeof value !== 'function')) as unknown as ReportLabels;
}

/** Everything a report says, in the order it says it; the text and HTML renderers only lay it out. */
export interface ReportContent {
  readonly words: ReportLabels;
  readonly greeting: string;
  readonly intro: string;
  /** "Grade C (68/100)", or "Could not be verified": the one place the grade appears. */
  readonly verdict: string;
  /** The summary without the grade (counts, caps). */
  readonly summary: string;
  readonly fixFirst: readonly Problem[];
  readonly groups: readonly { readonly severity: Severity; readonly heading: string; readonly problems: readonly Problem[] }[];
  /** Checks that could not be run, grouped by their reason like the not-applicable ones. */
  readonly notVerified: ReportContent['notApplicable'];
  /** Checks with nothing to check, grouped by their reason: one sentence, then the checks it covers. */
  readonly notApplicable: readonly { readonly reason: string; readonly checks: readonly { readonly check: string; readonly title: string }[] }[];
  readonly passed: ScanResult['passed'];
  readonly nextStep: { readonly text: string; readonly url?: string; readonly service?: string };
  readonly contact: ReportContact;
  readonly closing: readonly string[];
  readonly company: string;
}

/** What the report says: summary first (grade, the problems to fix first), problems by severity, then the next step and contact. */
export function reportContent(result: ScanResult, sender: ReportSender, scanId: string, browserUsed = false): ReportContent {
  const words = REPORT_WORDS[result.lang];
  const verdict = result.outcome === 'graded' ? words.grade(result.grade!, result.score!) : words.couldNotVerify;
  const rest = result.summary.startsWith(`${verdict}: `) ? result.summary.slice(verdict.length + 2) : result.summary;
  const summary = rest.charAt(0).toUpperCase() + rest.slice(1);
  const offer = sender.offer(result.lang);
  const service = matchingService(result.kind, result.problems, offer.services);
  return {
    words: labelsOf(words),
    greeting: words.greeting,
    intro: words.intro(result.url, result.kind, scanId, result.finished_at.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')),
    verdict,
    summary,
    fixFirst: result.problems.filter((problem) => problem.severity !== 'info').slice(0, FIX_FIRST),
    groups: SEVERITIES.map((severity) => ({ severity, heading: words.severityHeading[severity], problems: result.problems.filter((problem) => problem.severity === severity) })).filter(
      (group) => group.problems.length > 0,
    ),
    notVerified: byReason(result.not_verified),
    notApplicable: byReason(result.not_applicable),
    passed: result.passed,
    nextStep: service === undefined ? { text: words.nextStepGeneric } : { text: words.nextStep(service.name, formatPrice(service, result.lang, words)), url: service.url, service: service.name },
    contact: offer.contact,
    closing: [words.scannedWith(result.final_url, result.requests, Math.round(result.duration_ms / 100) / 10, browserUsed), words.notRequested],
    company: sender.company,
  };
}

export function contactLines(contact: ReportContact, words: ReportLabels): string[] {
  return [
    contact.email === undefined ? '' : `${words.email}: ${contact.email}`,
    contact.phone === undefined ? '' : `${words.phone}: ${contact.phone}`,
    // "Contact form" only for a real form (get_contact's hasContactForm); else the contact page.
    contact.formUrl !== undefined ? `${words.contactForm}: ${contact.formUrl}` : contact.pageUrl === undefined ? '' : `${words.contactPage}: ${contact.pageUrl}`,
  ].filter(Boolean);
}

/** Entries with the same reason under that reason once, in the order the checks come. */
function byReason(entries: ScanResult['not_applicable']): ReportContent['notApplicable'] {
  const groups = new Map<string, { check: string; title: string }[]>();
  for (const { check, title, reason } of entries) groups.set(reason, [...(groups.get(reason) ?? []), { check, title }]);
  return [...groups].map(([reason, checks]) => ({ reason, checks }));
}
