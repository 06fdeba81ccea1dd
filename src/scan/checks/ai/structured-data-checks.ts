import type { HtmlPage } from '../../../net/page/html-page.js';
import { validateStructuredData } from '../../../structured-data/validate.js';
import { typedNodes, type TypedNode } from '../../structured-data/json-ld-nodes.js';
import type { StructuredDataIssue } from '../../../structured-data/validate.js';
import { joined, m, notVerified, passed, problem, Findings, type CheckSpec, type Text } from '../check.js';
import { headerEvidence, quote } from '../evidence.js';

const ORGANIZATION = /^(Organization|LocalBusiness|Corporation|ProfessionalService|OnlineBusiness|Store|Restaurant|\w+Business|\w+Service|NGO|EducationalOrganization)$/;

function pageNodes(page: HtmlPage): TypedNode[] {
  return page.jsonLd.flatMap((block) => (block.value === undefined ? [] : typedNodes(block.value)));
}

function organizationNodes(pages: readonly HtmlPage[]): TypedNode[] {
  return pages.flatMap(pageNodes).filter((node) => node.types.some((type) => ORGANIZATION.test(type)) && !Object.keys(node.node).every((key) => key.startsWith('@')));
}

export const jsonLd: CheckSpec = {
  id: 'V10',
  title: 'JSON-LD structured data: parses, has the key types and their properties',
  weight: 12,
  run(snapshot) {
    const findings = new Findings();
    const typesSeen = new Set<string>();
    for (const page of snapshot.pages) {
      for (const block of page.jsonLd) {
        if (block.error !== undefined) {
          findings.at(page.url).add({
            severity: 'high',
            found: m('check.V10.unparsable'),
            checked: m('V10.parseError', { error: quote(block.error, 120) }),
            evidence: [quote(block.raw, 160)],
            fix: m('check.V10.unparsableFix'),
          });
          continue;
        }
        for (const node of typedNodes(block.value)) node.types.forEach((type) => typesSeen.add(type));
        const { issues } = validateStructuredData(block.value);
        const errors = issues.filter((issue) => issue.severity === 'error');
        const warnings = issues.filter((issue) => issue.severity === 'warning');
        if (errors.length > 0) {
          findings.at(page.url).add({
            severity: 'medium',
            found: m('check.V10.errors', { count: errors.length }),
            checked: issuesText(errors),
            evidence: [],
            fix: m('check.V10.errorsFix'),
          });
        }
        if (warnings.length > 0) {
          findings.at(page.url).add({
            severity: 'low',
            found: m('check.V10.warnings', { count: warnings.length }),
            checked: issuesText(warnings),
            evidence: [],
            fix: m('check.V10.warningsFix'),
          });
        }
      }
    }
    const anyJsonLd = snapshot.pages.some((page) => page.jsonLd.length > 0);
    if (!anyJsonLd) {
      const other = snapshot.pages.some((page) => page.hasMicrodata || page.hasRdfa);
      findings.add({
        severity: 'high',
        found: m('check.V10.noJsonLd', { microdata: other ? 'yes' : 'no' }),
        checked: m('V10.noJsonLdChecked', { pages: snapshot.pages.length }),
        evidence: [],
        fix: m('check.V10.noJsonLdFix'),
        missingBasic: 'structured data',
        url: snapshot.home.url,
      });
    } else if (organizationNodes(snapshot.pages).length === 0) {
      findings.add({
        severity: 'medium',
        found: m('check.V10.noOrganization'),
        checked: m('V10.typesChecked', { types: [...typesSeen].slice(0, 10) }),
        evidence: [],
        fix: m('check.V10.noOrganizationFix'),
        url: snapshot.home.url,
      });
    }
    return findings.orPassed(m('check.V10.passed', { types: [...typesSeen].slice(0, 12) }));
  },
};

