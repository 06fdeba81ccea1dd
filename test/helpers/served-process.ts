import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ServedProcess {
  readonly child: ChildProcess;
  /** Where the server says it listens, e.g. http://127.0.0.1:40123. */
  readonly url: string;
  /** Everything written to stderr so far. */
  readonly stderr: () => string;
  /** SIGTERM, then the exit code once the process has ended. */
  readonly stop: () => Promise<number | null>;
}

/**
 * Starts `serve` as an operator does (a real process) and resolves once its log says
 * "listening". The log is JSON lines, as it is whenever stderr is not a terminal.
 */
export function startServeProcess(command: string, args: readonly string[], env: Record<string, string>): Promise<ServedProcess> {
  const child = spawn(command, [...args], { env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stderr! }).on('line', (line) => {
      stderr += `${line}\n`;
      const entry = parseJsonLine(line);
      if (entry?.msg === 'listening' && typeof entry.url === 'string') {
        resolve({ child, url: entry.url, stderr: () => stderr, stop: () => stopProcess(child) });
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${stderr}`)));
  });
}

export function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));
}

function stopProcess(child: ChildProcess): Promise<number | null> {
  const exited = exitOf(child);
  child.kill('SIGTERM');
  return exited;
}

function parseJsonLine(line: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
