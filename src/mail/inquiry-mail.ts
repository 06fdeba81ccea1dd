import type { Lang } from '../content/schema.js';
import { message, type MessageKey, type MessageValues } from '../messages/catalog.js';

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

const RULE = '-'.repeat(64);

/**
 * The subject and plain-text body of an inquiry mail. The subject is fixed text and the id, never
 * anything the person typed; their words appear only in the body, which is plain text, so they
 * cannot become headers, recipients or markup.
 */
export function inquiryMail(inquiry: Inquiry, settings: InquiryMailSettings): { subject: string; text: string } {
  const say = (key: MessageKey, values?: MessageValues) => message(settings.language, key, values);
  const fields: [string, string | undefined][] = [
    [say('inquiry.name'), inquiry.name],
    [say('inquiry.email'), inquiry.email],
    [say('inquiry.company'), inquiry.company],
    [say('inquiry.phone'), inquiry.phone],
    [say('inquiry.lang'), `${say('inquiry.language', { lang: inquiry.lang })} (${inquiry.lang})`],
    [say('inquiry.page'), inquiry.page ? `${inquiry.page.title}: ${inquiry.page.url}` : undefined],
  ];
  const present = fields.filter((field): field is [string, string] => field[1] !== undefined);
  const width = Math.max(...present.map(([label]) => label.length)) + 1;
  const received = inquiry.receivedAt.replace(/\.\d{3}Z$/, 'Z');
  const text = [
    say('inquiry.intro'),
    say('inquiry.consent'),
    '',
    ...present.map(([label, value]) => `${`${label}:`.padEnd(width + 1)}${value}`),
    '',
    say('inquiry.message'),
    RULE,
    inquiry.message,
    RULE,
    '',
    say('inquiry.footer', { id: inquiry.id, received }),
    '',
  ].join('\n');
  const prefix = settings.subjectPrefix.trim();
  return { subject: `${prefix === '' ? '' : `${prefix} `}${say('inquiry.subject')} (${inquiry.id})`, text };
}
