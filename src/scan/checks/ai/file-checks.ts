import type { FetchedResponse } from '../../../net/fetcher.js';
import { looksLikeHtml, usableResponse, type FetchedResource, type ScanSnapshot } from '../../snapshot.js';
import { AI_CATALOG_PATH } from '../../../web/server-card-draft.js';
import { AGENT_METADATA_MAX_BYTES, readAiCatalog, readCardData, readListedCard, readOlderCard, type CardReading } from './agent-catalog.js';
import { each, joined, m, notVerified, passed, problem, Findings, type CheckSpec, type Text } from '../check.js';
import { headerEvidence, quote, statusEvidence } from '../evidence.js';
import { readRobots } from './robots-file.js';
import { describeFetchFailure } from '../../fetch-failure-text.js';

export const llmsTxt: CheckSpec = {
  id: 'V6',
  title: 'llms.txt (optional: missing is informational)',
  weight: 3,
  run(snapshot) {
    const primary = usableResponse(snapshot.resources.get('llms'), 'llms');
    if ('reason' in primary) return notVerified(primary.reason);
    let response = primary.response;
    if (response.status === 404 && snapshot.resources.has('llms-well-known')) {
      const fallback = usableResponse(snapshot.resources.get('llms-well-known'), 'llms_well_known');
      if ('response' in fallback) response = fallback.response;
    }
    const url = response.finalUrl;
    if (response.status === 404 || response.status === 410) {
      return problem({
            severity: 'info',
            found: m('check.V6.found'),
            evidence: [statusEvidence(url, response.status)],
            fix: m('check.V6.fix'),
            url,
          });
    }
    if (response.status !== 200) {
      return problem({ severity: 'low', found: m('check.V6.status', { status: response.status }), evidence: [statusEvidence(url, response.status)], fix: m('check.V6.fix2'), url });
    }
    if (looksLikeHtml(response)) {
      return problem({
            severity: 'low',
            found: m('check.V6.found2'),
            evidence: [headerEvidence('Content-Type', response.headers['content-type']), quote(response.body.slice(0, 100))],
            fix: m('check.V6.fix3'),
            url,
          });
    }
    const findings = new Findings();
    const lines = response.body.replace(/^\ufeff/, '').split(/\r?\n/);
    const firstContent = lines.find((line) => line.trim() !== '') ?? '';
    const title = /^#\s+(.+)/.exec(firstContent)?.[1];
    const hasSummary = lines.some((line) => /^>\s*\S/.test(line));
    const sections = lines.filter((line) => /^##\s+\S/.test(line)).length;
    const links = lines.filter((line) => /^\s*[-*]\s*\[[^\]]+\]\([^)\s]+\)/.test(line)).length;
    if (title === undefined) {
      findings.add({ severity: 'low', found: m('check.V6.found3'), checked: m('check.V6.firstLineChecked'), evidence: [quote(firstContent)], fix: m('check.V6.fix4'), url });
    }
    if (links === 0) {
      findings.add({ severity: 'low', found: m('check.V6.found4'), checked: m('check.V6.noLinksChecked', { lines: lines.length }), evidence: [], fix: m('check.V6.fix5'), url });
    }
    if (!hasSummary) {
      findings.add({ severity: 'info', found: m('check.V6.found5'), evidence: [quote(firstContent)], fix: m('check.V6.fix6'), url });
    }
    if (!/^text\/(markdown|plain|x-markdown)$/.test(response.mediaType)) {
      findings.add({ severity: 'low', found: m('check.V6.mediaType', { type: response.mediaType || 'none' }), evidence: [headerEvidence('Content-Type', response.headers['content-type'])], fix: m('check.V6.fix7'), url });
    }
    return findings.orPassed(m('check.V6.passed', { url, title: quote(title ?? '', 60), summary: hasSummary ? 'yes' : 'no', sections, links }));
  },
};

const MARKDOWN_TYPES = /^text\/(markdown|x-markdown)$/;

