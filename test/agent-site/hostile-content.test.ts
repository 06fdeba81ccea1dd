import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { startTestServer } from '../helpers/context.js';
import { MINI_SITE } from '../helpers/paths.js';

/**
 * A hand-written content page whose text looks like markup, served over HTTP. Its HTML page must
 * show that text as text, with no active markup, under the pages' CSP; its Markdown is served as
 * the author wrote it (docs/decisions/0116-safe-imported-markdown.md: only imported text is
 * untrusted, and the importer makes it safe before it is written).
 */

const HOSTILE = [
  '---',
  'title: "Ceny <script>alert(1)</script>"',
  'description: "Opis <img src=x onerror=alert(2)>"',
  'type: service',
  'lang: pl',
  'path: /pl/uslugi/wrogi/',
  '---',
  '',
  '# Nagłówek <script>alert(3)</script>',
  '',
  'Tekst <img src=x onerror=alert(7)> i <svg onload=alert(8)> oraz <a href="javascript:alert(9)">link HTML</a>.',
  '',
  '[link](javascript:alert(4)), [dane](data:text/html,alert) i <javascript:alert(5)>.',
  '',
  '![obraz](javascript:alert(6))',
  '',
].join('\n');

let dir: string;
let server: RunningServer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'scm-hostile-'));
  await cp(MINI_SITE, dir, { recursive: true });
  await writeFile(path.join(dir, 'pages', 'pl', 'wrogi.md'), HOSTILE);
  server = await startTestServer(dir);
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a content page whose text looks like markup', () => {
  it('is served as HTML with the pages\' CSP, which allows no script at all', async () => {
    const response = await fetch(`${server.url}/pl/uslugi/wrogi/`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src/);
  });

  it('shows that text as text in the HTML: no element, handler or script link comes from it', async () => {
    const html = await (await fetch(`${server.url}/pl/uslugi/wrogi/`, { headers: { accept: 'text/html' } })).text();
    expect(html).not.toMatch(/<script\b(?![^>]*application\/ld\+json)/i);
    expect(html).not.toMatch(/<(img|svg)\b[^>]*\bon\w+=/i);
    // The page's own favicon is `data:,`; the page text is in <main>.
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main).not.toMatch(/(href|src)="\s*(javascript|data|vbscript):/i);
    expect(html).toContain('Tekst &lt;img src=x onerror=alert(7)&gt; i &lt;svg onload=alert(8)&gt;');
  });

  it('is served as Markdown as the author wrote it', async () => {
    const markdown = await (await fetch(`${server.url}/pl/uslugi/wrogi.md`)).text();
    expect(markdown).toContain('Tekst <img src=x onerror=alert(7)>');
  });
});
