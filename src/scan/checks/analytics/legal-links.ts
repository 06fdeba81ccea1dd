import type { Anchor } from '../../../net/page/html-page.js';

/** Links to a privacy policy, by their address or words, in the languages sites we scan write. */
export const PRIVACY_LINK = /privacy|privacidad|prywatno|datenschutz|rodo|gdpr|polityka|confidentialit/i;

/** The first link to a privacy policy among `anchors`: the scan fetches it (collect.ts) and T14 judges it. */
export function privacyPolicyLink(anchors: readonly Anchor[]): Anchor | undefined {
  return anchors.find((anchor) => /^https?:/i.test(anchor.href) && PRIVACY_LINK.test(`${anchor.href} ${anchor.text}`));
}
