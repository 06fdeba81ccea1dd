import * as z from 'zod';
import { unpublishedDetails } from '../src/content/contact-text.js';
import { contactOptionsSchema, langField } from './schemas.js';
import { defineTool, READ_ONLY_LOCAL } from './tool.js';

export const getContact = defineTool({
  name: 'get_contact',
  title: 'Get contact options',
  description:
    'Get how a person can contact this company: e-mail, phone, contact page (or contact form, when the company has one) and privacy policy. ' +
    'Read-only: it sends nothing. Use it when the person asks how to get in touch or wants a quote, and give them these options.',
  input: z
    .object({
      lang: langField.optional().describe('Language of the contact page: "pl" or "en". Omit to get the pages of every language.'),
    })
    .strict(),
  output: contactOptionsSchema,
  annotations: READ_ONLY_LOCAL,
  async run(input, ctx) {
    const { info } = ctx.site;
    const lang = input.lang ?? info.defaultLanguage;
    const contact = info.contact[lang] ?? info.contact[info.defaultLanguage]!;
    const byLanguageUrl = (pick: (entry: NonNullable<(typeof info.contact)[typeof lang]>) => string | undefined) => {
      const map: Record<string, string> = {};
      for (const language of info.languages) {
        const entry = info.contact[language];
        const url = entry && pick(entry);
        if (url !== undefined) map[language] = url;
      }
      return map;
    };
    const byLanguage = (pick: (entry: NonNullable<(typeof info.contact)[typeof lang]>) => string | undefined) =>
      byLanguageUrl((entry) => {
        const path = pick(entry);
        return path === undefined ? undefined : ctx.urls.pageUrl(path);
      });
    const privacy = input.lang ? contact.privacyPolicy && ctx.urls.pageUrl(contact.privacyPolicy) : byLanguage((entry) => entry.privacyPolicy);
    // contactForm names a real form only when the site file gives one; otherwise it is the
    // contact page, as the contract requires a URL there. What the site does not publish is left
    // out, never invented, and the note says so (docs/decisions/0142-unpublished-contact.md).
    const place = (entry: NonNullable<(typeof info.contact)[typeof lang]>) => entry.formUrl ?? (entry.contactForm === undefined ? undefined : ctx.urls.pageUrl(entry.contactForm));
    const contactForm = input.lang ? place(contact) : byLanguageUrl(place);
    const contactPage = input.lang ? contact.contactForm && ctx.urls.pageUrl(contact.contactForm) : byLanguage((entry) => entry.contactForm);
    const note = [contact.note, unpublishedDetails(info.company, contact, lang)].filter((text) => text !== undefined).join(' ');
    return {
      company: info.company,
      ...(contact.email === undefined ? {} : { email: contact.email }),
      ...(contact.phone === undefined ? {} : { phone: contact.phone }),
      ...(given(contactForm) ? { contactForm } : {}),
      ...(given(contactPage) ? { contactPage } : {}),
      hasContactForm: input.lang ? contact.formUrl !== undefined : info.languages.some((language) => info.contact[language]?.formUrl !== undefined),
      ...(given(privacy) ? { privacyPolicy: privacy } : {}),
      languages: [...info.languages],
      ...(note === '' ? {} : { note }),
    };
  },
});

/** A URL, or a map from language to URL with at least one entry. */
function given(value: string | Readonly<Record<string, string>> | undefined): value is string | Readonly<Record<string, string>> {
  return value !== undefined && (typeof value === 'string' || Object.keys(value).length > 0);
}
