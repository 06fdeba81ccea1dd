import * as z from 'zod';
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
    return {
      company: info.company,
      email: contact.email,
      phone: contact.phone,
      // contactForm names a real form only when the site file gives one; otherwise it is the
      // contact page, as the contract requires a URL there.
      contactForm: input.lang ? (contact.formUrl ?? ctx.urls.pageUrl(contact.contactForm)) : byLanguageUrl((entry) => entry.formUrl ?? ctx.urls.pageUrl(entry.contactForm)),
      contactPage: input.lang ? ctx.urls.pageUrl(contact.contactForm) : byLanguage((entry) => entry.contactForm),
      hasContactForm: input.lang ? contact.formUrl !== undefined : info.languages.some((language) => info.contact[language]?.formUrl !== undefined),
      ...(privacy === undefined || (typeof privacy === 'object' && Object.keys(privacy).length === 0) ? {} : { privacyPolicy: privacy }),
      languages: [...info.languages],
      ...(contact.note === undefined ? {} : { note: contact.note }),
    };
  },
});
