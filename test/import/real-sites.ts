import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { splitFrontMatter } from '../../src/content/front-matter.js';
import { explainPage } from '../../src/import/explain-page.js';
import type { ImportReport } from '../../src/import/run-import.js';
import { NetworkPolicy } from '../../src/net/network-policy.js';
import { systemResolver } from '../../src/net/resolver.js';
import { startMirrorSite, type MirrorManifest } from '../helpers/mirror-site.js';
import type { FixtureSite } from '../helpers/fixture-site.js';
import { importSite, outputDir } from './import-helpers.js';

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

/** `import --explain` for one URL, as the CLI runs it. */
export function explain(url: string): Promise<{ ok: boolean; text: string }> {
  return explainPage({ url, version: '0.0.0-test', network: NetworkPolicy.create(true, systemResolver), includeArchives: false });
}
