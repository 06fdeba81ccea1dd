import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt, { type Token } from 'markdown-it';

/** A link found in a Markdown file: where it is and where it points. */
export interface MarkdownLink {
  /** The file holding the link, relative to the repository root. */
  readonly file: string;
  readonly line: number;
  readonly href: string;
}

const markdown = new MarkdownIt({ html: true });

/** The text GitHub slugs for a heading: the heading's inline content without its Markdown. */
function plainText(inline: Token): string {
  return (inline.children ?? []).map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : '')).join('');
}

/**
 * What a Markdown file offers and asks for: the anchors its headings get on GitHub
 * (github-slugger, as GitHub numbers repeated headings) plus any `<a id|name>` in its HTML, and
 * every link of its text (links inside code are not links).
 */
export function readMarkdown(repoRoot: string, file: string): { anchors: Set<string>; links: MarkdownLink[] } {
  const tokens = markdown.parse(readFileSync(path.join(repoRoot, file), 'utf8'), {});
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  const links: MarkdownLink[] = [];
  tokens.forEach((token, index) => {
    if (token.type === 'heading_open') anchors.add(slugger.slug(plainText(tokens[index + 1]!)));
    if (token.type === 'html_block' || token.type === 'inline') {
      const html = token.type === 'html_block' ? token.content : (token.children ?? []).filter((child) => child.type === 'html_inline').map((child) => child.content).join('');
      for (const match of html.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
    }
    if (token.type !== 'inline') return;
    for (const child of token.children ?? []) {
      const href = child.type === 'link_open' ? child.attrGet('href') : child.type === 'image' ? child.attrGet('src') : null;
      if (href !== null) links.push({ file, line: (token.map?.[0] ?? 0) + 1, href: String(href) });
    }
  });
  return { anchors, links };
}

/** README.md and every Markdown file under docs/, relative to the repository root. */
export function manualFiles(repoRoot: string): string[] {
  const files = ['README.md'];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(repoRoot, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.md')) files.push(relative);
    }
  };
  walk('docs');
  return files;
}

/** Whether a link leaves the repository (a scheme such as https: or mailto:). */
export function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href);
}

/**
 * What is wrong with a relative link, or undefined when it leads somewhere: the file or folder
 * must exist, and an `#anchor` must be a heading (or an explicit anchor) of the Markdown file it
 * names. Paths starting with `/` are taken from the repository root, as GitHub does.
 */
export function brokenLink(repoRoot: string, link: MarkdownLink, anchorsOf: (file: string) => Set<string>): string | undefined {
  const hash = link.href.indexOf('#');
  const rawPath = hash === -1 ? link.href : link.href.slice(0, hash);
  const anchor = hash === -1 ? undefined : link.href.slice(hash + 1);
  const target = rawPath === '' ? link.file : rawPath.startsWith('/') ? rawPath.slice(1) : path.posix.normalize(path.posix.join(path.posix.dirname(link.file), decodeURI(rawPath)));
  const where = `${link.file}:${link.line}: ${link.href}`;
  if (target.startsWith('..') || !existsSync(path.join(repoRoot, target))) return `${where}: ${target} does not exist`;
  if (anchor === undefined || anchor === '') return undefined;
  if (statSync(path.join(repoRoot, target)).isDirectory() || !target.endsWith('.md')) return `${where}: an anchor into ${target}, which is not a Markdown page`;
  if (!anchorsOf(target).has(decodeURIComponent(anchor))) return `${where}: ${target} has no heading with the anchor #${anchor}`;
  return undefined;
}
