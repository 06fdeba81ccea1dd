import { describe, expect, it } from 'vitest';
import { draftSiteFile, type ImportedPage } from '../../src/import/site-facts.js';

const page = (path: string, fields: Partial<ImportedPage> = {}): ImportedPage => ({
  url: `https://handbook.example${path}`,
  path,
  lang: 'en',
  type: 'company',
  title: path,
  description: 'A page of the book.',
  jsonLd: [],
  emails: [],
  phones: [],
  tables: [],
  markdown: `# ${path}\n\nText of the page.`,
  alternate: undefined,
  ...fields,
});

describe('site facts and their sources', () => {
  it('never takes the host for the company: the name the titles share is listed for checking', () => {
    const draft = draftSiteFile([page('/'), page('/install/')], 'https://handbook.example', 'en', { titleName: 'Lipiec Deploy' });
    expect(draft.site.company).toBe('Lipiec Deploy');
    expect(draft.facts).toContainEqual({ field: 'company', value: 'Lipiec Deploy', source: 'the name most page titles share', stated: false });
  });

  it('lists the company as missing when nothing on the site names it', () => {
    const draft = draftSiteFile([page('/')], 'https://handbook.example', 'en');
    expect(draft.site.company).toBeUndefined();
    expect(draft.missing).toContain('company');
  });

  it('takes the WordPress site title without its tagline, with the legal form the pages write', () => {
    const pages = [page('/'), page('/kontakt/', { lang: 'pl', markdown: 'Studio Lipiec sp. z o.o., ul. Długa 14/3, Kraków' })];
    const draft = draftSiteFile(pages, 'https://studio.example', 'en', { restName: 'Studio Lipiec – strony dla firm' });
    expect(draft.facts.find((fact) => fact.field === 'company')).toEqual({
      field: 'company',
      value: 'Studio Lipiec sp. z o.o.',
      source: 'the WordPress site title (/wp-json/ name), without its tagline "strony dla firm", with the legal form written on /kontakt/',
      stated: false,
    });
  });

  it('marks an address found only in the text of one page (an author inside a book) as a guess', () => {
    const pages = [page('/'), page('/install/'), page('/about-the-authors/', { emails: ['hertzog@debian.example'] })];
    const draft = draftSiteFile(pages, 'https://handbook.example', 'en', { titleName: 'Handbook' });
    expect(draft.facts).toContainEqual({
      field: 'contact.en.email',
      value: 'hertzog@debian.example',
      source: "found only in the text of /about-the-authors/: is it the company's address? Not written: add it to site.yaml if it is",
      stated: false,
    });
  });

  it('writes no guessed address, so that no inquiry goes to it: the contact details are listed as not published', () => {
    const pages = [page('/'), page('/install/'), page('/about-the-authors/', { emails: ['hertzog@debian.example'] })];
    const draft = draftSiteFile(pages, 'https://handbook.example', 'en', { titleName: 'Handbook' });
    expect(draft.site.salesEmail).toBeUndefined();
    expect(draft.site.contact).toEqual({ en: {} });
    expect(draft.missing).toEqual([]);
    expect(draft.unpublished).toEqual(['contact.en.email', 'contact.en.phone', 'contact.en.contactForm', 'salesEmail']);
  });

  it("states an address linked on the contact page", () => {
    const pages = [page('/'), page('/contact/', { emails: ['sales@acme.example'] })];
    expect(draftSiteFile(pages, 'https://acme.example', 'en', { titleName: 'Acme' }).facts).toContainEqual({ field: 'contact.en.email', value: 'sales@acme.example', source: 'a link on the contact page /contact/', stated: true });
  });

  it('lists a services index with service pages below it as a group, so that list_services lists them', () => {
    const pages = [page('/uslugi/', { lang: 'pl', type: 'services_index' }), ...['/uslugi/strony/', '/uslugi/sklepy/'].map((path) => page(path, { lang: 'pl', type: 'service' }))];
    expect(draftSiteFile(pages, 'https://studio.example', 'pl', { titleName: 'Studio' }).site.services).toEqual([{ area: { pl: '/uslugi/' }, services: [{ pl: '/uslugi/strony/' }, { pl: '/uslugi/sklepy/' }] }]);
  });
});
