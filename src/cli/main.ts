#!/usr/bin/env -S node --max-semi-space-size=2
// The young-generation cap above is for the commands that run on this thread (stdio, import):
// `serve` runs on a worker thread that caps its own young generation however node was started
// (src/cli/serve-thread.ts, docs/decisions/0137-serve-on-a-bounded-worker-thread.md), since
// `npm start` runs this file without the line above. `env -S` passes the flag on Linux and
// macOS; npm's Windows shim reads the same line.
/**
 * The command-line entry point, and the only place with process-wide side effects: it reads
 * argv and the environment (once, through loadConfig), installs signal handlers, writes to the
 * terminal and sets the exit code.
 */
import { loadConfig, type Config } from '../config/load-config.js';
import { packageInfo } from '../config/package-root.js';
import { fail } from './fail.js';
import { helpText } from './help.js';
import { canServeOnThread, serveOnThread } from './serve-thread.js';
import { terminalLanguage } from './terminal-language.js';

async function main(): Promise<void> {
  // Every command's human output is in the terminal's language, decided here once (logs stay English).
  const lang = terminalLanguage(process.env);
  let request;
  try {
    request = loadConfig(process.argv.slice(2), process.env);
  } catch (error) {
    fail(error, 2, lang);
    return;
  }
  if (request.kind === 'help') {
    process.stdout.write(helpText(packageInfo().version, lang));
    return;
  }
  if (request.kind === 'version') {
    process.stdout.write(`${packageInfo().version}\n`);
    return;
  }
  try {
    const { command } = request.config;
    if (command === 'import' || command === 'check') {
      // Loaded on demand: the importer's libraries (DOM, Readability) are for this command only.
      const { runImportCommand, runCheckCommand } = await import('./import-command.js');
      process.exitCode = command === 'import' ? await runImportCommand(request.config, lang) : await runCheckCommand(request.config, lang);
    } else if (command === 'insights') {
      const { runInsightsCommand } = await import('./insights-command.js');
      process.exitCode = await runInsightsCommand(request.config, lang);
    } else if (command === 'serve') {
      // On a thread of its own with a bounded heap, however node was started
      // (src/cli/serve-thread.ts); from the TypeScript sources, on this thread.
      if (canServeOnThread()) serveOnThread(process.argv.slice(2), lang);
      else await runHttp(request.config);
    }
    else await runStdio(request.config);
  } catch (error) {
    fail(error, 1, lang);
  }
}

async function runHttp(config: Config): Promise<void> {
  // Loaded on demand so the stdio start does not pay for Express.
  const { serveHttp } = await import('../http/serve.js');
  const running = await serveHttp(config);
  // SIGHUP reloads the content (as a daemon re-reads its files), or re-syncs the live site with
  // --source; a failed reload keeps serving.
  process.on('SIGHUP', () => void running.reload('signal'));
  onShutdownSignal(async () => {
    running.ctx.logger.info('shutting down');
    await running.close();
  });
}

async function runStdio(config: Config): Promise<void> {
  const [{ createContext }, { serveStdio }] = await Promise.all([import('../context.js'), import('../mcp/stdio.js')]);
  const ctx = await createContext(config);
  onShutdownSignal(() => ctx.close());
  await serveStdio(ctx);
  await ctx.close();
  process.exit(0);
}

function onShutdownSignal(shutdown: () => Promise<void>): void {
  let stopping = false;
  const handle = () => {
    if (stopping) return;
    stopping = true;
    shutdown().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`site-content-mcp: error while shutting down: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', handle);
  process.once('SIGINT', handle);
}

void main();
