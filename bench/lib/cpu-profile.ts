import { readdir, readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

/** A V8 CPU profile (`--cpu-prof`), as much of it as the benchmarks read. */
export interface Profile {
  startTime: number;
  nodes: { id: number; callFrame: { url: string; lineNumber: number; functionName: string } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Per file of the bundle, the lines where each bundled module starts, and whether it is one of those looked for. */
export type BundleModules = Map<string, { line: number; wanted: boolean }[]>;

/** The modules of the built bin (`dir`, esbuild's `// path` comments) whose path `wanted` accepts, by file and line. */
export async function bundleModules(dir: string, wanted: (modulePath: string) => boolean): Promise<BundleModules> {
  const map: BundleModules = new Map();
  for (const name of await readdir(dir)) {
    if (!name.endsWith('.js')) continue;
    const starts: { line: number; wanted: boolean }[] = [];
    (await readFile(path.join(dir, name), 'utf8')).split('\n').forEach((text, line) => {
      const module = /^\/\/ ((?:dist|node_modules)\/\S+)$/.exec(text)?.[1];
      if (module !== undefined) starts.push({ line, wanted: wanted(module) });
    });
    map.set(name, starts);
  }
  return map;
}

/** Whether a profile's frame (its script URL and 0-based line) lies in one of the modules looked for. */
export function inWantedModule(map: BundleModules, url: string, line: number): boolean {
  const starts = map.get(path.basename(url));
  if (!url.includes('/dist/bin/') || starts === undefined) return false;
  let found = false;
  for (const start of starts) {
    if (start.line > line) break;
    found = start.wanted;
  }
  return found;
}

/**
 * The serving thread's profile in `dir`: `serve` runs on a worker thread (src/cli/serve-thread.ts),
 * and each thread writes its own file, named with its thread id (0 for the supervising thread).
 */
export async function servingThreadProfile(dir: string): Promise<Profile> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.cpuprofile'));
  const file = files.find((name) => !/\.0\.\d+\.cpuprofile$/.test(name));
  if (file === undefined) throw new Error(`no serving thread's profile among ${files.join(', ')}`);
  return JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Profile;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
