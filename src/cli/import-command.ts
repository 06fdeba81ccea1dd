import { SingleBar } from 'cli-progress';
import type { Config } from '../config/load-config.js';
import { packageInfo } from '../config/package-root.js';
import { ContentError, loadSite } from '../content/load-site.js';
import { importSummary } from '../import/import-summary.js';
import { runImport, type ImportProgress } from '../import/run-import.js';
import { NetworkPolicy } from '../net/network-policy.js';
import { systemResolver } from '../net/resolver.js';

/**
 * `site-content-mcp import <url> --out <dir>`: a progress bar on a terminal (plain lines
 * otherwise), then the summary. Exit 0 when the output holds at least one page, 1 with a
 * one-line reason when nothing could be imported.
 */
export async function runImportCommand(config: Config): Promise<number> {
  if (config.explain !== undefined) return explainCommand(config, config.explain);
  const outDir = config.out!;
  const progress = createProgress(process.stderr.isTTY === true);
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
  process.stdout.write(check.ok ? `\nReady to serve: site-content-mcp serve --content-dir ${outDir}\n` : `\n${outDir} cannot be served yet:\n${check.text}`);
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
    const head = `${dir}: ${site.pages.length} pages can be served${warnings.length > 0 ? `; ${warnings.length} problem(s):` : ', no problems.'}`;
    return { ok: true, text: `${[head, ...lines].join('\n')}\n` };
  } catch (error) {
    if (error instanceof ContentError) return { ok: false, text: `${error.message}\n` };
    throw error;
  }
}

interface Progress {
  update(progress: ImportProgress): void;
  stop(): void;
}

/** A bar with counts, rate and ETA on a terminal; a plain line every 50 pages (and at the end) otherwise. */
function createProgress(tty: boolean): Progress {
  if (tty) {
    const bar = new SingleBar(
      { format: 'importing [{bar}] {value}/{total} pages | fetched {fetched} | skipped {skipped} | failed {failed} | {rate}/s | ETA {etaText}', hideCursor: true, clearOnComplete: false, stream: process.stderr },
    );
    let started = false;
    const began = Date.now();
    return {
      update(progress) {
        const rate = progress.fetched / Math.max((Date.now() - began) / 1000, 0.001);
        const done = progress.fetched + progress.skipped + progress.failed;
        // Our own ETA: the library's goes wrong while pages are written after the last fetch.
        const left = Math.max(progress.found - done, 0);
        const etaText = left === 0 ? '0s' : rate > 0 ? `${Math.ceil(left / rate)}s` : '?';
        const payload = { fetched: progress.fetched, skipped: progress.skipped, failed: progress.failed, rate: rate.toFixed(1), etaText };
        if (!started) {
          bar.start(Math.max(progress.found, 1), Math.min(done, progress.found), payload);
          started = true;
        }
        bar.setTotal(Math.max(progress.found, 1));
        bar.update(Math.min(done, progress.found), payload);
      },
      stop() {
        if (started) bar.stop();
      },
    };
  }
  let last = 0;
  let latest: ImportProgress | undefined;
  const line = (progress: ImportProgress) =>
    process.stderr.write(`import: found ${progress.found}, fetched ${progress.fetched}, written ${progress.written}, skipped ${progress.skipped}, failed ${progress.failed}\n`);
  return {
    update(progress) {
      latest = progress;
      const done = progress.fetched + progress.skipped + progress.failed;
      if (done - last >= 50) {
        last = done;
        line(progress);
      }
    },
    stop() {
      if (latest !== undefined) line(latest);
    },
  };
}
