import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { schemaOrgFor, type SchemaOrgObject } from '../../src/structured-data/schema-org.js';
import { validateStructuredData } from '../../src/structured-data/validate.js';
import { testContext } from '../helpers/context.js';
import { SAMPLE_SITE } from '../helpers/paths.js';

const BASE = 'https://agents.example.com';
let ctx: AppContext;

beforeAll(async () => {
  ctx = await testContext(SAMPLE_SITE, {}, ['--public-base-url', BASE]);
});

function objectOf(path: string): SchemaOrgObject {
  const page = ctx.content.current().site.page(path);
  if (!page) throw new Error(`no page ${path} in the sample site`);
  return schemaOrgFor(page, ctx.content.current());
}

type Json = Record<string, any>;

describe('schema.org objects of every page', () => {
  it('pass the schema.org rules (no errors) on every page of the sample site', () => {
    const failures = Object.fromEntries(
      ctx.content.current().site.pages.map((page) => [page.path, validateStructuredData(schemaOrgFor(page, ctx.content.current())).issues.filter((issue) => issue.severity === 'error')] as const).filter(([, errors]) => errors.length > 0),
    );
    expect(failures).toEqual({});
  });

  it('warn only about what the site file has no data for (event images)', () => {
    const warned = new Set(ctx.content.current().site.pages.flatMap((page) => validateStructuredData(schemaOrgFor(page, ctx.content.current())).issues.map((issue) => issue.property)));
    expect([...warned].sort()).toEqual(['image']);
  });

  it('each have @context, an @id and url on the public base URL, a name, a description and a language', () => {
    for (const page of ctx.content.current().site.pages) {
      const object = schemaOrgFor(page, ctx.content.current()) as Json;
      expect(object['@context']).toBe('https://schema.org');
      expect(object['@id']).toMatch(new RegExp(`^${BASE}/`));
      expect(object.url).toBe(`${BASE}${page.path}`);
      expect(object.name.length).toBeGreaterThan(0);
      expect(object.description).toBe(page.description);
      expect(object.inLanguage ?? object.mainEntityOfPage?.inLanguage).toBe(page.lang);
    }
  });

  it('have an @id of their own: no two pages share one', () => {
    const ids = ctx.content.current().site.pages.map((page) => schemaOrgFor(page, ctx.content.current())['@id']);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('name the company by one @id in every language', () => {
    const ids = new Set(
      ctx.content.current().site.pages.flatMap((page) => {
        const object = schemaOrgFor(page, ctx.content.current()) as Json;
        const referenced = [object.provider, object.publisher, object.organizer, object.about, object.mainEntity].filter((node) => node?.['@type'] === 'Organization');
        return referenced.map((node) => node['@id']);
      }),
    );
    expect([...ids]).toEqual([`${BASE}/#organization`]);
  });
});

describe('a service page', () => {
  it('is a Service offered by the company, with its published starting price as an Offer', () => {
    const service = objectOf('/pl/uslugi/analityka-internetowa/wdrozenie-ga4/') as Json;
    expect(service).toMatchObject({
      '@type': 'Service',
      '@id': `${BASE}/pl/uslugi/analityka-internetowa/wdrozenie-ga4/#service`,
      provider: { '@type': 'Organization', '@id': `${BASE}/#organization`, name: 'Miarka Analytics sp. z o.o.' },
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${BASE}/pl/uslugi/analityka-internetowa/wdrozenie-ga4/`, inLanguage: 'pl', dateModified: '2026-10-06' },
    });
    expect(service.offers[0]).toEqual({
      '@type': 'Offer',
      name: 'Wdrożenie Google Analytics 4',
      price: 3900,
      priceCurrency: 'PLN',
      priceSpecification: { '@type': 'PriceSpecification', price: 3900, minPrice: 3900, priceCurrency: 'PLN', valueAddedTaxIncluded: false },
      url: `${BASE}/pl/uslugi/analityka-internetowa/wdrozenie-ga4/`,
    });
  });

  it('lists each package that has a price as its own Offer, in euros on the English page', () => {
    const offers = (objectOf('/en/services/web-analytics/ga4-implementation/') as Json).offers as Json[];
    expect(offers.map((offer) => [offer.name, offer.price, offer.priceCurrency])).toEqual([
      ['Google Analytics 4 implementation', 950, 'EUR'],
      ['Google Analytics 4 implementation: Start', 950, 'EUR'],
      ['Google Analytics 4 implementation: Business', 1800, 'EUR'],
      ['Google Analytics 4 implementation: E-commerce', 2900, 'EUR'],
    ]);
  });

  it('gets no Offer for a price quoted individually, and none for such a package', () => {
    expect((objectOf('/en/services/web-analytics/mobile-app-analytics/') as Json).offers).toBeUndefined();
    const offers = (objectOf('/en/services/web-analytics/server-side-tagging/') as Json).offers as Json[];
    expect(offers.map((offer) => offer.name)).toEqual(['Server-side tagging', 'Server-side tagging: Standard']);
  });
});

describe('other page types', () => {
  it('a city page is a Service with the city as areaServed', () => {
    expect(objectOf('/en/cities/krakow/')).toMatchObject({ '@type': 'Service', areaServed: { '@type': 'City', name: 'Kraków' } });
    expect(objectOf('/pl/miasta/warszawa/')).toMatchObject({ '@type': 'Service', areaServed: { '@type': 'City', name: 'Warszawa' } });
  });

  it('a service area is a Service whose catalog lists its services by @id', () => {
    const area = objectOf('/en/services/ad-tracking/') as Json;
    expect(area['@type']).toBe('Service');
    expect(area.hasOfferCatalog.itemListElement.map((service: Json) => service['@id'])).toEqual([
      `${BASE}/en/services/ad-tracking/consent-mode-v2/#service`,
      `${BASE}/en/services/ad-tracking/meta-conversions-api/#service`,
      `${BASE}/en/services/ad-tracking/google-ads-conversion-tracking/#service`,
    ]);
  });

  it('an event on site is an Event at a Place, attended offline', () => {
    expect(objectOf('/en/events/ga4-workshop-krakow-december-2026/')).toMatchObject({
      '@type': 'Event',
      inLanguage: 'en',
      startDate: '2026-12-10T09:30:00+01:00',
      endDate: '2026-12-10T16:00:00+01:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: 'Miarka Analytics office, training room', address: 'ul. Rzemieślnicza 7, 30-363 Kraków, Poland' },
      organizer: { '@type': 'Organization', '@id': `${BASE}/#organization` },
    });
  });

  it('a free event has an Offer at price 0', () => {
    expect(objectOf('/pl/wydarzenia/warsztaty-ga4-krakow-grudzien-2026/')).toMatchObject({
      isAccessibleForFree: true,
      offers: { '@type': 'Offer', price: 0, priceCurrency: 'PLN', availability: 'https://schema.org/InStock', url: `${BASE}/pl/wydarzenia/warsztaty-ga4-krakow-grudzien-2026/` },
    });
  });

  it('an online event has a VirtualLocation and is attended online', () => {
    const url = `${BASE}/pl/wydarzenia/webinar-consent-mode-v2-styczen-2027/`;
    expect(objectOf('/pl/wydarzenia/webinar-consent-mode-v2-styczen-2027/')).toMatchObject({
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', url },
    });
  });

  it('a blog post is a BlogPosting with its author, dates and publisher', () => {
    expect(objectOf('/en/blog/what-is-llms-txt/')).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'What is llms.txt, and does your website need one?',
      inLanguage: 'en',
      datePublished: '2025-03-04',
      dateModified: '2026-10-21',
      author: { '@type': 'Person', name: 'Ewa Lis' },
      publisher: { '@type': 'Organization', '@id': `${BASE}/#organization` },
    });
  });

  it('the blog index is a Blog listing its posts', () => {
    const blog = objectOf('/pl/blog/') as Json;
    expect(blog['@type']).toBe('Blog');
    expect(blog.blogPost).toHaveLength(6);
    expect(blog.blogPost[0]).toEqual({
      '@type': 'BlogPosting',
      '@id': `${BASE}/pl/blog/consent-mode-v2-poradnik/#blogposting`,
      headline: 'Consent Mode v2 – poradnik wdrożenia krok po kroku',
      url: `${BASE}/pl/blog/consent-mode-v2-poradnik/`,
    });
  });

  it('a case study is an Article; their index is a CollectionPage of them', () => {
    expect(objectOf('/en/case-studies/dental-clinic-consent-mode/')).toMatchObject({ '@type': 'Article', author: { '@type': 'Person', name: 'Anna Kowalczyk' } });
    const index = objectOf('/en/case-studies/') as Json;
    expect(index['@type']).toBe('CollectionPage');
    expect(index.hasPart.map((part: Json) => part['@type'])).toEqual(['Article', 'Article', 'Article', 'Article']);
  });

  it('a language home page is a WebPage about the Organization, with its address and a contact point per language', () => {
    const home = objectOf('/en/') as Json;
    expect(home).toMatchObject({ '@type': 'WebPage', '@id': `${BASE}/en/`, inLanguage: 'en' });
    const organization = home.mainEntity as Json;
    expect(organization).toMatchObject({
      '@type': 'Organization',
      '@id': `${BASE}/#organization`,
      name: 'Miarka Analytics sp. z o.o.',
      url: `${BASE}/en/`,
      email: 'hello@miarka.example',
      telephone: '+48 12 345 67 89',
      address: { '@type': 'PostalAddress', streetAddress: 'ul. Rzemieślnicza 7', postalCode: '30-363', addressLocality: 'Kraków', addressCountry: 'PL' },
    });
    expect(organization.contactPoint).toEqual([
      { '@type': 'ContactPoint', contactType: 'customer service', email: 'hello@miarka.example', telephone: '+48 12 345 67 89', url: `${BASE}/en/contact/`, availableLanguage: 'en' },
      { '@type': 'ContactPoint', contactType: 'customer service', email: 'kontakt@miarka.example', telephone: '+48 12 345 67 89', url: `${BASE}/pl/kontakt/`, availableLanguage: 'pl' },
    ]);
  });

  it('the contact page is a ContactPage about the Organization; other company pages are WebPages', () => {
    expect(objectOf('/pl/kontakt/')).toMatchObject({ '@type': 'ContactPage', '@id': `${BASE}/pl/kontakt/`, mainEntity: { '@type': 'Organization', email: 'kontakt@miarka.example' } });
    expect(objectOf('/en/privacy-policy/')).toMatchObject({ '@type': 'WebPage', '@id': `${BASE}/en/privacy-policy/`, inLanguage: 'en' });
  });

  it('the pricing page is an OfferCatalog of every published price, each naming its service', () => {
    const catalog = objectOf('/pl/cennik/') as Json;
    expect(catalog['@type']).toBe('OfferCatalog');
    const offers = catalog.itemListElement as Json[];
    expect(offers.every((offer) => offer.priceCurrency === 'PLN' && typeof offer.price === 'number')).toBe(true);
    expect(offers.find((offer) => offer.name === 'Audyt Google Tag Managera')).toMatchObject({
      price: 2400,
      itemOffered: { '@type': 'Service', '@id': `${BASE}/pl/uslugi/analityka-internetowa/audyt-google-tag-manager/#service` },
    });
    expect(offers.some((offer) => offer.name === 'Analityka aplikacji mobilnych')).toBe(false);
  });
});

