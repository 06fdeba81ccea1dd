import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importSummary } from '../../src/import/import-summary.js';
import { html } from '../helpers/fixture-site.js';
import { fingerprint, importSite, outputDir, siteServer, TEXT } from './import-helpers.js';

/**
 * The importer words its reasons in the language it is given (the terminal's, for the CLI), and
 * nothing it writes for later runs to compare depends on that language: a re-run on a terminal
 * in another language sees no change (docs/decisions/0147-cli-language.md).
 */
const site = siteServer();
const page = (title: string, body = `<main><h1>${title}</h1><p>${TEXT}</p><a href="/about/">About</a> <a href="/gone/">Old</a></main>`) => ({ body: html(`<title>${title} – Acme</title>`, body) });

describe('the language of an import', () => {
  it('words the reasons of the report in the language asked for', async () => {
    const acme = await site({ '/': page('Home'), '/about/': page('About') });
    const report = await importSite(`${acme.origin}/`, await outputDir(), { lang: 'pl' });
    expect(report.skipped).toEqual([{ url: `${acme.origin}/gone/`, reason: 'HTTP 404: strony już nie ma' }]);
    expect(report.howFound).toBe(`brak mapy witryny (${acme.origin}/sitemap.xml: HTTP 404): śledzono linki od strony startowej`);
  });

  it('leaves every file but the summary as it was when the next run is in another language', async () => {
    const acme = await site({ '/': page('Home'), '/about/': page('About') });
    const out = await outputDir();
    // Two runs in English first: the second is the one a later run is compared with (the first has no state to start from).
    await importSite(`${acme.origin}/`, out, { lang: 'en' });
    await importSite(`${acme.origin}/`, out, { lang: 'en' });
    const before = await fingerprint(out);
    const again = await importSite(`${acme.origin}/`, out, { lang: 'pl' });
    expect({ added: again.added, updated: again.updated, removed: again.removed, unchanged: again.unchanged, siteFile: again.siteFile?.outcome }).toEqual({ added: [], updated: [], removed: [], unchanged: 2, siteFile: 'unchanged' });
    const after = await fingerprint(out);
    const changed = Object.keys(after).filter((file) => after[file] !== before[file]);
    expect(changed).toEqual([path.join('.import', 'summary.txt')]);
    expect(await readFile(path.join(out, '.import', 'summary.txt'), 'utf8')).toContain('Jak znaleziono strony:');
  });

  it('says in Polish which page needs a browser, why, and how to get one', async () => {
    const app = '<div id="root"></div><script type="module" src="/assets/app.js"></script>';
    const home = `<main><h1>Home</h1><p>${TEXT}</p><a href="/kontakt/">Kontakt</a></main>`;
    const acme = await site({ '/': page('Home', home), '/kontakt/': page('Kontakt', app) });
    const report = await importSite(`${acme.origin}/`, await outputDir(), { lang: 'pl', render: { mode: 'auto', executablePath: '/nonexistent/chromium' } });
    expect(report.rendering).toMatchObject({ needBrowser: [{ reason: 'pusty element główny aplikacji (<div id="root">): stronę piszą skrypty' }], browserMissing: 'brak przeglądarki pod /nonexistent/chromium' });
    expect(importSummary(report, '/tmp/out', 'pl')).toContain(
      '  brak przeglądarki pod /nonexistent/chromium: zainstaluj pakiet chromium z Debiana (apt-get install chromium) i podaj jego ścieżkę w --render-browser (IMPORT_RENDER_BROWSER) albo importuj z --render never.',
    );
    expect(importSummary(report, '/tmp/out', 'pl')).toContain('Wymagają przeglądarki (nie zaimportowano) (1):');
  });
});
