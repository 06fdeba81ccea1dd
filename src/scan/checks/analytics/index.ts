import { m, notApplicable, type CheckSpec } from '../check.js';
import { consentStateInHits, formFiresConversion, nothingBeforeChoice, oneHitPerPageView, runtimeFingerprinting } from './browser-checks.js';
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
      return any ? spec.run(snapshot) : notApplicable(m('T1.noTagsHere'));
    },
  };
}

/**
 * The analytics and tracking scan: peers.md §4a T1-T17, in order. Parts that can only be seen
 * by running the page in a browser are separate checks with a "b" suffix (or, for T8, the
 * whole check): verified when the server has a browser (SCAN_BROWSER), else not verified.
 */
export const ANALYTICS_CHECKS: readonly CheckSpec[] = [
  tagInventory,
  onlyWithTags(deadIds, true),
  onlyWithTags(duplicates),
  oneHitPerPageView,
  onlyWithTags(gtmHygiene),
  onlyWithTags(consentPlatform),
  onlyWithTags(consentModeDefaults),
  onlyWithTags(trackingBeforeConsent),
  nothingBeforeChoice,
  consentStateInHits,
  onlyWithTags(tagDelayers),
  onlyWithTags(cspBlocksTags),
  replayAndFingerprinting,
  runtimeFingerprinting,
  thirdPartyInventory,
  euHotSpots,
  legalLinks,
  conversionPlumbing,
  formFiresConversion,
  onlyWithTags(firstPartyTagging),
  transport,
];
