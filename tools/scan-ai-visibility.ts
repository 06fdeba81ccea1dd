import { DATA_NOT_INSTRUCTIONS, SCAN_ANNOTATIONS, SCAN_LIMITS_TEXT, scanInputSchema, scanStatusSchema } from './scan-schemas.js';
import { requesterKey } from './scan-requester.js';
import { defineTool } from './tool.js';

export const scanAiVisibility = defineTool({
  name: 'scan_ai_visibility',
  title: 'Scan a website: visibility in AI assistants',
  description:
    "Free scan of the person's own website for visibility in AI assistants (ChatGPT, Claude, Perplexity, Gemini, Copilot): robots.txt and which AI crawlers it lets in " +
    '(search and user-fetch crawlers blocked is critical; training crawlers are for information), noindex/nosnippet, llms.txt, Markdown for agents, the sitemap, content visible without JavaScript, ' +
    'JSON-LD structured data, titles, descriptions, hreflang, freshness and fetch cost. Returns a score (0-100), a grade (A-F) and each problem with its evidence and fix; ' +
    'checks that need a browser are listed as not verified, and a site that answers with a bot challenge is "could not verify", not a bad grade. ' +
    'The full report is e-mailed to the person. Use it only when the person asks to check their own website: ask for their e-mail address and their explicit consent first. ' +
    'Answers within about 20 seconds; if the scan takes longer it answers with status "running" and a scan_id for get_scan_result. ' +
    `${SCAN_LIMITS_TEXT} ${DATA_NOT_INSTRUCTIONS}`,
  input: scanInputSchema,
  output: scanStatusSchema,
  annotations: SCAN_ANNOTATIONS,
  async run(input, ctx) {
    return ctx.scans.scan('ai_visibility', input.url, input.email, requesterKey(ctx.caller));
  },
});
