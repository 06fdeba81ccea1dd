import type { Lang } from './schema.js';
import type { SiteContent } from './site-content.js';
import type { SiteUrls } from './site-urls.js';

type ContactEntry = NonNullable<SiteContent['info']['contact'][Lang]>;

/**
 * One sentence with the company's direct contact options, added to every answer of a tool that
 * could not pass something on, so the person always has a way to reach the company; a site that
 * publishes none (a documentation site) is said to publish none, and nothing is invented.
 */
export function contactOptionsText(site: SiteContent, urls: SiteUrls, lang: Lang | undefined): string {
  const { info } = site;
  const language = lang !== undefined && info.contact[lang] ? lang : info.defaultLanguage;
  const contact = info.contact[language] ?? Object.values(info.contact)[0];
  // E-mail and phone first, then the place to write: a person in a hurry wants those.
  const place = contact === undefined ? undefined : contactPlace(contact, urls, 'en');
  const ways = contact === undefined ? [] : [...directWays(contact, 'en'), ...(place === undefined ? [] : [place])];
  if (ways.length === 0) return `${nothingPublished(info.company)}; its website is ${urls.pageUrl('/')}.`;
  return `Contact ${info.company} directly instead: ${ways.join(', ')}.`;
}

const DETAIL_NAMES = { email: 'e-mail address', phone: 'phone number', contactForm: 'contact page' } as const;
const either = new Intl.ListFormat('en-GB', { type: 'disjunction' });

/** The sentence said when a site publishes no way to reach the company. */
export function nothingPublished(company: string): string {
  return `${company} publishes no ${either.format(Object.values(DETAIL_NAMES))} on this website`;
}

/**
 * "Lipiec Deploy publishes no e-mail address or phone number on this website.": which of the
 * contact details the site file leaves out (the site publishes none), or nothing when it gives
 * them all. A contact form counts as a contact page.
 */
export function unpublishedDetails(company: string, contact: ContactEntry | undefined): string | undefined {
  const missing = (Object.keys(DETAIL_NAMES) as (keyof typeof DETAIL_NAMES)[]).filter((key) => (key === 'contactForm' ? contact?.contactForm === undefined && contact?.formUrl === undefined : contact?.[key] === undefined));
  return missing.length === 0 ? undefined : `${company} publishes no ${either.format(missing.map((key) => DETAIL_NAMES[key]))} on this website.`;
}

/**
 * The ways a person can reach the company that the site file gives, each in words ("e-mail
 * biuro@…", "phone +48…", "contact page https://…"); none that is not published.
 */
export function contactWays(contact: ContactEntry, urls: SiteUrls, lang: Lang): string[] {
  const place = contactPlace(contact, urls, lang);
  return [...(place === undefined ? [] : [place]), ...directWays(contact, lang)];
}

function directWays(contact: ContactEntry, lang: Lang): string[] {
  return [
    ...(contact.email === undefined ? [] : [`e-mail ${contact.email}`]),
    ...(contact.phone === undefined ? [] : [`${lang === 'pl' ? 'telefon' : 'phone'} ${contact.phone}`]),
  ];
}

/**
 * Where a person goes to write to the company, in words that promise only what exists: the
 * contact form when the site file names a real one, otherwise the contact page (the pages we
 * serve have no forms, and an assistant must not send a prospect looking for one); nothing when
 * the site has neither.
 */
export function contactPlace(contact: ContactEntry, urls: SiteUrls, lang: Lang): string | undefined {
  if (contact.formUrl !== undefined) return `${lang === 'pl' ? 'formularz kontaktowy' : 'contact form'} ${contact.formUrl}`;
  if (contact.contactForm === undefined) return undefined;
  return `${lang === 'pl' ? 'strona kontaktowa' : 'contact page'} ${urls.pageUrl(contact.contactForm)}`;
}
