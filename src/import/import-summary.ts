import type { ImportReport } from './run-import.js';

/** The end-of-run summary for a person: a table of counts, what changed, every skip and failure with its reason, and what to fill in. */
export function importSummary(report: ImportReport, outDir: string): string {
  const rows: [string, string][] = [
    ['pages found', String(report.found)],
    ['fetched', String(report.fetched)],
    ['added', String(report.added.length)],
    ['updated', String(report.updated.length)],
    ['unchanged', String(report.unchanged)],
    ['removed', String(report.removed.length)],
    ['skipped', String(report.skipped.length)],
    ['failed', String(report.failed.length)],
    ['pages in ' + outDir, String(report.pagesInOutput)],
    ['time', `${(report.durationMs / 1000).toFixed(1)} s`],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = ['', ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value.padStart(6)}`)];
  const languages = Object.entries(report.otherLanguages);
  if (languages.length > 0) lines.push(`  other languages skipped: ${languages.map(([lang, count]) => `${lang} ${count}`).join(', ')}`);
  const list = (title: string, items: readonly string[]) => {
    if (items.length > 0) lines.push('', `${title}:`, ...items.map((item) => `  ${item}`));
  };
  list('Added', report.added);
  list('Updated', report.updated);
  list('Removed (gone from the site)', report.removed);
  list('Skipped', report.skipped.map((item) => `${item.url}  ${item.reason}`));
  list('Failed', report.failed.map((item) => `${item.url}  ${item.reason}`));
  if (report.siteFile !== undefined) {
    const { outcome, missing, defaulted, inferred = [] } = report.siteFile;
    const said = { written: 'written', updated: 'updated', unchanged: 'unchanged', 'kept-edits': 'updated; your edits kept' }[outcome];
    lines.push('', `site.yaml: ${said}.`);
    list('Fill in (the site does not state it)', missing);
    list('Check (inferred, not stated by the site)', inferred);
    list('Check (a neutral default was written)', defaulted);
  }
  return `${lines.join('\n')}\n`;
}
