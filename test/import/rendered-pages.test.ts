import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../src/import/run-import.js';
import { BUILT_SITES, startBuiltSite } from '../helpers/mirror-site.js';
import { importSite, outputDir } from './import-helpers.js';
import { writtenPages, type WrittenPage } from './real-sites.js';

/**
 * Sites only a browser can read (docs/import.md): the same eight pages built by React Router + Vite
 * as a client-rendered application, and by Astro as a static export (test/fixtures/sites/built/).
 * Debian's Chromium, against loopback servers.
 */
const CHROMIUM = '/usr/bin/chromium';
const render = { mode: 'auto' as const, executablePath: CHROMIUM };

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
  });
});
