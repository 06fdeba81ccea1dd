import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './free-port.js';

export interface RedisServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** Redis tests run unless the test runner found no redis-server and we are not under CI. */
export const SKIP_REDIS = process.env.SKIP_REDIS_TESTS === '1';

/** A real, throwaway redis-server (Debian's) on a free loopback port, without persistence. */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
