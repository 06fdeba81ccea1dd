import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import type { RunningServer } from '../../src/http/serve.js';
import type { ScanResult } from '../../src/scan/scan-result.js';
import { startTestServer } from '../helpers/context.js';
import { SAMPLE_SITE } from '../helpers/paths.js';
import { scanTestContext } from '../helpers/scan-context.js';
import { metaBasics } from '../../src/scan/checks/ai/page-checks.js';
import { findings, htmlPage, snapshot } from './snapshot-builder.js';

/**
 * The server's own pages are what it tells agencies to build: the sample site, as this server
 * publishes it, must pass our own AI-visibility scan with an A and no high or critical finding.
 */
let server: RunningServer;
let scanner: AppContext;

beforeAll(async () => {
  server = await startTestServer(SAMPLE_SITE);
  scanner = await scanTestContext();
});
afterAll(async () => {
  await scanner?.close();
  await server?.close();
});

async function scan(path: string, email: string): Promise<ScanResult> {
  // At the public base URL, the host its canonical and hreflang links name (server.url is 127.0.0.1).
  const { finished } = await scanner.scans.start('ai_visibility', server.ctx.content.current().urls.publicBaseUrl + path, email);
  const status = await finished;
  expect(status.status).toBe('done');
  return status.result!;
}

describe('the sample site in our own AI-visibility scan', () => {
  it.each([
    ['/pl/', 'wlasciciel@miarka.example'],
    ['/en/', 'owner@miarka.example'],
    ['/pl/uslugi/analityka-internetowa/wdrozenie-ga4/', 'ga4@miarka.example'],
    ['/en/blog/consent-mode-v2-guide/', 'blog@miarka.example'],
  ])('grades %s A with no high or critical finding', async (path, email) => {
    const result = await scan(path, email);
    const serious = result.problems.filter((problem) => problem.severity === 'critical' || problem.severity === 'high');
    expect(serious, JSON.stringify(result.problems, null, 1)).toEqual([]);
    expect(result.outcome).toBe('graded');
    expect(result.grade, JSON.stringify(result.problems, null, 1)).toBe('A');
  });
});

describe('every page of the sample site, as the scan reads it', () => {
  it('has a title and a description within the lengths the scan asks for', async () => {
    const complaints: string[] = [];
    for (const page of server.ctx.content.current().site.pages) {
      const url = server.url + page.path;
      const body = await (await fetch(url, { headers: { accept: 'text/html' } })).text();
      const read = htmlPage(body, { url });
      for (const finding of findings(metaBasics, snapshot(read))) {
        if (finding.evidence.some((line) => line.startsWith('<title>') || line.startsWith('<meta name="description"'))) complaints.push(`${page.path}: ${finding.found}`);
      }
    }
    expect(complaints).toEqual([]);
  });
});
