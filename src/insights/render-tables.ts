import { formatNumber, message, type MessageLanguage } from '../messages/catalog.js';
import type { InsightsReport } from './report.js';
import { familyLabel, surfaceLabel } from './render-html.js';

/**
 * The report as rows, one table per section, with the words of the reader's language: the CSV
 * download and the terminal (`site-content-mcp insights`) both print these, so the three views
 * and the JSON carry the same numbers.
 */
export interface ReportTable {
  readonly name: string;
  readonly heading: string;
  readonly columns: readonly string[];
  /** Raw values: numbers stay numbers (the CSV writes them plainly, the terminal formats them). */
  readonly rows: readonly (readonly (string | number)[])[];
}

export function reportTables(report: InsightsReport, lang: MessageLanguage): ReportTable[] {
  const t = (key: Parameters<typeof message>[1], values?: Parameters<typeof message>[2]) => message(lang, key, values);
  const unnamed = t('insights.unnamed');
  return [
    {
      name: 'reads',
      heading: t('insights.readsHeading'),
      columns: [t('insights.colDay'), t('insights.colFamily'), t('insights.colRequests')],
      rows: report.readsByDay.flatMap((day) => Object.entries(day.byFamily).filter(([, count]) => count > 0).map(([family, count]) => [day.day, familyLabel(lang, family as never), count])),
    },
    {
      name: 'surfaces',
      heading: t('insights.surfacesHeading'),
      columns: [t('insights.colSurface'), t('insights.colRequests'), t('insights.colFailed'), t('insights.colAverage')],
      rows: report.surfaces.map((row) => [surfaceLabel(lang, row.surface), row.requests, row.failed, row.averageMs]),
    },
    {
      name: 'mcp-revisions',
      heading: t('insights.revisionsHeading'),
      columns: [t('insights.colVia'), t('insights.colRequests')],
      rows: report.mcpRevisions.map((row) => [row.via, row.requests]),
    },
    {
      name: 'agents',
      heading: t('insights.agentsHeading'),
      columns: [t('insights.colFamily'), t('insights.colAgent'), t('insights.colRequests')],
      rows: report.agents.map((row) => [familyLabel(lang, row.family), row.agent === '' ? unnamed : row.agent, row.requests]),
    },
    {
      name: 'pages',
      heading: t('insights.pagesHeading'),
      columns: [t('insights.colPage'), t('insights.colRequests'), t('insights.colFailed'), t('insights.colAverage')],
      rows: report.pages.map((row) => [row.subject, row.requests, row.failed, row.averageMs]),
    },
    {
      name: 'tools',
      heading: t('insights.toolsHeading'),
      columns: [t('insights.colTool'), t('insights.colRequests'), t('insights.colFailed'), t('insights.colAverage')],
      rows: report.tools.map((row) => [row.subject, row.requests, row.failed, row.averageMs]),
    },
    {
      name: 'gaps',
      heading: t('insights.gapsHeading'),
      columns: [t('insights.colQuestion'), t('insights.colLanguage'), t('insights.colCount')],
      rows: report.gaps.map((row) => [row.question, t('insights.language', { lang: row.lang === '' ? 'unknown' : row.lang }), row.count]),
    },
    {
      name: 'funnel',
      heading: t('insights.funnelHeading'),
      columns: [t('insights.colDay'), ...(['reads', 'scansStarted', 'scansCompleted', 'inquiriesSent'] as const).map((step) => t('insights.step', { step }))],
      rows: [
        ...report.funnel.filter((row) => row.reads + row.scansStarted + row.scansCompleted + row.inquiriesSent > 0).map((row) => [row.day, row.reads, row.scansStarted, row.scansCompleted, row.inquiriesSent]),
        [t('insights.colTotal'), report.funnelTotal.reads, report.funnelTotal.scansStarted, report.funnelTotal.scansCompleted, report.funnelTotal.inquiriesSent],
      ],
    },
  ];
}

/**
 * RFC 4180 CSV: one section after another (`table,` then the columns), fields quoted where they
 * hold a comma, quote or line break; text a spreadsheet would run as a formula (=, +, -, @ first)
 * gets a leading apostrophe.
 */
export function reportCsv(report: InsightsReport, lang: MessageLanguage): string {
  const lines: string[] = [];
  for (const table of reportTables(report, lang)) {
    lines.push(['table', ...table.columns].map(csvField).join(','));
    for (const row of table.rows) lines.push([table.name, ...row].map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The tables for a terminal: columns padded, numbers right-aligned in the language's format. */
export function reportText(report: InsightsReport, lang: MessageLanguage, days: number): string {
  const out: string[] = [message(lang, 'insights.title'), message(lang, 'insights.period', { from: report.from, to: report.to, days }), ''];
  for (const table of reportTables(report, lang)) {
    out.push(table.heading);
    if (table.rows.length === 0) {
      out.push(`  ${message(lang, 'insights.nothingYet')}`, '');
      continue;
    }
    const cells = [table.columns.map(String), ...table.rows.map((row) => row.map((cell) => (typeof cell === 'number' ? formatNumber(lang, cell) : cell.replace(/[\u0000-\u001f\u007f]/g, ' '))))];
    const numeric = table.rows[0]!.map((cell) => typeof cell === 'number');
    const widths = table.columns.map((_, index) => Math.min(60, Math.max(...cells.map((row) => [...(row[index] ?? '')].length))));
    for (const row of cells) {
      out.push(`  ${row.map((cell, index) => {
        const text = [...cell].length > widths[index]! ? `${[...cell].slice(0, widths[index]! - 1).join('')}…` : cell;
        return numeric[index] ? text.padStart(widths[index]!) : text.padEnd(widths[index]!);
      }).join('  ').trimEnd()}`);
    }
    out.push('');
  }
  return out.join('\n');
}
