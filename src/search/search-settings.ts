import type { SiteFile } from '../content/schema.js';
import type { SearchSettings } from './search-index.js';

/** What the site file adds to search: its own synonym sets, the city of its address and its contact and privacy pages. */
export function searchSettings(site: SiteFile): SearchSettings {
  return {
    synonyms: site.search?.synonyms,
    places: site.address ? [site.address.city] : [],
    contactPages: Object.values(site.contact).flatMap((contact) => (contact.contactForm ? [contact.contactForm] : [])),
    privacyPages: Object.values(site.contact).flatMap((contact) => (contact.privacyPolicy ? [contact.privacyPolicy] : [])),
  };
}
