import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The folder graph of the code: one node per folder under src/ (a file directly in src/ is its
 * own node, e.g. src/context.ts), plus tools/ and resources/; an edge wherever a file of one node
 * imports a file of another (type-only imports and dynamic imports count: a layer that needs a
 * type from a higher one leans on it just the same).
 */
export type FolderGraph = ReadonlyMap<string, ReadonlySet<string>>;

const ROOTS = ['src', 'tools', 'resources'];
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s*['"]([^'"]+)['"]/gm;

export function folderOf(file: string): string | undefined {
  const parts = file.split('/');
  if (parts[0] === 'src') return parts.length > 2 ? `src/${parts[1]}` : file;
  if (parts[0] === 'tools' || parts[0] === 'resources') return parts[0];
  return undefined;
}

function sourceFiles(repoRoot: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (/\.(ts|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(relative);
    }
  };
  for (const root of ROOTS) walk(root);
  return files;
}

export function folderGraph(repoRoot: string): FolderGraph {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(repoRoot)) {
    const from = folderOf(file)!;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    const text = readFileSync(path.join(repoRoot, file), 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3]!;
      if (!specifier.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).replace(/\.js$/, '.ts');
      const to = folderOf(target);
      if (to !== undefined && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Every cycle's folders (strongly connected components of more than one folder), sorted. */
export function folderCycles(graph: FolderGraph): string[][] {
  let index = 0;
  const indexes = new Map<string, number>();
  const lowlinks = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (node: string) => {
    indexes.set(node, index);
    lowlinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexes.has(next)) {
        connect(next);
        lowlinks.set(node, Math.min(lowlinks.get(node)!, lowlinks.get(next)!));
      } else if (onStack.has(next)) {
        lowlinks.set(node, Math.min(lowlinks.get(node)!, indexes.get(next)!));
      }
    }
    if (lowlinks.get(node) === indexes.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexes.has(node)) connect(node);
  return cycles;
}

/** The imports that make up a cycle, for the failure message: `a -> b` for each edge inside it. */
export function cycleEdges(graph: FolderGraph, cycle: readonly string[]): string[] {
  const members = new Set(cycle);
  return cycle.flatMap((from) => [...(graph.get(from) ?? [])].filter((to) => members.has(to)).map((to) => `${from} -> ${to}`));
}
