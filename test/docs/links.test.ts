import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/paths.js';
import { brokenLink, isExternal, manualFiles, readMarkdown, type MarkdownLink } from './markdown-links.js';

/** Every decision file (`docs/decisions/NNNN-slug.md`) a source file names, with the file that names it. */
function citations(dir: string): { file: string; page: string }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|mts|mjs|js|md|sh)$/.test(entry.name) && !entry.parentPath.includes(`${path.sep}fixtures`))
    .flatMap((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return [...readFileSync(file, 'utf8').matchAll(/\bdocs\/decisions\/\d{4}-[\w-]+\.md\b/g)].map((match) => ({ file: path.relative(REPO_ROOT, file), page: match[0] }));
    });
}

function brokenLinks(root: string, files: readonly string[]): string[] {
  const anchors = new Map<string, Set<string>>();
  const anchorsOf = (file: string) => {
    if (!anchors.has(file)) anchors.set(file, readMarkdown(root, file).anchors);
    return anchors.get(file)!;
  };
  return files.flatMap((file) =>
    readMarkdown(root, file)
      .links.filter((link) => !isExternal(link.href))
      .map((link) => brokenLink(root, link, anchorsOf))
      .filter((problem): problem is string => problem !== undefined),
  );
}

/** The Markdown files a page links to, relative to the repository root. */
function linkedPages(root: string, file: string): Set<string> {
  const pages = readMarkdown(root, file)
    .links.filter((link: MarkdownLink) => !isExternal(link.href))
    .map((link) => path.posix.normalize(path.posix.join(path.posix.dirname(file), link.href.split('#')[0]!)));
  return new Set(pages);
}

describe('the manual (README.md and docs/)', () => {
  const files = manualFiles(REPO_ROOT);

  it('has no broken link: every relative link leads to a file, and every #anchor to a heading', () => {
    expect(brokenLinks(REPO_ROOT, files)).toEqual([]);
  });

  it('lists every page of docs/ on its map, docs/README.md (a folder of pages on its own README.md)', () => {
    const unlisted = files
      .filter((file) => file.startsWith('docs/') && !file.endsWith('/README.md'))
      .filter((file) => !linkedPages(REPO_ROOT, `${path.posix.dirname(file)}/README.md`).has(file));
    const folders = files.filter((file) => /^docs\/.+\/README\.md$/.test(file)).filter((index) => !linkedPages(REPO_ROOT, 'docs/README.md').has(index));
    expect([...unlisted, ...folders]).toEqual([]);
  });

  it('has every decision the code cites (docs/decisions/NNNN-….md in src/, tools/, scripts/, bench/, test/)', () => {
    const cited = ['src', 'tools', 'resources', 'scripts', 'bench', 'test'].flatMap((dir) => citations(path.join(REPO_ROOT, dir)));
    expect(cited.filter(({ page }) => !existsSync(path.join(REPO_ROOT, page)))).toEqual([]);
  });

  it('keeps the README a front door: under 15 KB', () => {
    expect(readFileSync(path.join(REPO_ROOT, 'README.md')).byteLength).toBeLessThan(15 * 1024);
  });
});

describe('the link check', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'links-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const page = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  page('docs/a.md', '# Page A\n\n## Inquiries (`send_inquiry`)\n\n## Notes\n\n## Notes\n\nSee [b](b.md#scores-and-grades) and [twice](#notes-1).\n');
  page('docs/b.md', '# Page B\n\n## Scores and grades\n\n```md\n[not a link](missing.md)\n```\n');

  it('passes links to pages and to headings as GitHub slugs them, repeated headings numbered', () => {
    expect(brokenLinks(root, ['docs/a.md', 'docs/b.md'])).toEqual([]);
    expect(readMarkdown(root, 'docs/a.md').anchors).toEqual(new Set(['page-a', 'inquiries-send_inquiry', 'notes', 'notes-1']));
  });

  it('names a link to a file that does not exist, with its line', () => {
    page('docs/c.md', '# C\n\nA [gone](gone.md) page.\n');
    expect(brokenLinks(root, ['docs/c.md'])).toEqual(['docs/c.md:3: gone.md: docs/gone.md does not exist']);
  });

  it('names an anchor that no heading of the target has', () => {
    page('docs/d.md', '# D\n\n[grades](b.md#grades) and [here](#nowhere)\n');
    expect(brokenLinks(root, ['docs/d.md'])).toEqual(['docs/d.md:3: b.md#grades: docs/b.md has no heading with the anchor #grades', 'docs/d.md:3: #nowhere: docs/d.md has no heading with the anchor #nowhere']);
  });

  it('leaves links with a scheme alone', () => {
    page('docs/e.md', '# E\n\n[spec](https://example.com/missing#x) and [mail](mailto:a@example.com)\n');
    expect(brokenLinks(root, ['docs/e.md'])).toEqual([]);
  });
});
