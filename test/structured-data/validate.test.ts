import { describe, expect, it } from 'vitest';
import { rulesFor } from '../../src/structured-data/rules.js';
import { validateJsonLdText, validateStructuredData, type StructuredDataIssue } from '../../src/structured-data/validate.js';

const CONTEXT = 'https://schema.org';

const organization = {
  '@context': CONTEXT,
  '@type': 'Organization',
  name: 'Acme',
  url: 'https://acme.example/',
  logo: 'https://acme.example/logo.png',
  sameAs: ['https://www.linkedin.com/company/acme'],
  address: { '@type': 'PostalAddress', streetAddress: '1 Main St', addressLocality: 'Leeds', postalCode: 'LS1 1AA', addressCountry: 'GB' },
  telephone: '+44 113 000 0000',
  email: 'hello@acme.example',
  contactPoint: { '@type': 'ContactPoint', contactType: 'customer service', telephone: '+44 113 000 0000' },
  description: 'Plumbing in Leeds.',
};

const event = {
  '@context': CONTEXT,
  '@type': 'Event',
  name: 'GA4 workshop',
  startDate: '2026-12-10T09:30:00+01:00',
  endDate: '2026-12-10T16:00:00+01:00',
  location: { '@type': 'Place', name: 'Office', address: 'ul. Rzemieślnicza 7, Kraków' },
};

function errors(document: unknown): StructuredDataIssue[] {
  return validateStructuredData(document).issues.filter((issue) => issue.severity === 'error');
}

function codesAndPaths(issues: readonly StructuredDataIssue[]): string[] {
  return issues.map((issue) => `${issue.code} ${issue.path}${issue.property ? ` ${issue.property}` : ''}`);
}

