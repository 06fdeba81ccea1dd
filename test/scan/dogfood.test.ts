import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { scanStatusSchema } from '../../tools/scan-schemas.js';
import { startTestServer } from '../helpers/context.js';
import { connectHttp } from '../helpers/mcp-client.js';
import { SAMPLE_SITE } from '../helpers/paths.js';
import { RecordingMailer, unhurriedScanSettings } from '../helpers/scan-context.js';

/**
 * Dogfood: our own server, serving the bundled sample site, scanned by our own
 * scan_ai_visibility. The site we put in front of agents must pass the checks we sell.
 */
let server: RunningServer;
let client: Client;

beforeAll(async () => {
  server = await startTestServer(SAMPLE_SITE, ['--scan-allow-private-targets', '1'], { reportMailer: new RecordingMailer(), scanSettings: (defaults) => unhurriedScanSettings(defaults) });
  client = await connectHttp(server.url);
});
afterAll(async () => {
  await client?.close();
  await server?.close();
});

let scanned: ReturnType<typeof scanOnce> | undefined;
/** One scan shared by the tests (a site may be scanned only so often). */
function scanOurSite() {
  return (scanned ??= scanOnce());
}

async function scanOnce() {
  // The public base URL (http://localhost:PORT), so that canonical and hreflang links match the address scanned.
  const result = await client.callTool({ name: 'scan_ai_visibility', arguments: { url: `${server.ctx.content.current().urls.publicBaseUrl}/`, email: 'dogfood@miarka.pl', consent: true } });
  return scanStatusSchema.parse(result.structuredContent).result!;
}

describe('our own sample site, scanned by scan_ai_visibility', () => {
  it('grades A', async () => {
    expect(await scanOurSite()).toMatchObject({ outcome: 'graded', grade: 'A' });
  });

  it('has no problem worse than low, and passes the checks that matter most', async () => {
    const result = await scanOurSite();
    const serious = result.problems.filter((problem) => problem.severity !== 'info' && problem.severity !== 'low');
    expect(serious, JSON.stringify(serious, null, 1)).toEqual([]);
    expect(result.passed.map((entry) => entry.check)).toEqual(expect.arrayContaining(['V1', 'V2', 'V4', 'V6', 'V7', 'V8', 'V9', 'V13', 'V14', 'V15', 'V18']));
  });

  it('finds its own MCP server card through its AI Catalog (check V16)', async () => {
    const result = await scanOurSite();
    const base = server.ctx.content.current().urls.publicBaseUrl;
    const v16 = result.passed.find((entry) => entry.check === 'V16');
    expect(v16?.found, JSON.stringify(result.problems.filter((problem) => problem.check === 'V16'), null, 1)).toContain(`${base}/mcp/server-card`);
    expect(v16?.found).toContain(`${base}/.well-known/ai-catalog.json`);
  });

  it('is not told to add og:image, a logo or sameAs: the site has them, the image served by itself', async () => {
    const result = await scanOurSite();
    const about = result.problems.filter((problem) => /og:image|sameAs|logo/i.test(JSON.stringify(problem)));
    expect(about, JSON.stringify(about, null, 1)).toEqual([]);
  });
});
