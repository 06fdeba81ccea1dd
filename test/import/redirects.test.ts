import { describe, expect, it } from 'vitest';
import { html, type FixtureSite } from '../helpers/fixture-site.js';
import { importSite, outputDir, siteServer, TEXT } from './import-helpers.js';

/**
 * Redirects are decided before they are followed: each hop is checked against the site's
 * robots.txt and against the site itself (an address of another site is never requested), and a
 * redirect that cannot be followed leaves one clear reason for that page.
 */
const serve = siteServer();

const page = (title: string) => html(`<title>${title}</title>`, `<main><h1>${title}</h1><p>${TEXT}</p></main>`);
const sitemap = (origin: string, paths: string[]) => ({
  headers: { 'content-type': 'application/xml' },
  body: `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')}</urlset>`,
});
const redirect = (location: string) => ({ status: 302, headers: { location } });
const paths = (site: FixtureSite) => site.requests.map((request) => request.path);

describe('redirects during an import', () => {
  it('never requests a page robots.txt disallows, even when another page redirects to it', async () => {
    const site = await serve((origin) => ({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /secret/\n' },
      '/sitemap.xml': sitemap(origin, ['/', '/to-secret/']),
      '/': { body: page('Home') },
      '/to-secret/': redirect('/secret/page/'),
      '/secret/page/': { body: page('Secret') },
    }));
    const report = await importSite(`${site.origin}/`, await outputDir());
    expect(paths(site)).not.toContain('/secret/page/');
    expect(report.added).toEqual(['/']);
    expect(report.skipped).toEqual([{ url: `${site.origin}/to-secret/`, reason: `redirects to ${site.origin}/secret/page/, which robots.txt does not allow us to read` }]);
  });

  it('never requests another site a page redirects to, and lists the page as skipped', async () => {
    const elsewhere = await serve({ '/landing/': { body: page('Elsewhere') } });
    const site = await serve((origin) => ({
      '/sitemap.xml': sitemap(origin, ['/', '/off/']),
      '/': { body: page('Home') },
      '/off/': redirect(`${elsewhere.origin}/landing/`),
    }));
    const report = await importSite(`${site.origin}/`, await outputDir());
    expect(elsewhere.requests).toEqual([]);
    expect(report.skipped).toEqual([{ url: `${site.origin}/off/`, reason: `redirects off the site, to ${elsewhere.origin}/landing/` }]);
  });

  it('says a page whose redirects go round in a loop cannot be read', async () => {
    const site = await serve((origin) => ({
      '/sitemap.xml': sitemap(origin, ['/', '/loop-a/']),
      '/': { body: page('Home') },
      '/loop-a/': redirect('/loop-b/'),
      '/loop-b/': redirect('/loop-a/'),
    }));
    const report = await importSite(`${site.origin}/`, await outputDir());
    expect(report.failed).toEqual([{ url: `${site.origin}/loop-a/`, reason: 'the redirects go round in a loop' }]);
  });

  it.each([
    ['mailto:', 'mailto:office@acme.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['file:', 'file:///etc/passwd'],
  ])('says a page that redirects to a %s address is not a page of the site', async (_scheme, location) => {
    const site = await serve((origin) => ({
      '/sitemap.xml': sitemap(origin, ['/', '/odd/']),
      '/': { body: page('Home') },
      '/odd/': redirect(location),
    }));
    const report = await importSite(`${site.origin}/`, await outputDir());
    expect(report.failed).toEqual([{ url: `${site.origin}/odd/`, reason: 'redirects to an address that cannot be imported (only http:// and https:// websites can be imported)' }]);
    expect(report.added).toEqual(['/']);
  });
});