describe('a site without a language home page', () => {
  it('names the organization by the bare origin and still validates', async () => {
    const mini = await testContext(undefined, {}, ['--public-base-url', BASE]);
    const service = schemaOrgFor(mini.content.current().site.page('/pl/uslugi/wdrozenie-ga4/')!, mini.content.current()) as Json;
    expect(service.provider).toEqual({ '@type': 'Organization', '@id': `${BASE}/#organization`, name: 'Testowa Firma sp. z o.o.', url: `${BASE}/` });
    for (const page of mini.content.current().site.pages) expect(validateStructuredData(schemaOrgFor(page, mini.content.current())).valid).toBe(true);
  });
});

describe('a site file with a logo, an image and profiles elsewhere', () => {
  it('puts them on the Organization', async () => {
    const { cp, mkdtemp, readFile, rm, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(tmpdir(), 'scm-logo-'));
    try {
      await cp(SAMPLE_SITE, dir, { recursive: true });
      // The sample site names its own logo, image and profiles: replace them with these.
    const siteFile = (await readFile(path.join(dir, 'site.yaml'), 'utf8')).replace(/^(logo|image): .*\n/gm, '').replace(/^sameAs:\n(  - .*\n)+/m, '');
      const extra = 'logo: https://miarka.example/logo.png\nimage: https://miarka.example/office.jpg\nsameAs: [https://www.linkedin.com/company/miarka, https://github.com/miarka]\n';
      await writeFile(path.join(dir, 'site.yaml'), siteFile.replace('salesEmail:', `${extra}salesEmail:`));
      const withLogo = await testContext(dir, {}, ['--public-base-url', BASE]);
      expect((schemaOrgFor(withLogo.content.current().site.page('/en/')!, withLogo.content.current()) as Json).mainEntity).toMatchObject({
        logo: 'https://miarka.example/logo.png',
        image: 'https://miarka.example/office.jpg',
        sameAs: ['https://www.linkedin.com/company/miarka', 'https://github.com/miarka'],
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