describe('validating schema.org JSON-LD', () => {
  it('accepts a complete Organization without any issue', () => {
    expect(validateStructuredData(organization)).toEqual({ valid: true, issues: [], nodes: expect.any(Array) });
  });

  it('lists every typed node with its path and whether it is a node of the document itself', () => {
    expect(validateStructuredData(organization).nodes).toEqual([
      { path: '$', types: ['Organization'], topLevel: true },
      { path: '$.address', types: ['PostalAddress'], topLevel: false },
      { path: '$.contactPoint', types: ['ContactPoint'], topLevel: false },
    ]);
  });

  it('requires a schema.org @context on the document', () => {
    const { '@context': _, ...withoutContext } = organization;
    expect(codesAndPaths(errors(withoutContext))).toEqual(['missing-context $ @context']);
    expect(errors({ ...organization, '@context': 'https://example.com/vocab' })).toHaveLength(1);
    expect(errors({ ...organization, '@context': { '@vocab': 'http://schema.org/' } })).toEqual([]);
    expect(errors({ ...organization, '@context': ['https://schema.org', { ex: 'https://example.com/' }] })).toEqual([]);
  });

  it('requires a @type on each node of the document', () => {
    expect(codesAndPaths(errors({ '@context': CONTEXT, name: 'Acme' }))).toEqual(['missing-type $ @type']);
  });

  it('names each missing required property as an error and each missing recommended one as a warning', () => {
    const report = validateStructuredData({ '@context': CONTEXT, '@type': 'Organization', url: 'https://acme.example/' });
    expect(report.valid).toBe(false);
    expect(report.issues.filter((issue) => issue.severity === 'error').map((issue) => issue.message)).toEqual(['Organization requires "name".']);
    expect(report.issues.filter((issue) => issue.severity === 'warning').map((issue) => issue.property)).toEqual([
      'logo',
      'sameAs',
      'address',
      'telephone',
      'email',
      'contactPoint',
      'description',
    ]);
  });

  it('treats empty strings and empty arrays as missing', () => {
    expect(codesAndPaths(errors({ ...organization, name: '  ' }))).toEqual(['missing-property $ name']);
    expect(validateStructuredData({ ...organization, sameAs: [] }).issues.map((issue) => issue.property)).toEqual(['sameAs']);
  });

  it('applies a parent type\'s rules to its subtypes (BlogPosting is an Article)', () => {
    const post = { '@context': CONTEXT, '@type': 'BlogPosting', headline: 'Hello' };
    expect(codesAndPaths(errors(post))).toEqual(['missing-property $ author', 'missing-property $ datePublished']);
    expect(rulesFor('BlogPosting')?.required).toEqual(['headline', 'author', 'datePublished']);
  });

  it('asks a local business for an address rather than a URL', () => {
    expect(codesAndPaths(errors({ '@context': CONTEXT, '@type': 'Dentist', name: 'Smile' }))).toEqual(['missing-property $ address']);
  });

  it('reads full and prefixed type names (https://schema.org/Event, schema:Event) and arrays of types', () => {
    expect(validateStructuredData({ ...event, '@type': 'https://schema.org/Event' }).nodes[0]?.types).toEqual(['Event']);
    const { location: _, ...noLocation } = event;
    expect(codesAndPaths(errors({ ...noLocation, '@type': ['schema:Event', 'Thing'] }))).toEqual(['missing-property $ location']);
  });

  describe('values', () => {
    it('requires ISO 8601 dates', () => {
      expect(codesAndPaths(errors({ ...event, startDate: '10/12/2026' }))).toEqual(['invalid-value $.startDate startDate']);
      expect(codesAndPaths(errors({ ...event, endDate: '2026-13-40' }))).toEqual(['invalid-value $.endDate endDate']);
      expect(errors({ ...event, startDate: '2026-12-10', endDate: '2026-12-10T16:00Z' })).toEqual([]);
    });

    it('rejects an event that ends before it starts', () => {
      expect(codesAndPaths(errors({ ...event, endDate: '2026-12-09T10:00:00+01:00' }))).toEqual(['date-order $.endDate endDate']);
    });

    it('requires prices as plain numbers and currencies as ISO 4217 codes', () => {
      const service = (offer: object) => ({ '@context': CONTEXT, '@type': 'Service', name: 'GA4', provider: organization, description: 'x', url: 'https://acme.example/ga4', offers: offer });
      expect(errors(service({ '@type': 'Offer', price: 3900, priceCurrency: 'PLN' }))).toEqual([]);
      expect(errors(service({ '@type': 'Offer', price: '3900.00', priceCurrency: 'PLN' }))).toEqual([]);
      expect(codesAndPaths(errors(service({ '@type': 'Offer', price: '3 900 zł', priceCurrency: 'zł' })))).toEqual([
        'invalid-value $.offers.price price',
        'invalid-value $.offers.priceCurrency priceCurrency',
      ]);
      expect(codesAndPaths(errors(service({ '@type': 'Offer', price: 3900 })))).toEqual(['missing-property $.offers priceCurrency']);
      expect(codesAndPaths(errors(service({ '@type': 'Offer', url: 'https://acme.example/ga4' })))).toEqual(['missing-property $.offers price']);
      expect(codesAndPaths(errors(service({ '@type': 'Offer', priceSpecification: { '@type': 'PriceSpecification', minPrice: 3900 } })))).toEqual([
        'missing-property $.offers.priceSpecification priceCurrency',
      ]);
    });

    it('requires absolute http(s) URLs and BCP 47 language tags', () => {
      expect(codesAndPaths(errors({ ...organization, url: '/about', sameAs: ['https://x.example', 'javascript:alert(1)'] }))).toEqual([
        'invalid-value $.url url',
        'invalid-value $.sameAs sameAs',
      ]);
      expect(codesAndPaths(errors({ ...event, inLanguage: 'Polish language' }))).toEqual(['invalid-value $.inLanguage inLanguage']);
    });

    it('warns when an enumeration is not a schema.org member', () => {
      const issues = validateStructuredData({ ...event, eventStatus: 'scheduled' }).issues;
      expect(issues.find((issue) => issue.property === 'eventStatus')).toMatchObject({ severity: 'warning', code: 'invalid-value' });
    });

    it('warns about a headline longer than search engines show', () => {
      const article = { '@context': CONTEXT, '@type': 'Article', headline: 'x'.repeat(111), author: { '@type': 'Person', name: 'A' }, datePublished: '2026-01-01' };
      expect(validateStructuredData(article).issues.find((issue) => issue.property === 'headline')).toMatchObject({ severity: 'warning', path: '$.headline' });
    });
  });

  describe('nested nodes', () => {
    it('checks the required properties of embedded nodes (an author without a name)', () => {
      const article = { '@context': CONTEXT, '@type': 'Article', headline: 'Hi', author: [{ '@type': 'Person', name: 'A' }, { '@type': 'Person' }], datePublished: '2026-01-01' };
      expect(codesAndPaths(errors(article))).toEqual(['missing-property $.author[1] name']);
    });

    it('takes a nested node with an @id as a reference described elsewhere: only its values are checked', () => {
      const blog = { '@context': CONTEXT, '@type': 'Blog', blogPost: [{ '@type': 'BlogPosting', '@id': 'https://acme.example/post/#blogposting', headline: 'Post' }] };
      expect(errors(blog)).toEqual([]);
      const badDate = { ...blog, blogPost: [{ ...blog.blogPost[0], datePublished: 'yesterday' }] };
      expect(codesAndPaths(errors(badDate))).toEqual(["invalid-value $.blogPost[0].datePublished datePublished"]);
    });

    it('validates every node of a @graph as a node of the document', () => {
      const { '@context': _, ...orgNode } = organization;
      const graph = { '@context': CONTEXT, '@graph': [orgNode, { '@type': 'WebSite', name: 'Acme' }] };
      expect(codesAndPaths(errors(graph))).toEqual(["missing-property $['@graph'][1] url"]);
      expect(validateStructuredData(graph).nodes.map((node) => node.topLevel)).toEqual([true, false, false, true]);
    });

    it('validates each object of an array document, each needing its own @context', () => {
      expect(codesAndPaths(errors([organization, { '@type': 'Person', name: 'A' }]))).toEqual(['missing-context $[1] @context']);
    });
  });

  describe('hostile or broken input', () => {
    it('reports JSON that does not parse instead of throwing', () => {
      const report = validateJsonLdText('{"@context": "https://schema.org", "@type": "Organization",}');
      expect(report.valid).toBe(false);
      expect(report.issues).toEqual([expect.objectContaining({ code: 'invalid-json', path: '$', severity: 'error' })]);
    });

    it.each([null, 42, 'Organization', [], true])('reports %j as describing nothing', (document) => {
      expect(validateStructuredData(document).valid).toBe(false);
    });

    it('stops at a nesting depth and says so, without overflowing the stack', () => {
      let deep: Record<string, unknown> = { '@type': 'Thing', name: 'leaf' };
      for (let level = 0; level < 10_000; level += 1) deep = { '@type': 'Thing', subjectOf: deep };
      const report = validateStructuredData({ '@context': CONTEXT, ...deep });
      expect(report.issues).toEqual([expect.objectContaining({ code: 'too-large', severity: 'warning' })]);
      expect(report.nodes.length).toBeLessThanOrEqual(40);
    });

    it('stops after a node budget on a very wide document', () => {
      const wide = { '@context': CONTEXT, '@type': 'ItemList', itemListElement: Array.from({ length: 20_000 }, (_, index) => ({ '@type': 'ListItem', position: index + 1, name: `Item ${index}` })) };
      const report = validateStructuredData(wide);
      expect(report.issues.filter((issue) => issue.code === 'too-large')).toHaveLength(1);
      expect(report.nodes.length).toBe(5_000);
    });
  });
});
