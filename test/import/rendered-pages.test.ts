import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { explainPage } from '../../src/import/explain-page.js';
import { launchGuardedBrowser } from '../../src/net/browser/guarded-browser.js';
import { importSummary } from '../../src/import/import-summary.js';
import type { ImportReport } from '../../src/import/run-import.js';
import { NetworkPolicy } from '../../src/net/network-policy.js';
import { systemResolver } from '../../src/net/resolver.js';
import { BUILT_SITES, startBuiltSite, startMirrorSite } from '../helpers/mirror-site.js';
import { importSite, outputDir } from './import-helpers.js';
import { writtenPages, type WrittenPage } from './real-sites.js';

/**
 * Sites only a browser can read (docs/import.md): the same eight pages built by React Router + Vite
 * as a client-rendered application, and by Astro as a static export (test/fixtures/sites/built/).
 * Debian's Chromium, against loopback servers.
 */
const CHROMIUM = '/usr/bin/chromium';
/** One guarded browser for the whole file, started by the first import that asks for one; each import opens its own profile in it. */
let shared: Promise<Browser> | undefined;
const render = { mode: 'auto' as const, executablePath: CHROMIUM, borrow: () => (shared ??= launchGuardedBrowser(CHROMIUM, 30_000)) };
afterAll(async () => {
  await (await shared)?.close();
});

interface Imported {
  readonly report: ImportReport;
  readonly pages: ReadonlyMap<string, WrittenPage>;
  readonly out: string;
}

async function importBuilt(name: string, options: { spaFallback?: boolean; root?: string; executablePath?: string } = {}): Promise<Imported & { requests: { path: string }[] }> {
  const site = await startBuiltSite(options.root ?? name, { spaFallback: options.spaFallback ?? false });
  try {
    const out = await outputDir();
    const report = await importSite(`${site.origin}/`, out, { render: { ...render, ...(options.executablePath === undefined ? {} : { executablePath: options.executablePath }) } });
    return { report, pages: await writtenPages(out), out, requests: site.requests };
  } finally {
    await site.close();
  }
}

describe.skipIf(!existsSync(CHROMIUM))('importing a client-rendered React application and its static export', () => {
  let spa: Imported;
  let exported: Imported;
  beforeAll(async () => {
    spa = await importBuilt('react-spa', { spaFallback: true });
    exported = await importBuilt('astro-static');
  }, 60_000);

  it('gives the same pages, titles, languages and text either way', () => {
    expect([...spa.pages.keys()].sort()).toEqual([...exported.pages.keys()].sort());
    expect(spa.pages.size).toBe(8);
    for (const [pagePath, page] of exported.pages) {
      const rendered = spa.pages.get(pagePath)!;
      expect({ title: rendered.meta.title, lang: rendered.meta.lang, type: rendered.meta.type, description: rendered.meta.description }, pagePath).toEqual({
        title: page.meta.title,
        lang: page.meta.lang,
        type: page.meta.type,
        description: page.meta.description,
      });
      expect(rendered.body, pagePath).toBe(page.body);
    }
  });

  it('finds the client-only routes in the rendered pages: the HTML it is sent links nowhere', async () => {
    const shell = await readFile(path.join(BUILT_SITES, 'react-spa', 'site', 'index.html'), 'utf8');
    expect(shell).not.toContain('<a ');
    expect(spa.report.discovery?.via).toBe('links');
    expect(spa.pages.get('/en/services/websites/')?.body).toContain('Price: from PLN 4900 net');
  });

  it('renders every page of the application, in one browser, and says why', () => {
    expect(spa.report.rendering?.rendered.map((page) => new URL(page.url).pathname).sort()).toEqual([...spa.pages.keys()].sort());
    expect(spa.report.rendering?.rendered[0]?.reason).toBe('an empty application root (<div id="root">): scripts write the page');
    expect(spa.report.rendering?.browserLaunches).toBe(1);
  });

  it('imports the static export without starting a browser', () => {
    expect(exported.report.rendering).toEqual({ mode: 'auto', rendered: [], needBrowser: [], browserLaunches: 0 });
  });
});

describe.skipIf(!existsSync(CHROMIUM))('a server-rendered WordPress site', () => {
  it('imports without starting a browser: the HTML of every page holds its content', async () => {
    const site = await startMirrorSite('wordpress');
    try {
      const report = await importSite(`${site.origin}/`, await outputDir(), { render });
      expect(report.pagesInOutput).toBeGreaterThan(15);
      expect(report.rendering).toEqual({ mode: 'auto', rendered: [], needBrowser: [], browserLaunches: 0 });
    } finally {
      await site.close();
    }
  }, 60_000);
});

