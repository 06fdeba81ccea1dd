import { browserOnly, notApplicable, type CheckSpec } from '../check.js';
import { conversionPlumbing, cspBlocksTags, euHotSpots, firstPartyTagging, legalLinks, replayAndFingerprinting, tagDelayers, thirdPartyInventory, transport } from './site-checks.js';
import { consentModeDefaults, consentPlatform, deadIds, duplicates, gtmHygiene, hasTrackers, pageTags, tagInventory, trackingBeforeConsent } from './tag-checks.js';

/**
 * A check about how tags are set up (ids, duplicates, GTM, consent) has nothing to judge on a
 * site without tags: it is not applicable, so it neither earns points nor counts as passed,
 * and T1 alone tells (and caps) that nothing is measured. `retiredCounts`: a retired Universal
 * Analytics tag still has an id to report (T2).
 */
function onlyWithTags(spec: CheckSpec, retiredCounts = false): CheckSpec {
  return {
    ...spec,
    run(snapshot) {
      const entries = pageTags(snapshot);
      const any = retiredCounts ? entries.some((entry) => entry.tags.length > 0) : hasTrackers(entries);
      return any ? spec.run(snapshot) : notApplicable('No analytics or advertising tag was found on the pages read (T1), so there is nothing here to check.');
    },
  };
}

/**
 * The analytics and tracking scan: peers.md §4a T1-T17, in order. Parts that can only be seen
 * by running the page in a browser are separate checks with a "b" suffix (or, for T8, the
 * whole check), always reported as not verified.
 */
export const ANALYTICS_CHECKS: readonly CheckSpec[] = [
  tagInventory,
  onlyWithTags(deadIds, true),
  onlyWithTags(duplicates),
  browserOnly('T3b', 'One hit per page view (no double collection)', 4, 'counting the /g/collect and pixel requests of one page view'),
  onlyWithTags(gtmHygiene),
  onlyWithTags(consentPlatform),
  onlyWithTags(consentModeDefaults),
  onlyWithTags(trackingBeforeConsent),
  browserOnly('T7b', 'No tracking requests or cookies before a consent choice', 6, 'watching the requests and cookies (_ga, _fbp, _gcl_au) before any click on the banner'),
  browserOnly('T8', 'Consent state reaches Google (gcs/gcd in the hits)', 8, 'reading the gcs and gcd parameters of the Google hits after each consent choice'),
  onlyWithTags(tagDelayers),
  onlyWithTags(cspBlocksTags),
  replayAndFingerprinting,
  browserOnly('T11b', 'No canvas or audio fingerprinting at run time', 2, 'hooking the canvas, WebGL and audio APIs while the page runs'),
  thirdPartyInventory,
  euHotSpots,
  legalLinks,
  conversionPlumbing,
  browserOnly('T15b', 'Form submissions fire a conversion event', 2, 'submitting a form and watching for the conversion request'),
  onlyWithTags(firstPartyTagging),
  transport,
];
