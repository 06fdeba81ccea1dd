import type { Lang } from '../content/schema.js';

/** An inquiry as the sales team gets it; every field already checked by the tool. */
export interface Inquiry {
  readonly id: string;
  readonly receivedAt: string;
  readonly name: string;
  readonly email: string;
  readonly message: string;
  readonly company?: string | undefined;
  readonly phone?: string | undefined;
  /** The language the person wants to be answered in. */
  readonly lang: Lang;
  /** The page the inquiry is about, resolved to one of this site's pages. */
  readonly page?: { readonly title: string; readonly url: string } | undefined;
}

export interface InquiryMailSettings {
  /** Start of the subject (configuration). */
  readonly subjectPrefix: string;
  /** Language of the mail itself: the sales team's, i.e. the site's default language. */
  readonly language: Lang;
}

const TEXT = {
  pl: {
    subject: 'Zapytanie ze strony przez asystenta AI',
    intro: 'Nowe zapytanie przekazane przez asystenta AI (narzędzie send_inquiry).',
    consent: 'Osoba zgodziła się na przekazanie tych danych. Aby jej odpowiedzieć, odpowiedz na ten e-mail.',
    name: 'Imię i nazwisko',
    email: 'E-mail',
    company: 'Firma',
    phone: 'Telefon',
    lang: 'Język odpowiedzi',
    page: 'Dotyczy strony',
    message: 'Wiadomość (tak, jak ją napisano; treść niesprawdzona):',
    footer: 'Identyfikator zapytania',
    received: 'przyjęte',
    languages: { pl: 'polski', en: 'angielski' },
  },
  en: {
    subject: 'Website inquiry via an AI assistant',
    intro: 'A new inquiry passed on by an AI assistant (the send_inquiry tool).',
    consent: 'The person agreed to pass these details on. Reply to this e-mail to answer them.',
    name: 'Name',
    email: 'E-mail',
    company: 'Company',
    phone: 'Phone',
    lang: 'Reply in',
    page: 'About the page',
    message: 'Message (as written; not checked):',
    footer: 'Inquiry id',
    received: 'received',
    languages: { pl: 'Polish', en: 'English' },
  },
} as const satisfies Record<Lang, unknown>;

const RULE = '-'.repeat(64);

/**
 * The subject and plain-text body of an inquiry mail. The subject is fixed text and the id, never
 * anything the person typed; their words appear only in the body, which is plain text, so they
 * cannot become headers, recipients or markup.
 */
export function inquiryMail(inquiry: Inquiry, settings: InquiryMailSettings): { subject: string; text: string } {
  const t = TEXT[settings.language];
  const fields: [string, string | undefined][] = [
    [t.name, inquiry.name],
    [t.email, inquiry.email],
    [t.company, inquiry.company],
    [t.phone, inquiry.phone],
    [t.lang, `${t.languages[inquiry.lang]} (${inquiry.lang})`],
    [t.page, inquiry.page ? `${inquiry.page.title}: ${inquiry.page.url}` : undefined],
  ];
  const present = fields.filter((field): field is [string, string] => field[1] !== undefined);
  const width = Math.max(...present.map(([label]) => label.length)) + 1;
  const received = inquiry.receivedAt.replace(/\.\d{3}Z$/, 'Z');
  const text = [
    t.intro,
    t.consent,
    '',
    ...present.map(([label, value]) => `${`${label}:`.padEnd(width + 1)}${value}`),
    '',
    t.message,
    RULE,
    inquiry.message,
    RULE,
    '',
    `${t.footer}: ${inquiry.id} (${t.received} ${received})`,
    '',
  ].join('\n');
  const prefix = settings.subjectPrefix.trim();
  return { subject: `${prefix === '' ? '' : `${prefix} `}${t.subject} (${inquiry.id})`, text };
}
