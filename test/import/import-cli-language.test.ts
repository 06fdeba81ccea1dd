import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, startFixtureSite, type FixtureSite } from '../helpers/fixture-site.js';
import { BUILT_CLI } from '../helpers/paths.js';
import { outputDir } from './import-helpers.js';

const run = promisify(execFile);

/**
 * `import`, `import --explain` and `check` speak the terminal's language (LC_ALL, LC_MESSAGES,
 * LANG), as `insights` does: a Polish terminal gets the progress lines, the summary with its
 * plural forms, the explanation and the check in Polish. The built bin, as a person runs it.
 */
async function cli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BUILT_CLI, ...args], { env: { PATH: process.env.PATH ?? '', SCAN_ALLOW_PRIVATE_TARGETS: '1', ...env }, encoding: 'utf8' });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const POLISH = { LANG: 'pl_PL.UTF-8' };
const TEXT = 'Projektujemy, budujemy i mierzymy strony internetowe dla małych firm z całej Polski. Każdy projekt zaczynamy od rozmowy o celach, a kończymy raportem, który pokazuje, co działa, a co warto jeszcze poprawić.';
/** The home page and eleven more: twelve pages, so that the list of added pages is cut after ten ("… i 2 kolejne"). */
const PAGES = Array.from({ length: 11 }, (_, index) => `/oferta-${index + 1}/`);

describe('the import on a Polish terminal', () => {
  let site: FixtureSite;
  let out: string;
  let imported: { code: number; stdout: string; stderr: string };

  beforeAll(async () => {
    const page = (title: string, links = '') => ({ body: html(`<title>${title}</title><meta name="description" content="${title}: opis strony.">`, `<main><h1>${title}</h1><p>${TEXT}</p>${links}</main>`, 'pl') });
    site = await startFixtureSite({
      '/': page('Studio Lipiec', PAGES.map((href) => `<a href="${href}">${href}</a>`).join(' ')),
      ...Object.fromEntries(PAGES.map((href, index) => [href, page(`Oferta ${index + 1}`)])),
    });
    out = await outputDir();
    imported = await cli(['import', `${site.origin}/`, '--out', out, '--import-delay-ms', '0'], POLISH);
  });
  afterAll(async () => {
    await site?.close();
  });

  it('prints the progress lines in Polish', () => {
    expect(imported.stderr).toContain('import: znaleziono 12, pobrano 12, zapisano 12, pominięto 0, nieudane 0');
    expect(imported.stderr).toContain('SCAN_ALLOW_PRIVATE_TARGETS jest WŁĄCZONE');
  });

  it('prints the summary in Polish, with the plural forms Polish needs', () => {
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(/^ {2}dodane +12$/m);
    expect(imported.stdout).toContain('Dodane (12):');
    expect(imported.stdout).toContain('  … i 2 kolejne\n');
    expect(imported.stdout).toContain(`Jak znaleziono strony: brak mapy witryny (${site.origin}/sitemap.xml: HTTP 404): śledzono linki od strony startowej.`);
    expect(imported.stdout).toContain(`Gotowe do serwowania: site-content-mcp serve --content-dir ${out}`);
    expect(imported.stdout).not.toMatch(/\b(pages|found|fetched|because|links were followed)\b/);
  });

  it('writes the summary file in the language of the run', async () => {
    expect(await readFile(path.join(out, '.import', 'summary.txt'), 'utf8')).toContain('Dodane (12):');
  });

  it('explains a page in Polish', async () => {
    const result = await cli(['import', '--explain', `${site.origin}/oferta-1/`], POLISH);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`${site.origin}/oferta-1/\n  ścieżka: /oferta-1/\n  treść: tak\n    powód: strona jest treścią w języku, który witryna może udostępniać\n`);
    expect(result.stdout).toMatch(/ {2}język: pl\n {4}powód: html lang podaje pl i tekst to potwierdza\n/);
    expect(result.stdout).toMatch(/ {2}renderowanie w przeglądarce: nie\n {4}powód: /);
    expect(result.stdout).not.toMatch(/\bbecause\b/);
  });

  it('checks a directory in Polish, with the plural forms Polish needs', async () => {
    // The site states no e-mail, phone or contact page: four things to check ("4 problemy").
    const result = await cli(['check', out], POLISH);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^${out}: 12 stron do serwowania; 4 problemy:\n`));
    expect(result.stdout).toContain('  site.yaml  contact.pl.phone: nie podano: get_contact odpowiada, że witryna nie publikuje numeru telefonu (dopisz, jeśli istnieje)\n');
  });

  it('follows LC_ALL over LANG: LC_ALL=C is English', async () => {
    const result = await cli(['check', out], { ...POLISH, LC_ALL: 'C' });
    expect(result.stdout).toMatch(new RegExp(`^${out}: 12 pages can be served; 4 problems:\n`));
  });
});
