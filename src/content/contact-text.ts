import { message, type MessageLanguage } from '../messages/catalog.js';
import type { Lang } from './schema.js';
import type { SiteContent } from './site-content.js';
import type { SiteUrls } from './site-urls.js';

type ContactEntry = NonNullable<SiteContent['info']['contact'][Lang]>;

/**
 * One sentence with the company's direct contact options, added to every answer of a tool that
 * could not pass something on, so the person always has a way to reach the company; a site that
 * publishes none (a documentation site) is said to publish none, and nothing is invented. The
 * contact details are those of `lang`; the sentence is worded in `wording`, the language of the
 * error it ends (the API's errors are English).
 */
export function contactOptionsText(site: SiteContent, urls: SiteUrls, lang: Lang | undefined, wording: MessageLanguage = 'en'): string {
  const { info } = site;
  const language = lang !== undefined && info.contact[lang] ? lang : info.defaultLanguage;
  const contact = info.contact[language] ?? Object.values(info.contact)[0];
  // E-mail and phone first, then the place to write: a person in a hurry wants those.
  const place = contact === undefined ? undefined : contactPlace(contact, urls, wording);
  const ways = contact === undefined ? [] : [...directWays(contact, wording), ...(place === undefined ? [] : [place])];
  if (ways.length === 0) return message(wording, 'contact.nonePublished', { company: info.company, url: urls.pageUrl('/') });
  return message(wording, 'contact.options', { company: info.company, ways: ways.join(', ') });
}

const DETAILS = ['email', 'phone', 'contactForm'] as const;

/**
 * "Lipiec Deploy publishes no e-mail address or phone number on this website.": which of the
 * contact details the site file leaves out (the site publishes none), or nothing when it gives
 * them all. A contact form counts as a contact page.
 */
export function unpublishedDetails(company: string, contact: ContactEntry | undefined, lang: MessageLanguage = 'en'): string | undefined {
  const missing = DETAILS.filter((key) => (key === 'contactForm' ? contact?.contactForm === undefined && contact?.formUrl === undefined : contact?.[key] === undefined));
  if (missing.length === 0) return undefined;
  const names = missing.map((detail) => message(lang, 'contact.detail', { detail }));
  return message(lang, 'contact.unpublished', { company, details: noneOf(names, lang) });
}

/**
 * "an e-mail address or a phone number" after a negation: English takes a disjunction (CLDR's
 * list patterns); Polish takes "ani" before the last item, which no CLDR list type gives.
 */
function noneOf(names: string[], lang: MessageLanguage): string {
  if (lang === 'en') return new Intl.ListFormat('en-GB', { type: 'disjunction' }).format(names);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} ${message(lang, 'contact.nor')} ${names.at(-1)!}`;
}

/**
 * The ways a person can reach the company that the site file gives, each in words ("e-mail
 * biuro@…", "phone +48…", "contact page https://…"); none that is not published.
 */
export function contactWays(contact: ContactEntry, urls: SiteUrls, lang: Lang): string[] {
  const place = contactPlace(contact, urls, lang);
  return [...(place === undefined ? [] : [place]), ...directWays(contact, lang)];
}

function directWays(contact: ContactEntry, lang: MessageLanguage): string[] {
  return [
    ...(contact.email === undefined ? [] : [message(lang, 'contact.way', { kind: 'email', value: contact.email })]),
    ...(contact.phone === undefined ? [] : [message(lang, 'contact.way', { kind: 'phone', value: contact.phone })]),
  ];
}

/**
 * Where a person goes to write to the company, in words that promise only what exists: the
 * contact form when the site file names a real one, otherwise the contact page (the pages we
 * serve have no forms, and an assistant must not send a prospect looking for one); nothing when
 * the site has neither.
 */
export function contactPlace(contact: ContactEntry, urls: SiteUrls, lang: MessageLanguage): string | undefined {
  if (contact.formUrl !== undefined) return message(lang, 'contact.place', { form: 'yes', url: contact.formUrl });
  if (contact.contactForm === undefined) return undefined;
  return message(lang, 'contact.place', { form: 'no', url: urls.pageUrl(contact.contactForm) });
}

/** How the company quotes a service without a price: after a call, through these ways to reach it. */
export function quoteNextStep(ways: readonly string[], lang: Lang): string {
  return message(lang, 'contact.quoteAfterCall', { ways: ways.join(', ') });
}