export const markdownForAgents: CheckSpec = {
  id: 'V7',
  title: 'Markdown for agents (Accept: text/markdown, .md twin, Vary: Accept)',
  weight: 3,
  run(snapshot) {
    const negotiated = usableResponse(snapshot.resources.get('markdown-negotiated'), 'markdown_negotiated');
    const twinResource = snapshot.resources.get('markdown-twin');
    const twin = usableResponse(twinResource, 'markdown_twin');
    if ('reason' in negotiated && 'reason' in twin) return notVerified(negotiated.reason);
    const negotiates = 'response' in negotiated && negotiated.response.status === 200 && MARKDOWN_TYPES.test(negotiated.response.mediaType);
    const twinWorks =
      'response' in twin && twin.response.status === 200 && (MARKDOWN_TYPES.test(twin.response.mediaType) || (twin.response.mediaType === 'text/plain' && !looksLikeHtml(twin.response)));
    const advertised = snapshot.home.links.find((link) => link.rel.includes('alternate') && link.type === 'text/markdown');
    const findings = new Findings();
    if (!negotiates && !twinWorks) {
      findings.add({
        severity: 'info',
        found: m('check.V7.found'),
        checked: joined([
          'response' in negotiated ? m('V7.negotiatedAnswer', { url: snapshot.home.url, status: negotiated.response.status, type: negotiated.response.mediaType }) : negotiated.reason,
          twinResource === undefined ? m('V7.noTwin') : 'response' in twin ? m('V7.twinAnswer', { url: twinResource.url, status: twin.response.status, type: twin.response.mediaType }) : twin.reason,
        ]),
        evidence: [],
        fix: m('check.V7.fix'),
        url: snapshot.home.url,
      });
    }
    if (negotiates && 'response' in negotiated) {
      const varies = (response: FetchedResponse) => /(^|,)\s*(accept|\*)\s*(,|$)/i.test(response.headers.vary ?? '');
      const missing = [negotiated.response, snapshot.home.response].filter((response) => !varies(response));
      if (missing.length > 0) {
        findings.add({
          severity: 'medium',
          found: m('check.V7.found2'),
          checked: m('V7.varyChecked', { variants: missing.map((response) => (MARKDOWN_TYPES.test(response.mediaType) ? 'Markdown' : 'HTML')), count: missing.length }),
          evidence: missing.map((response) => headerEvidence('Vary', response.headers.vary)),
          fix: m('check.V7.fix2'),
          url: snapshot.home.url,
        });
      }
    }
    if ((negotiates || twinWorks) && advertised === undefined) {
      findings.add({
        severity: 'low',
        found: m('check.V7.found3'),
        checked: m('evidence.missingIn', { what: '<link rel="alternate" type="text/markdown">', where: snapshot.home.url }),
        evidence: [],
        fix: m('check.V7.linkFix', { tag: `<link rel="alternate" type="text/markdown" href="${twinWorks && twinResource !== undefined ? twinResource.url : '...md'}">` }),
        url: snapshot.home.url,
      });
    }
    const ways = [negotiates ? m('V7.wayNegotiation') : undefined, twinWorks ? m('V7.wayTwin', { url: twinResource!.url }) : undefined, advertised !== undefined ? m('V7.wayLink') : undefined].filter((way) => way !== undefined);
    return findings.orPassed(m('V7.passed', { ways: { pl: ways.map((way) => way.pl), en: ways.map((way) => way.en) } }));
  },
};

