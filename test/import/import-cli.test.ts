import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, startFixtureSite, type FixtureSite } from '../helpers/fixture-site.js';
import { startBuiltSite } from '../helpers/mirror-site.js';
import { BUILT_CLI, MINI_SITE } from '../helpers/paths.js';
import { outputDir } from './import-helpers.js';

const run = promisify(execFile);

/** The published bin, as a person runs it (not on a terminal: plain lines instead of a bar). */
async function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BUILT_CLI, ...args], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const TEST_ONLY = { SCAN_ALLOW_PRIVATE_TARGETS: '1' };
const SWITCH_WARNING = 'site-content-mcp: SCAN_ALLOW_PRIVATE_TARGETS is ON: the import may reach loopback and private addresses (tests only).\n';

describe('site-content-mcp import and check on the command line', () => {
  let site: FixtureSite;

  beforeAll(async () => {
    const body = (title: string) => `<main><h1>${title}</h1><p>We plan, build and measure websites for small companies. <a href="mailto:hello@acme.example">hello@acme.example</a> <a href="tel:+442071234567">+44 20 7123 4567</a></p><a href="/contact/">Contact</a></main>`;
    site = await startFixtureSite({
      '/': { body: html('<title>Acme</title><meta name="description" content="Acme builds websites.">', body('Acme')) },
      '/contact/': { body: html('<title>Contact</title><meta name="description" content="Write to Acme.">', body('Contact')) },
    });
  });
  afterAll(async () => {
    await site?.close();
  });

  it('imports a site, prints the summary, and exits 0', async () => {
    const out = await outputDir();
    const result = await cli(['import', `${site.origin}/`, '--out', out, '--import-delay-ms', '0'], TEST_ONLY);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('import: found 2, fetched 2, written 2, skipped 0, failed 0');
    expect(result.stdout).toMatch(/^ {2}added +2$/m);
    expect(result.stdout).toContain(`How pages were found: no sitemap (${site.origin}/sitemap.xml: HTTP 404): links were followed from the start page.`);
    expect(result.stdout).toContain(`Ready to serve: site-content-mcp serve --content-dir ${out}`);
    expect(result.stdout).toContain("Check (inferred, not stated by the site) (1):\n  company: Acme (the home page's title)\n");
  });

  it('ends with exit 1 and one line when the site cannot be reached', async () => {
    const closed = await startFixtureSite({});
    await closed.close();
    const result = await cli(['import', `${closed.origin}/`, '--out', await outputDir()], TEST_ONLY);
    expect(result).toEqual({ code: 1, stdout: '', stderr: `${SWITCH_WARNING}site-content-mcp: cannot reach ${closed.origin}: the site could not be reached\n` });
  });

  it('import --explain prints what is decided about one page and why, and writes nothing', async () => {
    const result = await cli(['import', '--explain', `${site.origin}/contact/`], TEST_ONLY);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`${site.origin}/contact/\n  path: /contact/\n  content: yes\n`);
    expect(result.stdout).toMatch(/ {2}language: en\n {4}because html lang says en and the text agrees\n/);
    expect(result.stdout).toMatch(/ {2}type: company\n/);
    expect(result.stdout).toMatch(/ {2}title: Contact\n/);
  });

  it('without a browser at --render-browser, says the pages need one and how to get one, and exits 1 when nothing else could be read', async () => {
    const spa = await startBuiltSite('react-spa', { spaFallback: true });
    try {
      const result = await cli(['import', `${spa.origin}/`, '--out', await outputDir(), '--render-browser', '/nonexistent/chromium'], TEST_ONLY);
      expect(result).toMatchObject({ code: 1, stdout: '' });
      expect(result.stderr).toContain(
        `\nsite-content-mcp: nothing imported from ${spa.origin}: its pages need a browser to be read (an empty application root (<div id="root">): scripts write the page), and there is no browser at /nonexistent/chromium: install Debian's chromium package (apt-get install chromium) and give its path with --render-browser (IMPORT_RENDER_BROWSER); or import with --render never\n`,
      );
    } finally {
      await spa.close();
    }
  });

  it('asks for --out', async () => {
    const result = await cli(['import', 'https://www.example.com/']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('import needs --out (IMPORT_OUT): the content directory to write');
  });

  it('check: passes a directory serve can serve', async () => {
    const result = await cli(['check', MINI_SITE]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/pages can be served/);
  });

  it('check: lists every problem with file and field, and exits 1 when the directory cannot be served', async () => {
    const dir = await outputDir();
    await mkdir(path.join(dir, 'pages'), { recursive: true });
    await writeFile(path.join(dir, 'site.yaml'), 'company: Acme\nsiteUrl: https://acme.example\nlanguages: [en]\ndefaultLanguage: en\n');
    const result = await cli(['check', dir]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('site.yaml is invalid:');
    expect(result.stdout).toContain('inquiry:');
  });
});
