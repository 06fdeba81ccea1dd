import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { STATE_DIR } from './import-state.js';
import { formatNumber, message, type MessageKey, type MessageLanguage, type MessageValues } from '../messages/catalog.js';
import type { ImportReport } from './import-report.js';
import { howToGetABrowser } from './page-renderer.js';

/** Items shown per list on the terminal; the summary file holds them all. */
export const SUMMARY_LIST_LIMIT = 10;
/** The file in the output folder with every list in full. */
export const SUMMARY_FILE = 'summary.txt';


/**
 * The end-of-run summary for a person: counts first, then how pages were found and why, then
 * each list (what changed, what was kept, skipped and failed, what to fill in) with at most
 * `limit` items and the number left out; the summary file (`summaryFile`) holds the lists whole.
 */
export function importSummary(report: ImportReport, outDir: string, lang: MessageLanguage, limit = SUMMARY_LIST_LIMIT): string {
  // For the person at the terminal, in the terminal's language, from the catalogs (`cli.summary.*`).
  const count = { format: (value: number) => formatNumber(lang, value) };
  const say = (key: MessageKey, values?: MessageValues) => message(lang, key, values);
  const label = (row: string, values: MessageValues = {}) => say('cli.summary.label', { row, ...values });
  const rows: [string, string][] = [
    [label('found'), count.format(report.found)],
    [label('fetched'), count.format(report.fetched)],
    [label('added'), count.format(report.added.length)],
    [label('updated'), count.format(report.updated.length)],
    [label('unchanged'), count.format(report.unchanged)],
    [label('removed'), count.format(report.removed.length)],
    [label('rechecked'), count.format(report.rechecked)],
    [label('kept'), count.format(report.kept.length)],
    [label('skipped'), count.format(report.skipped.length)],
    [label('failed'), count.format(report.failed.length)],
    ...(report.rendering === undefined ? [] : ([[label('rendered'), count.format(report.rendering.rendered.length)]] as [string, string][])),
    [label('pagesIn', { dir: outDir }), count.format(report.pagesInOutput)],
    [label('time'), say('cli.summary.seconds', { seconds: report.durationMs / 1000 })],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = ['', ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value.padStart(6)}`)];
  const languages = Object.entries(report.otherLanguages);
  if (languages.length > 0) lines.push(`  ${say('cli.summary.otherLanguages', { languages: languages.map(([lang, n]) => `${lang} ${count.format(n)}`).join(', ') })}`);
  if (report.howFound !== '') lines.push('', say('cli.summary.howFound', { how: report.howFound }));
  if (report.weaker !== undefined) lines.push(say('cli.summary.weaker', { weaker: report.weaker }));
  let cut = false;
  const list = (name: string, items: readonly string[]) => {
    if (items.length === 0) return;
    lines.push('', say('cli.summary.list', { list: name, count: items.length }), ...items.slice(0, limit).map((item) => `  ${item}`));
    if (items.length > limit) {
      lines.push(`  ${say('cli.summary.more', { count: items.length - limit })}`);
      cut = true;
    }
  };
  list('added', report.added);
  list('updated', report.updated);
  list('removed', report.removed);
  list('kept', report.kept.map((item) => `${item.url}  ${item.reason}`));
  list('skipped', report.skipped.map((item) => `${item.url}  ${item.reason}`));
  list('failed', report.failed.map((item) => `${item.url}  ${item.reason}`));
  if (report.rendering !== undefined) {
    list('rendered', report.rendering.rendered.map((item) => `${item.url}  ${item.reason}`));
    list('needBrowser', report.rendering.needBrowser.map((item) => `${item.url}  ${item.reason}`));
    if (report.rendering.browserMissing !== undefined) lines.push(`  ${report.rendering.browserMissing}: ${howToGetABrowser(lang)}.`);
  }
  if (report.siteFile !== undefined) {
    const { outcome, missing, unpublished = [], defaulted, inferred = [] } = report.siteFile;
    lines.push('', say('cli.summary.siteFile', { outcome: outcome.replace(/-/g, '_') }));
    list('fillIn', missing);
    list('inferred', inferred);
    list('unpublished', unpublished);
    list('defaulted', defaulted);
  }
  if (cut) lines.push('', say('cli.summary.fullLists', { file: summaryFile(outDir) }));
  return `${lines.join('\n')}\n`;
}

/** Where the full summary of the last run is kept. */
export function summaryFile(outDir: string): string {
  return path.join(outDir, STATE_DIR, SUMMARY_FILE);
}

/** Writes the summary with every list whole into the output folder. */
export async function writeSummaryFile(report: ImportReport, outDir: string, lang: MessageLanguage): Promise<void> {
  await mkdir(path.join(outDir, STATE_DIR), { recursive: true });
  await writeFile(summaryFile(outDir), importSummary(report, outDir, lang, Number.POSITIVE_INFINITY));
}
