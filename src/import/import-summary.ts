import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { STATE_DIR } from './import-state.js';
import type { ImportReport } from './import-report.js';
import { HOW_TO_GET_A_BROWSER } from './page-renderer.js';

/** Items shown per list on the terminal; the summary file holds them all. */
export const SUMMARY_LIST_LIMIT = 10;
/** The file in the output folder with every list in full. */
export const SUMMARY_FILE = 'summary.txt';

const count = new Intl.NumberFormat('en-GB');

/**
 * The end-of-run summary for a person: counts first, then how pages were found and why, then
 * each list (what changed, what was kept, skipped and failed, what to fill in) with at most
 * `limit` items and the number left out; the summary file (`summaryFile`) holds the lists whole.
 */
export function importSummary(report: ImportReport, outDir: string, limit = SUMMARY_LIST_LIMIT): string {
  const rows: [string, string][] = [
    ['pages found', count.format(report.found)],
    ['fetched', count.format(report.fetched)],
    ['added', count.format(report.added.length)],
    ['updated', count.format(report.updated.length)],
    ['unchanged', count.format(report.unchanged)],
    ['removed', count.format(report.removed.length)],
    ['re-checked', count.format(report.rechecked)],
    ['kept unconfirmed', count.format(report.kept.length)],
    ['skipped', count.format(report.skipped.length)],
    ['failed', count.format(report.failed.length)],
    ...(report.rendering === undefined ? [] : ([['rendered in a browser', count.format(report.rendering.rendered.length)]] as [string, string][])),
    ['pages in ' + outDir, count.format(report.pagesInOutput)],
    ['time', `${(report.durationMs / 1000).toFixed(1)} s`],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = ['', ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value.padStart(6)}`)];
  const languages = Object.entries(report.otherLanguages);
  if (languages.length > 0) lines.push(`  other languages skipped: ${languages.map(([lang, n]) => `${lang} ${count.format(n)}`).join(', ')}`);
  if (report.howFound !== '') lines.push('', `How pages were found: ${report.howFound}.`);
  if (report.weaker !== undefined) lines.push(`Weaker than the last run: ${report.weaker}.`);
  let cut = false;
  const list = (title: string, items: readonly string[]) => {
    if (items.length === 0) return;
    lines.push('', `${title} (${count.format(items.length)}):`, ...items.slice(0, limit).map((item) => `  ${item}`));
    if (items.length > limit) {
      lines.push(`  … and ${count.format(items.length - limit)} more`);
      cut = true;
    }
  };
  list('Added', report.added);
  list('Updated', report.updated);
  list('Removed (gone from the site, or no longer imported)', report.removed);
  list('Kept as they were (this run could not confirm them)', report.kept.map((item) => `${item.url}  ${item.reason}`));
  list('Skipped', report.skipped.map((item) => `${item.url}  ${item.reason}`));
  list('Failed', report.failed.map((item) => `${item.url}  ${item.reason}`));
  if (report.rendering !== undefined) {
    list('Rendered in a browser (scripts write their content)', report.rendering.rendered.map((item) => `${item.url}  ${item.reason}`));
    list('Need a browser (not imported)', report.rendering.needBrowser.map((item) => `${item.url}  ${item.reason}`));
    if (report.rendering.browserMissing !== undefined) lines.push(`  ${report.rendering.browserMissing}: ${HOW_TO_GET_A_BROWSER}.`);
  }
  if (report.siteFile !== undefined) {
    const { outcome, missing, defaulted, inferred = [] } = report.siteFile;
    const said = { written: 'written', updated: 'updated', unchanged: 'unchanged', 'kept-edits': 'updated; your edits kept' }[outcome];
    lines.push('', `site.yaml: ${said}.`);
    list('Fill in (the site does not state it)', missing);
    list('Check (inferred, not stated by the site)', inferred);
    list('Check (a neutral default was written)', defaulted);
  }
  if (cut) lines.push('', `Every list in full: ${summaryFile(outDir)}`);
  return `${lines.join('\n')}\n`;
}

/** Where the full summary of the last run is kept. */
export function summaryFile(outDir: string): string {
  return path.join(outDir, STATE_DIR, SUMMARY_FILE);
}

/** Writes the summary with every list whole into the output folder. */
export async function writeSummaryFile(report: ImportReport, outDir: string): Promise<void> {
  await mkdir(path.join(outDir, STATE_DIR), { recursive: true });
  await writeFile(summaryFile(outDir), importSummary(report, outDir, Number.POSITIVE_INFINITY));
}