describe.skipIf(!existsSync(CHROMIUM))('a site with one client-rendered page among static ones', () => {
  let root: string;
  beforeAll(async () => {
    // The static export, with /kontakt/ served by the React application instead (its router draws the same page).
    root = await mkdtemp(path.join(tmpdir(), 'render-mixed-'));
    await cp(path.join(BUILT_SITES, 'astro-static', 'site'), root, { recursive: true });
    await cp(path.join(BUILT_SITES, 'react-spa', 'site', 'assets'), path.join(root, 'assets'), { recursive: true });
    await cp(path.join(BUILT_SITES, 'react-spa', 'site', 'index.html'), path.join(root, 'kontakt', 'index.html'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('renders only the page that needs it', async () => {
    const { report, pages } = await importBuilt('mixed', { root });
    expect(report.rendering?.rendered.map((page) => new URL(page.url).pathname)).toEqual(['/kontakt/']);
    expect(pages.get('/kontakt/')?.body).toContain('biuro@studio-lipiec.example');
    expect(pages.size).toBe(8);
  });

  it('without a browser, imports the rest and says which page needs one and how to get it', async () => {
    const { report, pages } = await importBuilt('mixed', { root, executablePath: '/nonexistent/chromium' });
    expect(pages.size).toBe(7);
    expect(pages.has('/kontakt/')).toBe(false);
    expect(report.rendering).toMatchObject({ needBrowser: [{ reason: 'an empty application root (<div id="root">): scripts write the page' }], browserMissing: 'no browser at /nonexistent/chromium', browserLaunches: 0 });
    expect(new URL(report.rendering!.needBrowser[0]!.url).pathname).toBe('/kontakt/');
    expect(importSummary(report, '/tmp/out', 'en')).toContain("  no browser at /nonexistent/chromium: install Debian's chromium package (apt-get install chromium) and give its path with --render-browser (IMPORT_RENDER_BROWSER); or import with --render never.");
  });
});

describe.skipIf(!existsSync(CHROMIUM))('import --explain on a client-rendered page', () => {
  const explain = (url: string) => explainPage({ url, version: '0.0.0-test', network: NetworkPolicy.create(true, systemResolver), includeArchives: false, render, lang: 'en' });

  it('says the page was rendered, why, and decides on what the browser drew', async () => {
    const site = await startBuiltSite('react-spa', { spaFallback: true });
    try {
      const { ok, text } = await explain(`${site.origin}/en/services/websites/`);
      expect(ok).toBe(true);
      expect(text).toContain('  rendered in a browser: yes\n    because an empty application root (<div id="root">): scripts write the page\n    - words in the HTML: 0\n');
      expect(text).toContain('    - <noscript>: Włącz JavaScript, aby zobaczyć tę stronę. Please enable JavaScript to see this …\n');
      expect(text).toMatch(/ {2}language: en\n/);
      expect(text).toMatch(/ {2}title: Websites\n/);
    } finally {
      await site.close();
    }
  });

  it('says a static page was read from its HTML, without a browser', async () => {
    const site = await startBuiltSite('astro-static');
    try {
      const { text } = await explain(`${site.origin}/en/services/websites/`);
      expect(text).toContain('  rendered in a browser: no\n    because the page runs no script: its HTML is the page\n');
    } finally {
      await site.close();
    }
  });
});

describe.skipIf(!existsSync(CHROMIUM))('a sync of a client-rendered site', () => {
  let root: string;
  let out: string;
  let site: Awaited<ReturnType<typeof startBuiltSite>>;
  let first: ImportReport;
  const sync = async () => {
    const report = await importSite(`${site.origin}/`, out, { render });
    return { report, pages: await writtenPages(out) };
  };
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'render-sync-'));
    await cp(path.join(BUILT_SITES, 'react-spa', 'site'), root, { recursive: true });
    site = await startBuiltSite(root, { spaFallback: true });
    out = await outputDir();
    first = (await sync()).report;
  }, 60_000);
  afterAll(async () => {
    await site?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('renders nothing again when neither the HTML nor the scripts changed', async () => {
    const again = await sync();
    expect(first.rendering?.rendered).toHaveLength(8);
    expect(again.report.rendering).toMatchObject({ rendered: [], browserLaunches: 0 });
    expect(again.report.unchanged).toBe(8);
  });

  it('renders the pages again when a script they ran changed, though their HTML did not', async () => {
    const [bundle] = (await import('node:fs')).readdirSync(path.join(root, 'assets'));
    const file = path.join(root, 'assets', bundle!);
    await writeFile(file, (await readFile(file, 'utf8')).replace('Price: from PLN 4900 net', 'Price: from PLN 5200 net'));
    const again = await sync();
    expect(again.report.rendering?.rendered).toHaveLength(8);
    expect(again.report.updated).toEqual(['/en/services/websites/']);
    expect(again.pages.get('/en/services/websites/')?.body).toContain('Price: from PLN 5200 net');
  });
});
