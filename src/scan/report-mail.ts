import { contactLines, reportContent, type ReportContent, type ReportSender } from './report-content.js';
import { renderHtmlOffThread } from './report-layout-worker.js';
import { REPORT_WORDS } from './report-text.js';
import type { ScanResult } from './scan-result.js';

export interface ReportMail {
  /** The person's own address, as they gave it (validated). */
  readonly to: string;
  readonly subject: string;
  /** The whole report as plain text (the alternative every client can show). */
  readonly text: string;
  /** The same report as HTML: self-contained (no remote images, fonts or styles); everything from the site escaped. */
  readonly html: string;
}

/**
 * How a scan report reaches the person: one call. `send` resolves once the message is durably
 * accepted for delivery (written to the outbox), and rejects if it could not be; delivery
 * itself happens later, with retries. The durable outbox (src/mail) implements it.
 */
export interface ReportMailer {
  send(mail: ReportMail): Promise<void>;
}

export function reportSubject(result: ScanResult): string {
  const words = REPORT_WORDS[result.lang];
  const verdict = result.outcome === 'graded' ? words.grade(result.grade!, result.score!) : words.couldNotVerify;
  return words.subject(safeHost(result.final_url), result.kind, verdict.charAt(0).toLowerCase() + verdict.slice(1));
}

/**
 * The full report as plain text. Evidence is quoted from the scanned site and labelled as
 * such; it was already cleaned (control and invisible characters, length) when collected.
 */
export function renderReportText(content: ReportContent): string {
  const { words } = content;
  const lines: string[] = [];
  const push = (...more: string[]) => lines.push(...more);
  push(content.greeting, '', ...wrap(content.intro, ''), '', content.verdict.toUpperCase(), ...wrap(content.summary, ''), '');
  push(`${words.fixFirst.toUpperCase()}:`);
  if (content.fixFirst.length === 0) push(`  ${words.noProblems}`);
  content.fixFirst.forEach((problem, index) => push(...wrap(`${index + 1}. ${problem.found}`, '   ', '  ')));
  push('');
  let number = 0;
  for (const group of content.groups) {
    push(group.heading.toUpperCase(), '');
    for (const problem of group.problems) {
      number += 1;
      push(`${number}. ${problem.check} ${problem.title}`);
      push(...wrap(`${words.found}: ${problem.found}`, '   ', '   '));
      const pages = problem.pages ?? (problem.url === undefined ? [] : [problem.url]);
      if (pages.length > 0) push(`   ${words.where}: ${pages.join(', ')}`);
      if (problem.checked !== undefined) push(...wrap(`${words.checked}: ${problem.checked}`, '   ', '   '));
      if (problem.evidence.length > 0) {
        push(`   ${words.quoted}:`);
        for (const line of problem.evidence) push(`     > ${line}`);
      }
      push(...wrap(`${words.fix}: ${problem.fix}`, '   ', '   '), '');
    }
  }
  const list = (heading: string, entries: readonly { check: string; title: string; reason?: string; found?: string }[]) => {
    if (entries.length === 0) return;
    push(heading.toUpperCase(), '');
    for (const entry of entries) push(...wrap(`- ${entry.check} ${entry.title}: ${entry.reason ?? entry.found ?? ''}`, '  '));
    push('');
  };
  const grouped = (heading: string, groups: ReportContent['notApplicable']) => {
    if (groups.length === 0) return;
    push(heading.toUpperCase(), '');
    for (const group of groups) {
      push(...wrap(`- ${group.reason}`, '  '));
      for (const entry of group.checks) push(...wrap(`${entry.check} ${entry.title}`, '      ', '    '));
    }
    push('');
  };
  grouped(words.notVerifiedHeading, content.notVerified);
  grouped(words.notApplicableHeading, content.notApplicable);
  list(words.passedHeading, content.passed);
  push(words.nextStepHeading.toUpperCase(), ...wrap(content.nextStep.text, ''));
  if (content.nextStep.url !== undefined) push(content.nextStep.url);
  push('', `${words.contactHeading.toUpperCase()}:`, ...contactLines(content.contact, words).map((line) => `  ${line}`));
  if (content.contact.note !== undefined) push(...wrap(content.contact.note, '  ', '  '));
  push('', ...content.closing.flatMap((line) => [...wrap(line, ''), '']), content.company);
  return `${lines.join('\n')}\n`;
}

/** The report e-mail: subject, plain text and HTML (laid out off the event loop, see report-layout-worker.ts). */
export async function reportMail(to: string, result: ScanResult, sender: ReportSender, scanId: string, browserUsed = false): Promise<ReportMail> {
  const content = reportContent(result, sender, scanId, browserUsed);
  return { to, subject: reportSubject(result), text: renderReportText(content), html: await renderHtmlOffThread(content) };
}

/** Wraps at `width`; the first line starts with `first`, the others with `indent`. */
function wrap(text: string, indent: string, first = '', width = 100): string[] {
  const words = text.split(' ');
  const out: string[] = [];
  let line = '';
  for (const word of words) {
    if (line !== '' && line.length + word.length + 1 > width) {
      out.push(line);
      line = indent + word;
    } else {
      line = line === '' ? (out.length === 0 ? first + word : indent + word) : `${line} ${word}`;
    }
  }
  if (line !== '') out.push(line);
  return out;
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** a****@example.com: enough for the person to recognise their address, not enough to harvest it. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = address.slice(0, at);
  return `${local[0]}${'*'.repeat(Math.max(3, Math.min(local.length - 1, 6)))}${address.slice(at)}`;
}