export const entityConsistency: CheckSpec = {
  id: 'V11',
  title: 'The business is the same in structured data and on the page (name, phone, profiles, contact)',
  weight: 3,
  run(snapshot) {
    const organizations = organizationNodes(snapshot.pages);
    if (organizations.length === 0) return notVerified(m('check.V11.noOrganization'));
    const organization = organizations[0]!.node;
    const text = snapshot.pages.map((page) => `${page.visibleText} ${page.anchors.map((anchor) => anchor.href).join(' ')}`).join(' ');
    const digits = text.replace(/\D/g, '');
    const findings = new Findings();
    const phones = values(organization.telephone);
    for (const phone of phones) {
      const tail = phone.replace(/\D/g, '').slice(-9);
      if (tail.length >= 7 && !digits.includes(tail)) {
        findings.add({ severity: 'low', found: m('check.V11.phone'), evidence: [quote(`telephone: ${phone}`)], fix: m('check.V11.phoneFix'), url: snapshot.home.url });
      }
    }
    for (const email of values(organization.email)) {
      if (!text.toLowerCase().includes(email.replace(/^mailto:/i, '').toLowerCase())) {
        findings.add({ severity: 'low', found: m('check.V11.email'), evidence: [quote(`email: ${email}`)], fix: m('check.V11.emailFix'), url: snapshot.home.url });
      }
    }
    if (values(organization.sameAs).length === 0) {
      findings.add({ severity: 'low', found: m('check.V11.sameAs'), checked: m('evidence.missing', { what: 'sameAs' }), evidence: [], fix: m('check.V11.sameAsFix'), url: snapshot.home.url });
    }
    const hasAboutOrContact = snapshot.pages.some((page) =>
      page.anchors.some((anchor) => /(about|o-nas|o-firmie|uber-uns|contact|kontakt|impressum)/i.test(`${anchor.href} ${anchor.text}`)),
    );
    if (!hasAboutOrContact) {
      findings.add({ severity: 'low', found: m('check.V11.noAbout'), checked: m('V11.linksChecked', { pages: snapshot.pages.length }), evidence: [], fix: m('check.V11.noAboutFix'), url: snapshot.home.url });
    }
    const name = values(organization.name)[0];
    return findings.orPassed(m('check.V11.passed', { named: name === undefined ? 'no' : 'yes', name: name === undefined ? '' : quote(name, 60) }));
  },
};

function values(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
}

const YEAR_MS = 365 * 24 * 3600 * 1000;

/** A date as ISO 8601 writes it (2024-03-01): the same in every report language. */
const isoDate = (time: number): string => new Date(time).toISOString().slice(0, 10);

/**
 * What the validator found, in the report's language: by its stable code, the property and the
 * node's place (`$.offers[0]`). The validator's own messages are English, for the API.
 */
function issuesText(issues: readonly StructuredDataIssue[]): Text {
  return joined(issues.slice(0, 5).map((issue) => m('V10.issue', { path: issue.path, code: issue.code.replace(/-/g, '_'), property: issue.property ?? '' })));
}

export const freshness: CheckSpec = {
  id: 'V14',
  title: 'Pages say when they were last changed',
  weight: 3,
  run(snapshot) {
    const dates: { time: number; source: string }[] = [];
    for (const page of snapshot.pages) {
      for (const node of pageNodes(page)) {
        for (const property of ['dateModified', 'datePublished']) {
          const value = node.node[property];
          if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) dates.push({ time: Date.parse(value), source: `${property} ${value} (JSON-LD)` });
        }
      }
      for (const key of ['article:modified_time', 'og:updated_time', 'article:published_time']) {
        const value = page.meta1(key);
        if (value !== undefined && !Number.isNaN(Date.parse(value))) dates.push({ time: Date.parse(value), source: `<meta property="${key}" content="${value}">` });
      }
      const header = page.response.headers['last-modified'];
      if (header !== undefined && !Number.isNaN(Date.parse(header))) dates.push({ time: Date.parse(header), source: headerEvidence('Last-Modified', header) });
    }
    if (dates.length === 0) {
      return problem({
            severity: 'low',
            found: m('check.V14.noDate'),
            checked: m('V14.checked', { pages: snapshot.pages.length }),
            evidence: [],
            fix: m('check.V14.noDateFix'),
            url: snapshot.home.url,
          });
    }
    const newest = dates.reduce((best, date) => (date.time > best.time ? date : best));
    if (snapshot.now - newest.time > 2 * YEAR_MS) {
      return problem({
            severity: 'low',
            found: m('check.V14.stale', { date: isoDate(newest.time) }),
            evidence: [quote(newest.source)],
            fix: m('check.V14.staleFix'),
            url: snapshot.home.url,
          });
    }
    return passed(m('check.V14.passed', { date: isoDate(newest.time), source: quote(newest.source, 100) }));
  },
};
