import type { Config } from '../config/load-config.js';
import { packageInfo } from '../config/package-root.js';
import { ContentError, loadSite, warningText } from '../content/load-site.js';
import { importSummary } from '../import/import-summary.js';
import { createProgress } from './import-progress.js';
import { renderSettingsOf } from '../import/import-settings.js';
import { runImport } from '../import/run-import.js';
import { NetworkPolicy } from '../net/network-policy.js';
import { systemResolver } from '../net/resolver.js';
import { message, type MessageLanguage } from '../messages/catalog.js';

/**
 * `site-content-mcp import <url> --out <dir>`: a progress bar on a terminal (plain lines
 * otherwise), then the summary. Exit 0 when the output holds at least one page, 1 with a
 * one-line reason when nothing could be imported.
 */
export async function runImportCommand(config: Config, lang: MessageLanguage): Promise<number> {
  if (config.explain !== undefined) return explainCommand(config, config.explain, lang);
  const outDir = config.out!;
  const progress = createProgress(process.stderr, lang);
  warnPrivateTargets(config, lang);
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  let report;
  try {
    report = await runImport({
      startUrl: config.target!,
      outDir,
      version: packageInfo().version,
      network: NetworkPolicy.create(config.scanAllowPrivateTargets, systemResolver),
      maxPages: config.maxPages,
      include: config.include,
      exclude: config.exclude,
      discover: config.discover,
      includeArchives: config.includeArchives,
      concurrency: config.importConcurrency,
      delayMs: config.importDelayMs,
      deadlineMs: config.importDeadline ?? 0,
      signal: controller.signal,
      onProgress: progress.update,
      render: renderSettingsOf(config),
      lang,
    });
  } finally {
    progress.stop();
    process.off('SIGINT', stop);
  }
  if (report.fatal !== undefined) {
    process.stderr.write(`site-content-mcp: ${report.fatal}\n`);
    return 1;
  }
  process.stdout.write(importSummary(report, outDir, lang));
  const check = await checkContent(outDir, lang);
  process.stdout.write(check.ok ? `\n${message(lang, 'cli.ready', { dir: outDir })}\n` : `\n${message(lang, 'cli.notServable', { dir: outDir })}\n${check.text}`);
  return report.pagesInOutput > 0 ? 0 : 1;
}

/** `site-content-mcp import --explain <url>`: one page's decisions and their evidence; writes nothing. */
async function explainCommand(config: Config, url: string, lang: MessageLanguage): Promise<number> {
  warnPrivateTargets(config, lang);
  const { explainPage } = await import('../import/explain-page.js');
  const result = await explainPage({
    url,
    version: packageInfo().version,
    network: NetworkPolicy.create(config.scanAllowPrivateTargets, systemResolver),
    ...(config.out === undefined ? {} : { outDir: config.out }),
    includeArchives: config.includeArchives,
    render: renderSettingsOf(config),
    lang,
  });
  (result.ok ? process.stdout : process.stderr).write(result.text);
  return result.ok ? 0 : 1;
}

/** `site-content-mcp check <dir>`: the validation `serve` runs, every problem with file and field. */
export async function runCheckCommand(config: Config, lang: MessageLanguage): Promise<number> {
  const result = await checkContent(config.target!, lang);
  process.stdout.write(result.text);
  return result.ok ? 0 : 1;
}

async function checkContent(dir: string, lang: MessageLanguage): Promise<{ ok: boolean; text: string }> {
  try {
    const { site, warnings } = await loadSite(dir);
    const lines = warnings.map((warning) => `  ${warning.file}  ${warning.field}: ${warningText(warning, lang)}`);
    const head = message(lang, 'cli.check', { dir, pages: site.pages.length, problems: warnings.length });
    return { ok: true, text: `${[head, ...lines].join('\n')}\n` };
  } catch (error) {
    if (error instanceof ContentError) return { ok: false, text: `${error.inLanguage(lang)}\n` };
    throw error;
  }
}

/** The tests-only switch is said on every run that has it on, so that it is never left on unnoticed. */
function warnPrivateTargets(config: Config, lang: MessageLanguage): void {
  if (config.scanAllowPrivateTargets) process.stderr.write(`site-content-mcp: ${message(lang, 'cli.privateTargets')}\n`);
}