export const sitemap: CheckSpec = {
  id: 'V8',
  title: 'XML sitemap, named in robots.txt, with recent lastmod',
  weight: 6,
  run(snapshot) {
    const resource = snapshot.resources.get('sitemap');
    const usable = usableResponse(resource, 'sitemap');
    if ('reason' in usable) return notVerified(usable.reason);
    const response = usable.response;
    const robots = readRobots(snapshot);
    const declared = robots.state === 'served' ? robots.file.sitemaps : [];
    const url = response.finalUrl;
    if (response.status !== 200) {
      return problem({
            severity: 'medium',
            found: m('check.V8.status', { declared: declared.length > 0 ? 'yes' : 'no', status: response.status }),
            evidence: [statusEvidence(resource!.url, response.status)],
            fix: m('check.V8.fix'),
            missingBasic: 'sitemap',
            url,
          });
    }
    const child = snapshot.resources.get('sitemap-child');
    const isIndex = /<sitemapindex[\s>]/i.test(response.body);
    const body = isIndex && child?.outcome.ok ? child.outcome.response.body : response.body;
    const findings = new Findings();
    if (!/<(urlset|sitemapindex)[\s>]/i.test(response.body)) {
      return problem({
            severity: 'medium',
            found: m('check.V8.notXml', { html: looksLikeHtml(response) ? 'yes' : 'no' }),
            evidence: [headerEvidence('Content-Type', response.headers['content-type']), quote(response.body.slice(0, 100))],
            fix: m('check.V8.fix2'),
            missingBasic: 'sitemap',
            url,
          });
    }
    const locations = [...body.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/gi)].length;
    const lastmods = [...body.matchAll(/<lastmod>\s*([^<]+?)\s*<\/lastmod>/gi)].map((match) => match[1]!);
    if (locations === 0) {
      findings.add({ severity: 'medium', found: m('check.V8.found'), evidence: [quote(body.slice(0, 120))], fix: m('check.V8.fix3'), url });
    }
    if (declared.length === 0) {
      findings.add({
        severity: 'low',
        found: m('check.V8.found2'),
        checked: m('V8.notDeclared', { robots: robots.state === 'served' ? 'yes' : 'no' }),
        evidence: [],
        fix: m('check.V8.declareFix', { line: `Sitemap: ${url}` }),
        url,
      });
    }
    const dates = lastmods.map((value) => Date.parse(value)).filter((time) => !Number.isNaN(time));
    if (locations > 0 && lastmods.length === 0) {
      findings.add({ severity: 'low', found: m('check.V8.found3'), checked: m('check.V8.noLastmodChecked', { count: locations }), evidence: [], fix: m('check.V8.fix4'), url });
    } else if (lastmods.length > dates.length) {
      findings.add({ severity: 'low', found: m('check.V8.found4'), evidence: lastmods.filter((value) => Number.isNaN(Date.parse(value))).slice(0, 3).map((value) => quote(`<lastmod>${value}</lastmod>`)), fix: m('check.V8.fix5'), url });
    }
    const newest = dates.length > 0 ? Math.max(...dates) : undefined;
    if (newest !== undefined && snapshot.now - newest > 365 * 24 * 3600 * 1000) {
      findings.add({ severity: 'low', found: m('check.V8.stale', { date: new Date(newest).toISOString().slice(0, 10) }), checked: m('check.V8.newestChecked', { date: new Date(newest).toISOString().slice(0, 10) }), evidence: [], fix: m('check.V8.fix6'), url });
    }
    return findings.orPassed(m('check.V8.passed', { url, index: isIndex ? 'yes' : 'no', count: locations, newest: newest === undefined ? 'none' : new Date(newest).toISOString().slice(0, 10) }));
  },
};

export const edgeBlocking: CheckSpec = {
  id: 'V5',
  title: 'CDN or firewall does not block AI crawlers',
  weight: 6,
  run(snapshot) {
    const blocked: { url: string; evidence: string }[] = [];
    for (const resource of snapshot.resources.values()) {
      if (resource.block !== undefined) blocked.push({ url: resource.url, evidence: resource.block.evidence });
    }
    for (const [url, alternate] of snapshot.alternates) {
      if ('block' in alternate && alternate.block !== undefined) blocked.push({ url, evidence: alternate.block.evidence });
    }
    if (blocked.length > 0) {
      return problem({
            severity: 'medium',
            found: m('check.V5.blocked', { count: blocked.length }),
            evidence: blocked.slice(0, 4).map((entry) => quote(`${entry.url}: ${entry.evidence}`)),
            fix: m('check.V5.fix'),
          });
    }
    return notVerified(
      m('check.V5.notVerified'),
    );
  },
};

export const agentDiscovery: CheckSpec = {
  id: 'V16',
  title: 'Agent discovery: Link headers, API catalog, MCP server card, OAuth metadata (informational)',
  weight: 0,
  run(snapshot) {
    const found: Text[] = [];
    const findings = new Findings();
    const link = snapshot.home.response.headers.link;
    if (link !== undefined && /rel="?[^"]*(api-catalog|service-desc|service-doc|describedby|alternate)/i.test(link)) {
      const header = quote(`Link: ${link}`, 120); // the site's own header, the same in every language
      found.push({ pl: header, en: header });
    }
    const json = (resource: FetchedResource | undefined, kind: string) => {
      if (resource?.outcome.ok && resource.outcome.response.status === 200 && /json/.test(resource.outcome.response.mediaType)) found.push(m('check.V16.resource', { kind, url: resource.url }));
    };
    json(snapshot.resources.get('api-catalog'), 'apiCatalog');
    serverCard(snapshot, found, findings);
    json(snapshot.resources.get('protected-resource'), 'oauth');
    if (found.length === 0 && findings.size === 0) {
      return problem({
            severity: 'info',
            found: m('check.V16.found'),
            checked: m('V16.notFound', { files: [AI_CATALOG_PATH, '/.well-known/api-catalog', '/.well-known/oauth-protected-resource'] }),
            evidence: [],
            fix: m('check.V16.fix'),
            url: snapshot.home.url,
          });
    }
    return findings.orPassed(m('check.V16.passed', { found: each(found) }));
  },
};

