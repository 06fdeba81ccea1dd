import mjmlCore from 'mjml-core';
import presetCore from 'mjml-preset-core';
import type { Severity } from './checks/check.js';
import { contactLines, type ReportContent } from './report-content.js';
import type { Problem } from './scan-result.js';

/**
 * The report as HTML e-mail, laid out with MJML (tables and inline styles that common mail
 * clients render). Self-contained: no images, no web fonts, no remote styles. Every text is
 * escaped, so nothing quoted from the scanned site can become markup; the only links are the
 * pages where a problem was found and this site's own service and contact pages.
 */
export async function renderReportHtml(content: ReportContent): Promise<string> {
  const { words } = content;
  const body = [
    section(text(content.greeting), text(content.intro)),
    section(`<mj-text font-size="24px" font-weight="bold" color="#111111">${escape(content.verdict)}</mj-text>`, text(content.summary), text(`<strong>${escape(words.fixFirst)}</strong>`, false), fixFirst(content)),
    ...content.groups.map((group) => section(`<mj-text font-size="18px" font-weight="bold" color="${SEVERITY_COLOUR[group.severity]}">${escape(group.heading)}</mj-text>`, ...group.problems.map((problem) => problemBlock(problem, content)))),
    grouped(words.notVerifiedHeading, content.notVerified),
    grouped(words.notApplicableHeading, content.notApplicable),
    list(words.passedHeading, content.passed.map((entry) => `${entry.check} ${entry.title}: ${entry.found}`)),
    section(
      `<mj-text font-size="18px" font-weight="bold">${escape(words.nextStepHeading)}</mj-text>`,
      text(content.nextStep.text),
      content.nextStep.url === undefined ? '' : `<mj-button href="${escape(content.nextStep.url)}" background-color="#1f4e79" align="left">${escape(content.nextStep.service ?? content.nextStep.url)}</mj-button>`,
      `<mj-text><strong>${escape(words.contactHeading)}</strong><br>${contactLines(content.contact, words).map(escape).join('<br>')}${content.contact.note === undefined ? '' : `<br>${escape(content.contact.note)}`}</mj-text>`,
    ),
    section(...content.closing.map((line) => `<mj-text font-size="12px" color="#555555">${escape(line)}</mj-text>`), `<mj-text font-size="12px" color="#555555">${escape(content.company)}</mj-text>`),
  ].join('\n');
  const markup = `<mjml><mj-head><mj-title>${escape(content.company)}</mj-title><mj-attributes><mj-all font-family="Arial, Helvetica, sans-serif" /><mj-text font-size="14px" line-height="1.5" color="#222222" padding="4px 24px" /><mj-section padding="8px 0" /></mj-attributes></mj-head><mj-body background-color="#f4f4f4"><mj-wrapper background-color="#ffffff" padding="16px 0">${body}</mj-wrapper></mj-body></mjml>`;
  const { html, errors } = await mjml2html(markup, { validationLevel: 'strict', presets: [presetCore], fonts: {}, keepComments: false });
  if (errors.length > 0) throw new Error(`report e-mail layout: ${errors.map((error) => error.formattedMessage).join('; ')}`);
  return html;
}

/**
 * mjml-core is CommonJS with its function on `exports.default`: Node (and the bundle) hand that
 * object over as the default import, vitest's interop the function itself.
 */
const mjml2html: typeof mjmlCore = typeof mjmlCore === 'function' ? mjmlCore : (mjmlCore as unknown as { default: typeof mjmlCore }).default;

const SEVERITY_COLOUR: Readonly<Record<Severity, string>> = { critical: '#a00000', high: '#c0392b', medium: '#b9770e', low: '#1f618d', info: '#555555' };

function section(...parts: string[]): string {
  return `<mj-section><mj-column>${parts.filter(Boolean).join('')}</mj-column></mj-section>`;
}

function text(value: string, escaped = true): string {
  return `<mj-text>${escaped ? escape(value) : value}</mj-text>`;
}

function fixFirst(content: ReportContent): string {
  if (content.fixFirst.length === 0) return text(content.words.noProblems);
  return `<mj-text><ol style="margin:0;padding-left:20px">${content.fixFirst.map((problem) => `<li>${escape(problem.found)}</li>`).join('')}</ol></mj-text>`;
}

function problemBlock(problem: Problem, content: ReportContent): string {
  const { words } = content;
  const pages = problem.pages ?? (problem.url === undefined ? [] : [problem.url]);
  const evidence = problem.evidence.map((line) => `<blockquote style="font-family:Consolas,Menlo,monospace;font-size:12px;background:#f6f6f6;border-left:3px solid #cccccc;padding:4px 8px;margin:2px 0;word-break:break-all">${escape(line)}</blockquote>`).join('');
  return [
    `<mj-text padding-top="12px"><strong>${escape(problem.check)} ${escape(problem.title)}</strong> <span style="color:${SEVERITY_COLOUR[problem.severity]}">(${escape(words.severity[problem.severity])})</span></mj-text>`,
    `<mj-text>${escape(problem.found)}</mj-text>`,
    pages.length === 0 ? '' : `<mj-text font-size="12px" color="#555555">${escape(words.where)}: ${pages.map(escape).join(', ')}</mj-text>`,
    problem.checked === undefined ? '' : `<mj-text font-size="12px" color="#555555">${escape(words.checked)}: ${escape(problem.checked)}</mj-text>`,
    evidence === '' ? '' : `<mj-text font-size="12px" color="#555555">${escape(words.quoted)}:${evidence}</mj-text>`,
    `<mj-text><strong>${escape(words.fix)}:</strong> ${escape(problem.fix)}</mj-text>`,
  ].join('');
}

/** One reason, then the checks it covers: a reason shared by nine checks is said once. */
function grouped(heading: string, groups: ReportContent['notApplicable']): string {
  if (groups.length === 0) return '';
  const items = groups.map((group) => `<li>${escape(group.reason)}<ul style="margin:0;padding-left:20px">${group.checks.map((entry) => `<li>${escape(`${entry.check} ${entry.title}`)}</li>`).join('')}</ul></li>`);
  return section(`<mj-text font-size="16px" font-weight="bold">${escape(heading)}</mj-text>`, `<mj-text font-size="13px"><ul style="margin:0;padding-left:20px">${items.join('')}</ul></mj-text>`);
}

function list(heading: string, entries: readonly string[]): string {
  if (entries.length === 0) return '';
  return section(`<mj-text font-size="16px" font-weight="bold">${escape(heading)}</mj-text>`, `<mj-text font-size="13px"><ul style="margin:0;padding-left:20px">${entries.map((entry) => `<li>${escape(entry)}</li>`).join('')}</ul></mj-text>`);
}

/** Text as HTML text: & < > " ' escaped (also inside attribute values). */
function escape(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
