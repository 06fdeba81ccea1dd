import { cp, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { splitFrontMatter } from '../../src/content/front-matter.js';
import { explainPage } from '../../src/import/explain-page.js';
import type { ImportReport } from '../../src/import/run-import.js';
import { NetworkPolicy } from '../../src/net/network-policy.js';
import { systemResolver } from '../../src/net/resolver.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { connectHttp } from '../helpers/mcp-client.js';
import { startMirrorSite, type MirrorManifest } from '../helpers/mirror-site.js';
import { BUILT_CLI } from '../helpers/paths.js';
import { startServeProcess, type ServedProcess } from '../helpers/served-process.js';
import type { FixtureSite } from '../helpers/fixture-site.js';
import { fingerprint, importSite, outputDir } from './import-helpers.js';

/** One written page: its front matter and its Markdown body. */
export interface WrittenPage {
  readonly meta: Readonly<Record<string, unknown>>;
  readonly body: string;
}

export interface ImportedMirror {
  readonly site: FixtureSite & { readonly manifest: MirrorManifest };
  readonly out: string;
  readonly report: ImportReport;
  /** Every page file written, by content path. */
  readonly pages: ReadonlyMap<string, WrittenPage>;
}

/** Serves a mirror of a real site (test/fixtures/sites/real/<name>) on loopback and imports it as the CLI would. */
export async function importMirror(name: string, startPath = '/', { discover = false, overlay }: { discover?: boolean; overlay?: string } = {}): Promise<ImportedMirror> {
  const site = await startMirrorSite(name, overlay === undefined ? {} : { overlay });
  const out = await outputDir();
  const report = await importSite(`${site.origin}${startPath}`, out, { discover });
  return { site, out, report, pages: await writtenPages(out) };
}

export async function writtenPages(out: string): Promise<Map<string, WrittenPage>> {
  const pages = new Map<string, WrittenPage>();
  const root = path.join(out, 'pages');
  const files = (await readdir(root, { recursive: true })).filter((file) => file.endsWith('index.md'));
  for (const file of files.sort()) {
    const { data, body } = splitFrontMatter(await readFile(path.join(root, file), 'utf8'));
    const meta = data as Record<string, unknown>;
    pages.set(meta.path as string, { meta, body });
  }
  return pages;
}

/** The Markdown less its fenced code blocks. */
export function outsideCode(markdown: string): string {
  return markdown.replace(/```[^]*?```/g, '');
}

/** Every link target of a page's Markdown (`[text](target)`, `![alt](target)`). */
export function linkTargets(markdown: string): string[] {
  return [...outsideCode(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!);
}

/** The HTML pages a mirror recorded (status 200, text/html): what `import --explain` must answer for. */
export function htmlPaths(manifest: MirrorManifest): string[] {
  return Object.entries(manifest.entries)
    .filter(([, entry]) => entry.status === 200 && (entry.headers['content-type'] ?? '').startsWith('text/html'))
    .map(([key]) => key);
}

/** Every address a mirror recorded, whatever it answered (pages, redirects, 404s, sitemaps, feeds, robots.txt). */
export function recordedPaths(manifest: MirrorManifest): string[] {
  return Object.keys(manifest.entries);
}

/** What `import --explain` must say for any address: the page's decisions, or in one line why it cannot be read. */
export const EXPLAINED = /^https?:\/\/\S+\n( {2}path: .+\n)? {2}(content: (yes|no, skipped)\n {4}because .+|cannot be read: .+)\n/;

/**
 * Imports the mirror again into a copy of its output folder (`cp -r`) and returns a fingerprint
 * of the original folder before and after: a copied folder must be independent of its original.
 */
export async function reimportIntoCopy(imported: ImportedMirror, startPath = '/'): Promise<{ before: Record<string, string>; after: Record<string, string>; report: ImportReport }> {
  const before = await fingerprint(imported.out);
  const copy = await outputDir();
  await cp(imported.out, copy, { recursive: true });
  const report = await importSite(`${imported.site.origin}${startPath}`, copy);
  return { before, after: await fingerprint(imported.out), report };
}

/** `import --explain` for one URL, as the CLI runs it. */
export function explain(url: string): Promise<{ ok: boolean; text: string }> {
  return explainPage({ url, version: '0.0.0-test', network: NetworkPolicy.create(true, systemResolver), includeArchives: false, lang: 'en' });
}

/** The built CLI serving an imported folder as it is (`serve --content-dir`), and an MCP client over HTTP. */
export async function serveImport(out: string): Promise<{ served: ServedProcess; client: Client; close: () => Promise<void> }> {
  const served = await startServeProcess(process.execPath, [BUILT_CLI, 'serve', '--port', '0', '--host', '127.0.0.1', '--content-dir', out], {});
  const client = await connectHttp(served.url);
  return {
    served,
    client,
    close: async () => {
      await client.close();
      await served.stop();
    },
  };
}

/** A page's Markdown address: `/en/about/` → `/en/about.md`, `/` → `/index.md`. */
export function markdownPath(pagePath: string): string {
  return `${pagePath.slice(0, -1) || '/index'}.md`;
}
