import { message, type MessageLanguage } from '../messages/catalog.js';
import type { Lang } from './schema.js';
import type { SiteContent } from './site-content.js';
import type { SiteUrls } from './site-urls.js';

/**
 * One sentence with the company's direct contact options, added to every answer of a tool that
 * could not pass something on, so the person always has a way to reach the company. The contact
 * details are those of `lang`; the sentence is worded in `wording`, the language of the error it
 * ends (the API's errors are English).
 */
export function contactOptionsText(site: SiteContent, urls: SiteUrls, lang: Lang | undefined, wording: MessageLanguage = 'en'): string {
  const { info } = site;
  const language = lang !== undefined && info.contact[lang] ? lang : info.defaultLanguage;
  const contact = info.contact[language] ?? Object.values(info.contact)[0];
  if (!contact) return message(wording, 'contact.directly', { company: info.company, url: urls.pageUrl('/') });
  return message(wording, 'contact.options', { company: info.company, email: contact.email, phone: contact.phone, place: contactPlace(contact, urls, wording) });
}

type ContactEntry = NonNullable<SiteContent['info']['contact'][Lang]>;

/**
 * Where a person goes to write to the company, in words that promise only what exists: the
 * contact form when the site file names a real one, otherwise the contact page (the pages we
 * serve have no forms, and an assistant must not send a prospect looking for one).
 */
export function contactPlace(contact: ContactEntry, urls: SiteUrls, lang: Lang): string {
  if (contact.formUrl !== undefined) return message(lang, 'contact.place', { form: 'yes', url: contact.formUrl });
  return message(lang, 'contact.place', { form: 'no', url: urls.pageUrl(contact.contactForm) });
}

/** How the company quotes a service without a price: after a call, through these contact options. */
export function quoteNextStep(contact: ContactEntry, urls: SiteUrls, lang: Lang): string {
  return message(lang, 'contact.quoteAfterCall', { place: contactPlace(contact, urls, lang), email: contact.email, phone: contact.phone });
}