/**
 * V16's MCP server card, found the way the current draft says (agent-catalog.ts): through the AI
 * Catalog, by URL or inline; else at an older draft's address, which is said. A catalog or card
 * the site publishes but agents cannot read is a low finding, with what to fix.
 */
function serverCard(snapshot: ScanSnapshot, found: Text[], findings: Findings): void {
  const catalog = readAiCatalog(snapshot.resources.get('ai-catalog'), new URL(snapshot.home.url).origin);
  const limit = AGENT_METADATA_MAX_BYTES / 1024;
  if (catalog.state === 'broken') {
    const response = snapshot.resources.get('ai-catalog')!.outcome;
    const evidence = response.ok ? [headerEvidence('Content-Type', response.response.headers['content-type']), quote(response.response.body.slice(0, 100))] : [];
    findings.add({ severity: 'low', found: m('check.V16.catalogBroken', { problem: catalog.problem, url: catalog.url, limit, field: 'field' in catalog ? catalog.field : '' }), evidence, fix: m('check.V16.catalogFix'), url: catalog.url });
  }
  if (catalog.state === 'read') {
    found.push(m('check.V16.resource', { kind: 'aiCatalog', url: catalog.url }));
    for (const entry of catalog.skipped) {
      findings.add({
        severity: entry.reason === 'crossSite' ? 'info' : 'low',
        found: m('check.V16.entrySkipped', { reason: entry.reason, url: quote(entry.url ?? '', 120), index: entry.index + 1 }),
        evidence: [],
        fix: m('check.V16.entryFix', { reason: entry.reason }),
        url: catalog.url,
      });
    }
    const location = catalog.card;
    if (location?.kind === 'url') {
      const resource = snapshot.resources.get('mcp-server-card');
      const card = readListedCard(resource);
      if (card?.ok === true) {
        found.push(m('check.V16.card', { inline: 'no', name: quote(card.name, 80), url: location.url }));
        return;
      }
      if (card !== undefined) {
        findings.add({
          severity: 'low',
          found: m('check.V16.cardBroken', { ...cardProblem(card), url: location.url, limit, reason: whyUnread(resource!) }),
          evidence: [],
          fix: m('check.V16.cardFix'),
          url: location.url,
        });
      }
    } else if (location?.kind === 'inline') {
      const card = readCardData(location.data);
      if (card.ok) {
        found.push(m('check.V16.card', { inline: 'yes', name: quote(card.name, 80), url: catalog.url }));
        return;
      }
      findings.add({ severity: 'low', found: m('check.V16.inlineCardBroken', { url: catalog.url, field: `entries.${location.index}.data.${'field' in card ? card.field : 'name'}` }), evidence: [], fix: m('check.V16.cardFix'), url: catalog.url });
    }
  }
  for (const name of ['mcp-server-card-older', 'mcp-json'] as const) {
    const resource = snapshot.resources.get(name);
    const card = readOlderCard(resource);
    if (card?.ok === true) {
      findings.add({ severity: 'info', found: m('check.V16.olderCard', { name: quote(card.name, 80), url: resource!.url }), evidence: [], fix: m('check.V16.olderCardFix'), url: resource!.url });
      return;
    }
  }
}

/** A listed card's problem as the values of check.V16.cardBroken (every argument given, whichever the problem). */
function cardProblem(card: Extract<CardReading, { ok: false }>): { problem: string; status: number; field: string; target: string } {
  return {
    problem: card.problem,
    status: card.problem === 'status' ? card.status : 0,
    field: card.problem === 'shape' ? card.field : '',
    target: card.problem === 'offSiteRedirect' ? quote(card.url, 120) : '',
  };
}

/** Why a fetched resource has no usable response: the request's failure, or the block the site answered with (its own words). */
function whyUnread(resource: FetchedResource): Text | string {
  if (!resource.outcome.ok) return describeFetchFailure(resource.outcome.failure);
  return resource.block === undefined ? '' : quote(resource.block.evidence, 120);
}
