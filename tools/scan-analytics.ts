import { defineScanTool } from './scan-tool.js';

export const scanAnalytics = defineScanTool('analytics', {
  name: 'scan_analytics',
  title: 'Scan a website: analytics and tracking',
  checks:
    'analytics and tracking: which tags load (Google Tag Manager, GA4, Google Ads, Meta Pixel, LinkedIn, TikTok, Microsoft UET and Clarity, Hotjar, Matomo...), ' +
    'retired or placeholder ids, duplicate tags, GTM placement, the consent banner and Consent Mode v2 defaults, tags that fire before consent, a Content-Security-Policy that blocks tags, ' +
    'EU privacy hot spots, legal links and https.',
});
