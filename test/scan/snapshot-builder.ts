import type { CheckResult, CheckSpec, Finding } from '../../src/scan/checks/check.js';
import type { FetchedResponse } from '../../src/net/fetcher.js';
import { parseHtmlPage, type HtmlPage } from '../../src/net/page/html-page.js';
import { fetchedResource, type FetchedResource, type ResourceName, type ScanSnapshot } from '../../src/scan/snapshot.js';

export const ORIGIN = 'https://www.acme-heating.example';
export const NOW = Date.parse('2026-11-21T12:00:00Z');

/** A response as the fetcher would return it, for checks that need no network. */
export function response(url: string, body: string, options: { status?: number; headers?: Record<string, string>; ttfbMs?: number; redirects?: FetchedResponse['redirects'] } = {}): FetchedResponse {
  const headers = { 'content-type': 'text/html; charset=utf-8', ...options.headers };
  return {
    requestedUrl: url,
    finalUrl: url,
    status: options.status ?? 200,
    headers,
    mediaType: headers['content-type']!.split(';')[0]!.trim(),
    body,
    bodyBytes: Buffer.byteLength(body),
    truncated: false,
    bodySkipped: false,
    redirects: options.redirects ?? [],
    ttfbMs: options.ttfbMs ?? 20,
    totalMs: (options.ttfbMs ?? 20) + 5,
  };
}

export function htmlPage(body: string, options: Parameters<typeof response>[2] & { url?: string } = {}): HtmlPage {
  return parseHtmlPage(response(options.url ?? `${ORIGIN}/`, body, options));
}

export function resource(path: string, body: string, options: Parameters<typeof response>[2] = {}): FetchedResource {
  const url = ORIGIN + path;
  return fetchedResource(url, { ok: true, response: response(url, body, options) });
}

export function snapshot(home: HtmlPage, parts: { pages?: HtmlPage[]; resources?: Partial<Record<ResourceName, FetchedResource>>; alternates?: Map<string, HtmlPage | FetchedResource>; kind?: ScanSnapshot['kind'] } = {}): ScanSnapshot {
  return {
    kind: parts.kind ?? 'ai_visibility',
    requestedUrl: home.url,
    home,
    pages: [home, ...(parts.pages ?? [])],
    alternates: parts.alternates ?? new Map(),
    resources: new Map(Object.entries(parts.resources ?? {}) as [ResourceName, FetchedResource][]),
    slowResponseMs: 1500,
    now: NOW,
  };
}

/** A finding with its texts in English, as these tests read them (both languages are tested in finding-languages.test.ts). */
export type EnglishFinding = Omit<Finding, 'found' | 'fix'> & { readonly found: string; readonly fix: string };

/** What a check concluded, with its texts in English. */
export type EnglishResult =
  | { readonly status: 'passed'; readonly found: string }
  | { readonly status: 'problems'; readonly findings: readonly EnglishFinding[] }
  | { readonly status: 'not_verified' | 'not_applicable'; readonly reason: string };

export function inEnglish(result: CheckResult): EnglishResult {
  switch (result.status) {
    case 'passed':
      return { status: 'passed', found: result.found.en };
    case 'problems':
      return { status: 'problems', findings: result.findings.map((finding) => ({ ...finding, found: finding.found.en, fix: finding.fix.en })) };
    default:
      return { status: result.status, reason: result.reason.en };
  }
}

export function runInEnglish(check: CheckSpec, from: ScanSnapshot): EnglishResult {
  return inEnglish(check.run(from));
}

export function findings(check: CheckSpec, from: ScanSnapshot): EnglishFinding[] {
  const result = runInEnglish(check, from);
  return result.status === 'problems' ? [...result.findings] : [];
}

export function doc(head: string, body = '<main><h1>Acme</h1></main>', lang = 'en'): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;
}
