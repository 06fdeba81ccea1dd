import type { ScanResult } from './scan-result.js';

export interface ReportMail {
  /** The person's own address, as they gave it (validated). */
  readonly to: string;
  readonly subject: string;
  /** Plain text only: nothing from the scanned site is ever rendered as HTML. */
  readonly text: string;
}

/**
 * How a scan report reaches the person: one call. `send` resolves once the message is durably
 * accepted for delivery (written to the outbox), and rejects if it could not be; delivery
 * itself happens later, with retries. The durable outbox (src/mail) implements it.
 */
export interface ReportMailer {
  send(mail: ReportMail): Promise<void>;
}

export interface ReportSender {
  /** The company that runs the scans, e.g. "Miarka Analytics sp. z o.o.". */
  readonly company: string;
  /** Where to reach it, e.g. its contact e-mail and page. */
  readonly contact: string;
}

const KIND_NAME = { analytics: 'analytics and tracking', ai_visibility: 'visibility in AI assistants' } as const;

export function reportSubject(result: ScanResult): string {
  const host = safeHost(result.final_url);
  const verdict = result.outcome === 'graded' ? `grade ${result.grade} (${result.score}/100)` : 'could not be verified';
  return `Website scan of ${host}: ${KIND_NAME[result.kind]}, ${verdict}`;
}

/**
 * The full report as plain text. Every problem with its evidence and fix, what could not be
 * verified and why, and what passed. Evidence is quoted from the scanned site and labelled as
 * such; it was already cleaned (control and invisible characters, length) when collected.
 */
export function renderReport(result: ScanResult, sender: ReportSender, scanId: string): string {
  const lines: string[] = [];
  const push = (...more: string[]) => lines.push(...more);
  push(
    'Hello,',
    '',
    `you asked ${sender.company} to scan ${result.url} for ${KIND_NAME[result.kind]} (scan ${scanId}, ${result.finished_at.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}). This is the full report.`,
    '',
    result.outcome === 'graded' ? `GRADE ${result.grade} (${result.score}/100)` : 'COULD NOT BE VERIFIED',
    result.summary,
    '',
  );
  if (result.problems.length > 0) {
    push('PROBLEMS, MOST IMPORTANT FIRST', '');
    result.problems.forEach((problem, index) => {
      push(`${index + 1}. [${problem.severity}] ${problem.check} ${problem.title}`);
      push(...wrap(`Found: ${problem.found}`, '   ', '   '));
      if (problem.url !== undefined) push(`   Where: ${problem.url}`);
      if (problem.evidence.length > 0) {
        push('   Evidence (quoted from the site):');
        for (const line of problem.evidence) push(`     > ${line}`);
      }
      push(...wrap(`Fix: ${problem.fix}`, '   ', '   '), '');
    });
  }
  if (result.not_verified.length > 0) {
    push('NOT VERIFIED (neither passed nor failed)', '');
    for (const entry of result.not_verified) push(...wrap(`- ${entry.check} ${entry.title}: ${entry.reason}`, '  '));
    push('');
  }
  if (result.passed.length > 0) {
    push('PASSED', '');
    for (const entry of result.passed) push(...wrap(`- ${entry.check} ${entry.title}: ${entry.found}`, '  '));
    push('');
  }
  push(
    `Scanned ${result.final_url} with ${result.requests} requests in ${(result.duration_ms / 1000).toFixed(1)} s. The scan reads the HTML, headers and files as served; it does not run the site's JavaScript.`,
    '',
    'If you did not ask for this scan, you can ignore this message: nothing else will be sent.',
    '',
    `${sender.company}`,
    sender.contact,
  );
  return `${lines.join('\n')}\n`;
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
