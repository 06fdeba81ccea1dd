import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/paths.js';
import { strayRootEntries, trackedRootEntries } from './root-layout.js';

describe('the top level of the repository (design card)', () => {
  it('tracks nothing at the root that is not part of the layout', () => {
    expect(strayRootEntries(REPO_ROOT)).toEqual([]);
  });

  it('holds every folder the design card names', () => {
    expect(trackedRootEntries(REPO_ROOT)).toEqual(expect.arrayContaining(['package.json', 'tsconfig.json', 'src/', 'tools/', 'resources/', 'content/', 'test/', 'server.json', 'README.md']));
  });
});

describe('the stray-file check', () => {
  let repo: string | undefined;
  afterEach(() => {
    if (repo !== undefined) rmSync(repo, { recursive: true, force: true });
    repo = undefined;
  });

  /** A real git repository with the given files tracked. */
  function repository(files: readonly string[]): string {
    repo = mkdtempSync(path.join(tmpdir(), 'root-layout-'));
    for (const file of files) {
      mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
      writeFileSync(path.join(repo, file), 'x\n');
    }
    execFileSync('git', ['init', '-q'], { cwd: repo });
    execFileSync('git', ['add', '--', ...files], { cwd: repo });
    return repo;
  }

  it('names a scratch script tracked at the root', () => {
    const root = repository(['package.json', 'src/context.ts', 'probe2.tmp.ts']);
    expect(strayRootEntries(root)).toEqual(['probe2.tmp.ts']);
  });

  it('names a folder that is not part of the layout once, however many files it holds', () => {
    const root = repository(['README.md', 'notes/a.md', 'notes/b.md']);
    expect(strayRootEntries(root)).toEqual(['notes/']);
  });

  it('ignores files that are not tracked', () => {
    const root = repository(['package.json']);
    writeFileSync(path.join(root, 'scratch.ts'), 'x\n');
    expect(strayRootEntries(root)).toEqual([]);
  });
});
