import type { Lang } from './schema.js';
import type { SiteContent } from './site-content.js';
import type { SiteUrls } from './site-urls.js';

/**
 * One sentence with the company's direct contact options, added to every answer of a tool that
 * could not pass something on, so the person always has a way to reach the company.
 */
export function contactOptionsText(site: SiteContent, urls: SiteUrls, lang: Lang | undefined): string {
  const { info } = site;
  const language = lang !== undefined && info.contact[lang] ? lang : info.defaultLanguage;
  const contact = info.contact[language] ?? Object.values(info.contact)[0];
  if (!contact) return `Contact ${info.company} directly through ${urls.pageUrl('/')}.`;
  return `Contact ${info.company} directly instead: e-mail ${contact.email}, phone ${contact.phone}, ${contactPlace(contact, urls, 'en')}.`;
}

type ContactEntry = NonNullable<SiteContent['info']['contact'][Lang]>;

/**
 * Where a person goes to write to the company, in words that promise only what exists: the
 * contact form when the site file names a real one, otherwise the contact page (the pages we
 * serve have no forms, and an assistant must not send a prospect looking for one).
 */
export function contactPlace(contact: ContactEntry, urls: SiteUrls, lang: Lang): string {
  if (contact.formUrl !== undefined) return `${lang === 'pl' ? 'formularz kontaktowy' : 'contact form'} ${contact.formUrl}`;
  return `${lang === 'pl' ? 'strona kontaktowa' : 'contact page'} ${urls.pageUrl(contact.contactForm)}`;
}
