import { describe, expect, it } from 'vitest';
import { decodeHtml } from '../../src/import/decode-html.js';
import { contentPathFor } from '../../src/import/page-path.js';
import { inferPageType } from '../../src/import/page-type.js';
import { readPage } from '../../src/import/read-page.js';

describe('content paths from page URLs', () => {
  it.each([
    ['https://www.example.com/', '/'],
    ['https://www.example.com/Oferta/Wdro%C5%BCenie%20GA4.html', '/oferta/wdrozenie-ga4/'],
    ['https://www.example.com/blog/index.php', '/blog/'],
    ['https://www.example.com/über-uns', '/ueber-uns/'],
    ['https://www.example.com/a//b/?page=2', '/a/b/'],
  ])('%s becomes %s', (url, path) => {
    expect(contentPathFor(url)).toBe(path);
  });
});

describe('page types', () => {
  const service = { '@type': 'Service', name: 'Audit' };
  it.each([
    ['/pl/uslugi/', [], 'services_index'],
    ['/uslugi/audyt/', [], 'service'],
    ['/en/pricing/', [], 'pricing'],
    ['/realizacje/sklep/', [{ '@type': 'Article' }], 'case_studies'],
    ['/news/launch/', [{ '@type': 'Article' }], 'blog'],
    ['/pl/miasta/krakow/', [], 'city_page'],
    ['/krakow/', [], 'city_page'],
    ['/anything/', [{ ...service, areaServed: { '@type': 'City', name: 'Kraków' } }], 'city_page'],
    ['/anything/', [{ ...service, hasOfferCatalog: { '@type': 'OfferCatalog' } }], 'service_area'],
    ['/kontakt/', [{ '@type': ['WebPage', 'ContactPage'] }], 'company'],
    ['/something-else/', [], 'company'],
  ] as const)('%s with %j is %s', (path, nodes, type) => {
    expect(inferPageType(path, nodes, [], false)).toBe(type);
  });

  it('takes JSON-LD before path rules', () => {
    expect(inferPageType('/blog/our-services/', [service], [], false)).toBe('service');
  });

  it('types an event only when its JSON-LD gives the details the content format needs', () => {
    expect(inferPageType('/wydarzenia/warsztaty/', [{ '@type': 'Event' }], [], true)).toBe('event');
    expect(inferPageType('/wydarzenia/warsztaty/', [{ '@type': 'Event' }], [], false)).toBe('company');
  });

  it('lets the site file override everything', () => {
    expect(inferPageType('/oferta/kursy/ga4/', [{ '@type': 'BlogPosting' }], [{ path: '/oferta/**', type: 'service' }], false)).toBe('service');
  });
});

describe('charsets', () => {
  const polish = Buffer.from([0xb1, 0xea, 0xb3, 0xf1]); // "ąęłń" in iso-8859-2

  it('takes the charset of the Content-Type header', () => {
    expect(decodeHtml(polish, 'text/html; charset=ISO-8859-2').text).toBe('ąęłń');
  });

  it('finds <meta charset> when the header has none', () => {
    const bytes = Buffer.concat([Buffer.from('<meta charset="iso-8859-2">'), polish]);
    expect(decodeHtml(bytes, 'text/html').text).toBe('<meta charset="iso-8859-2">ąęłń');
  });

  it('lets a byte order mark win over both', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('ąę')]);
    expect(decodeHtml(bytes, 'text/html; charset=windows-1250').text).toBe('ąę');
  });
});

describe('reading a page', () => {
  it('keeps hreflang alternates, canonical and contact links, and drops x-default', () => {
    const facts = readPage(
      '<html lang="pl"><head><title>Usługi | Acme</title><link rel="canonical" href="/uslugi/"><link rel="alternate" hreflang="en" href="/en/services/"><link rel="alternate" hreflang="x-default" href="/uslugi/"></head><body><main><h1>Usługi</h1><p><a href="mailto:biuro@acme.example">biuro</a> <a href="tel:+48123456789">+48 12 345 67 89</a> <a href="/kontakt/#form">Kontakt</a> <a href="https://elsewhere.example/">x</a></p></main></body></html>',
      'https://acme.example/uslugi/',
    );
    expect(facts).toMatchObject({
      lang: 'pl',
      canonical: 'https://acme.example/uslugi/',
      alternates: [{ lang: 'en', url: 'https://acme.example/en/services/' }],
      emails: ['biuro@acme.example'],
      phones: ['+48 12 345 67 89'],
      links: ['https://acme.example/kontakt/'],
    });
  });
});
