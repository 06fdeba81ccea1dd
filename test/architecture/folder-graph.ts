import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The import graphs of the code, over src/, tools/ and resources/. An edge wherever a file
 * imports another (type-only imports and dynamic imports count: a module that needs a type from
 * a higher one leans on it just the same).
 *
 * - The folder graph: one node per folder under src/ (a file directly in src/ is its own node,
 *   e.g. src/context.ts), plus tools/ and resources/.
 * - The file graph: one node per source file.
 */
export type Graph = ReadonlyMap<string, ReadonlySet<string>>;
export type FolderGraph = Graph;

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
  for (const root of ROOTS) if (existsSync(path.join(repoRoot, root))) walk(root);
  return files;
}

/** Every relative import of every source file, as repository paths (`.js` specifiers name their `.ts` source). */
function imports(repoRoot: string): Map<string, string[]> {
  const files = sourceFiles(repoRoot);
  const known = new Set(files);
  const result = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    const text = readFileSync(path.join(repoRoot, file), 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3]!;
      if (!specifier.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      const source = target.replace(/\.js$/, '.ts');
      targets.push(known.has(source) || !known.has(target) ? source : target);
    }
    result.set(file, targets);
  }
  return result;
}

export function folderGraph(repoRoot: string): FolderGraph {
  const graph = new Map<string, Set<string>>();
  for (const [file, targets] of imports(repoRoot)) {
    const from = folderOf(file)!;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const target of targets) {
      const to = folderOf(target);
      if (to !== undefined && to !== from) edges.add(to);
    }
  }
  return graph;
}

export function fileGraph(repoRoot: string): Graph {
  const graph = new Map<string, Set<string>>();
  for (const [file, targets] of imports(repoRoot)) graph.set(file, new Set(targets.filter((target) => target !== file)));
  return graph;
}

/** Every cycle's nodes (strongly connected components of more than one node), sorted. */
export function cyclesOf(graph: Graph): string[][] {
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
export function cycleEdges(graph: Graph, cycle: readonly string[]): string[] {
  const members = new Set(cycle);
  return cycle.flatMap((from) => [...(graph.get(from) ?? [])].filter((to) => members.has(to)).map((to) => `${from} -> ${to}`));
}
