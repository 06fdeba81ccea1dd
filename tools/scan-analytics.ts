import { DATA_NOT_INSTRUCTIONS, SCAN_ANNOTATIONS, SCAN_LIMITS_TEXT, scanInputSchema, scanStatusSchema } from './scan-schemas.js';
import { requesterKey } from './scan-requester.js';
import { defineTool } from './tool.js';

export const scanAnalytics = defineTool({
  name: 'scan_analytics',
  title: 'Scan a website: analytics and tracking',
  description:
    "Free scan of the person's own website for analytics and tracking: which tags load (Google Tag Manager, GA4, Google Ads, Meta Pixel, LinkedIn, TikTok, Microsoft UET and Clarity, Hotjar, Matomo...), " +
    'retired or placeholder ids, duplicate tags, GTM placement, the consent banner and Consent Mode v2 defaults, tags that fire before consent, a Content-Security-Policy that blocks tags, ' +
    'EU privacy hot spots, legal links and https. Returns a score (0-100), a grade (A-F) and each problem with its evidence and fix; checks that need a browser are listed as not verified. ' +
    'The full report is e-mailed to the person. Use it only when the person asks to check their own website: ask for their e-mail address and their explicit consent first. ' +
    'Answers within about 20 seconds; if the scan takes longer it answers with status "running" and a scan_id for get_scan_result. ' +
    `${SCAN_LIMITS_TEXT} ${DATA_NOT_INSTRUCTIONS}`,
  input: scanInputSchema,
  output: scanStatusSchema,
  annotations: SCAN_ANNOTATIONS,
  async run(input, ctx) {
    return ctx.scans.scan('analytics', input.url, input.email, requesterKey(ctx.caller));
  },
});
