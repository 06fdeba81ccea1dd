import type { Config } from '../config/load-config.js';
import { packageInfo } from '../config/package-root.js';
import { ContentError, loadSite } from '../content/load-site.js';
import { importSummary } from '../import/import-summary.js';
import { createProgress } from './import-progress.js';
import { renderSettingsOf } from '../import/import-settings.js';
import { runImport } from '../import/run-import.js';
import { NetworkPolicy } from '../net/network-policy.js';
import { systemResolver } from '../net/resolver.js';
import { message } from '../messages/catalog.js';

/**
 * `site-content-mcp import <url> --out <dir>`: a progress bar on a terminal (plain lines
 * otherwise), then the summary. Exit 0 when the output holds at least one page, 1 with a
 * one-line reason when nothing could be imported.
 */
export async function runImportCommand(config: Config): Promise<number> {
  if (config.explain !== undefined) return explainCommand(config, config.explain);
  const outDir = config.out!;
  const progress = createProgress(process.stderr);
  if (config.scanAllowPrivateTargets) process.stderr.write('site-content-mcp: SCAN_ALLOW_PRIVATE_TARGETS is ON: the import may reach loopback and private addresses (tests only).\n');
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
    });
  } finally {
    progress.stop();
    process.off('SIGINT', stop);
  }
  if (report.fatal !== undefined) {
    process.stderr.write(`site-content-mcp: ${report.fatal}\n`);
    return 1;
  }
  process.stdout.write(importSummary(report, outDir));
  const check = await checkContent(outDir);
  process.stdout.write(check.ok ? `\n${message('en', 'cli.ready', { dir: outDir })}\n` : `\n${message('en', 'cli.notServable', { dir: outDir })}\n${check.text}`);
  return report.pagesInOutput > 0 ? 0 : 1;
}

/** `site-content-mcp import --explain <url>`: one page's decisions and their evidence; writes nothing. */
async function explainCommand(config: Config, url: string): Promise<number> {
  if (config.scanAllowPrivateTargets) process.stderr.write('site-content-mcp: SCAN_ALLOW_PRIVATE_TARGETS is ON: the import may reach loopback and private addresses (tests only).\n');
  const { explainPage } = await import('../import/explain-page.js');
  const result = await explainPage({
    url,
    version: packageInfo().version,
    network: NetworkPolicy.create(config.scanAllowPrivateTargets, systemResolver),
    ...(config.out === undefined ? {} : { outDir: config.out }),
    includeArchives: config.includeArchives,
    render: renderSettingsOf(config),
  });
  (result.ok ? process.stdout : process.stderr).write(result.text);
  return result.ok ? 0 : 1;
}

/** `site-content-mcp check <dir>`: the validation `serve` runs, every problem with file and field. */
export async function runCheckCommand(config: Config): Promise<number> {
  const result = await checkContent(config.target!);
  process.stdout.write(result.text);
  return result.ok ? 0 : 1;
}

async function checkContent(dir: string): Promise<{ ok: boolean; text: string }> {
  try {
    const { site, warnings } = await loadSite(dir);
    const lines = warnings.map((warning) => `  ${warning.file}  ${warning.field}: ${warning.message}`);
    const head = message('en', 'cli.check', { dir, pages: site.pages.length, problems: warnings.length });
    return { ok: true, text: `${[head, ...lines].join('\n')}\n` };
  } catch (error) {
    if (error instanceof ContentError) return { ok: false, text: `${error.message}\n` };
    throw error;
  }
}
