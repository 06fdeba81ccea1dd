import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { REPO_ROOT } from '../helpers/paths.js';
import { cycleEdges, cyclesOf, fileGraph, folderGraph, folderOf } from './folder-graph.js';

const FILE_CYCLE_FIXTURE = path.join(REPO_ROOT, 'test', 'fixtures', 'architecture', 'file-cycle');

describe('the folder graph (docs/architecture.md)', () => {
  it('has no cycle: no folder imports, even for a type, from a folder that imports it', () => {
    const graph = folderGraph(REPO_ROOT);
    const cycles = cyclesOf(graph).map((cycle) => cycleEdges(graph, cycle).join(', '));
    expect(cycles).toEqual([]);
  });

  it('sees every layer the architecture names', () => {
    const folders = [...folderGraph(REPO_ROOT).keys()];
    for (const folder of ['src/content', 'src/search', 'src/live', 'src/web', 'src/rest', 'src/mcp', 'src/http', 'src/cli', 'src/context.ts', 'tools', 'resources']) {
      expect(folders).toContain(folder);
    }
  });
});

describe('the file graph (docs/architecture.md)', () => {
  it('has no cycle: no file imports, even for a type or dynamically, from a file that imports it', () => {
    const graph = fileGraph(REPO_ROOT);
    const cycles = cyclesOf(graph).map((cycle) => cycleEdges(graph, cycle).join(', '));
    expect(cycles).toEqual([]);
  });

  it('finds a cycle of files inside one folder, through type-only and dynamic imports', () => {
    const graph = fileGraph(FILE_CYCLE_FIXTURE);
    const cycles = cyclesOf(graph);
    expect(cycles).toEqual([['src/report/html.ts', 'src/report/layout.ts', 'src/report/mail.ts']]);
    expect(cycleEdges(graph, cycles[0]!)).toEqual(['src/report/html.ts -> src/report/mail.ts', 'src/report/layout.ts -> src/report/mail.ts', 'src/report/layout.ts -> src/report/html.ts', 'src/report/mail.ts -> src/report/layout.ts']);
  });

  it('does not take a file that only imports from a cycle as part of it', () => {
    expect(cyclesOf(fileGraph(FILE_CYCLE_FIXTURE)).flat()).not.toContain('src/report/plain.ts');
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
    const cycles = cyclesOf(graph);
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
