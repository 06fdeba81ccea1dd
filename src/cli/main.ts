#!/usr/bin/env -S node --max-semi-space-size=2
// The young-generation cap above is why a server under load stays near its idle memory: V8's
// default semi-spaces grow to 16 MB each under allocation-heavy traffic, which took the sample
// site from 122 MB idle to a 268 MB peak under 32-connection search load; capped, the peak is
// 164 MB at the same request rate (bench/memory.ts --load, docs/decisions/0096-memory-of-the-rest-answer-cache.md). `env -S` passes
// the flag on Linux and macOS; npm's Windows shim reads the same line.
/**
 * The command-line entry point, and the only place with process-wide side effects: it reads
 * argv and the environment (once, through loadConfig), installs signal handlers, writes to the
 * terminal and sets the exit code.
 */
import { ConfigError, loadConfig, type Config } from '../config/load-config.js';
import { packageInfo } from '../config/package-root.js';
import { ContentError } from '../content/load-site.js';
import { ListenError } from '../http/listen-error.js';
import { helpText } from './help.js';

async function main(): Promise<void> {
  let request;
  try {
    request = loadConfig(process.argv.slice(2), process.env);
  } catch (error) {
    fail(error, 2);
    return;
  }
  if (request.kind === 'help') {
    process.stdout.write(helpText(packageInfo().version));
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
      process.exitCode = command === 'import' ? await runImportCommand(request.config) : await runCheckCommand(request.config);
    } else if (command === 'insights') {
      const { runInsightsCommand, terminalLanguage } = await import('./insights-command.js');
      process.exitCode = await runInsightsCommand(request.config, terminalLanguage(process.env));
    } else if (command === 'serve') await runHttp(request.config);
    else await runStdio(request.config);
  } catch (error) {
    fail(error, 1);
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

/** Start-up failures are for a person at a terminal: one plain message, no stack. */
function fail(error: unknown, exitCode: number): void {
  if (error instanceof ConfigError || error instanceof ContentError || error instanceof ListenError) {
    process.stderr.write(`site-content-mcp: ${error.message}\n`);
  } else {
    process.stderr.write(`site-content-mcp: unexpected error: ${(error as Error)?.stack ?? String(error)}\n`);
  }
  process.exitCode = exitCode;
}

void main();
