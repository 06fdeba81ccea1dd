import { browserOnly, type CheckSpec } from '../check.js';
import { conversionPlumbing, cspBlocksTags, euHotSpots, firstPartyTagging, legalLinks, replayAndFingerprinting, tagDelayers, thirdPartyInventory, transport } from './site-checks.js';
import { consentModeDefaults, consentPlatform, deadIds, duplicates, gtmHygiene, tagInventory, trackingBeforeConsent } from './tag-checks.js';

/**
 * The analytics and tracking scan: peers.md §4a T1-T17, in order. Parts that can only be seen
 * by running the page in a browser are separate checks with a "b" suffix (or, for T8, the
 * whole check), always reported as not verified.
 */
export const ANALYTICS_CHECKS: readonly CheckSpec[] = [
  tagInventory,
  deadIds,
  duplicates,
  browserOnly('T3b', 'One hit per page view (no double collection)', 4, 'counting the /g/collect and pixel requests of one page view'),
  gtmHygiene,
  consentPlatform,
  consentModeDefaults,
  trackingBeforeConsent,
  browserOnly('T7b', 'No tracking requests or cookies before a consent choice', 6, 'watching the requests and cookies (_ga, _fbp, _gcl_au) before any click on the banner'),
  browserOnly('T8', 'Consent state reaches Google (gcs/gcd in the hits)', 8, 'reading the gcs and gcd parameters of the Google hits after each consent choice'),
  tagDelayers,
  cspBlocksTags,
  replayAndFingerprinting,
  browserOnly('T11b', 'No canvas or audio fingerprinting at run time', 2, 'hooking the canvas, WebGL and audio APIs while the page runs'),
  thirdPartyInventory,
  euHotSpots,
  legalLinks,
  conversionPlumbing,
  browserOnly('T15b', 'Form submissions fire a conversion event', 2, 'submitting a form and watching for the conversion request'),
  firstPartyTagging,
  transport,
];
