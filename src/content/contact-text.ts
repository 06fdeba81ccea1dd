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
  return `Contact ${info.company} directly instead: e-mail ${contact.email}, phone ${contact.phone}, contact form ${urls.pageUrl(contact.contactForm)}.`;
}
