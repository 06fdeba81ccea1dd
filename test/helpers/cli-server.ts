import { spawn, type ChildProcess } from 'node:child_process';
import { BUILT_CLI, MINI_SITE } from './paths.js';

export interface ServedCli {
  readonly child: ChildProcess;
  readonly url: string;
  readonly stderr: () => string;
}

/** The built CLI serving HTTP on the mini site, as operators run it; resolves once it listens. */
export async function serveCli(env: Record<string, string> = {}): Promise<ServedCli> {
  const child = spawn(process.execPath, [BUILT_CLI, 'serve', '--port', '0'], { env: { PATH: process.env.PATH ?? '', CONTENT_DIR: MINI_SITE, LOG_LEVEL: 'info', ...env } });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /"url":"(http:\/\/[^"]+)","publicBaseUrl".*"msg":"listening"/.exec(stderr);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${stderr}`)));
  });
  return { child, url, stderr: () => stderr };
}

export function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));
}
