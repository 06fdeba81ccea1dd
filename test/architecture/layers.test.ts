import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/paths.js';
import { cycleEdges, folderCycles, folderGraph, folderOf } from './folder-graph.js';

describe('the folder graph (docs/architecture.md)', () => {
  it('has no cycle: no folder imports, even for a type, from a folder that imports it', () => {
    const graph = folderGraph(REPO_ROOT);
    const cycles = folderCycles(graph).map((cycle) => cycleEdges(graph, cycle).join(', '));
    expect(cycles).toEqual([]);
  });

  it('sees every layer the architecture names', () => {
    const folders = [...folderGraph(REPO_ROOT).keys()];
    for (const folder of ['src/content', 'src/search', 'src/live', 'src/web', 'src/rest', 'src/mcp', 'src/http', 'src/cli', 'src/context.ts', 'tools', 'resources']) {
      expect(folders).toContain(folder);
    }
  });
});

describe('the cycle finder', () => {
  it('finds a cycle through several folders and names its imports', () => {
    const graph = new Map([
      ['src/a', new Set(['src/b'])],
      ['src/b', new Set(['src/c'])],
      ['src/c', new Set(['src/a', 'src/d'])],
      ['src/d', new Set<string>()],
    ]);
    const cycles = folderCycles(graph);
    expect(cycles).toEqual([['src/a', 'src/b', 'src/c']]);
    expect(cycleEdges(graph, cycles[0]!)).toEqual(['src/a -> src/b', 'src/b -> src/c', 'src/c -> src/a']);
  });

  it('takes a file directly in src/ as its own node and any deeper file as its folder', () => {
    expect(folderOf('src/context.ts')).toBe('src/context.ts');
    expect(folderOf('src/agent-site/ask/ask-endpoint.ts')).toBe('src/agent-site');
    expect(folderOf('tools/get-page.ts')).toBe('tools');
    expect(folderOf('test/helpers/paths.ts')).toBeUndefined();
  });
});
