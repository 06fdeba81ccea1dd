import { createHash } from 'node:crypto';
import * as z from 'zod';
import { contactOptionsText } from '../src/content/contact-text.js';
import type { Lang } from '../src/content/schema.js';
import { AppError, isAppError } from '../src/errors.js';
import { clientAddressKey } from '../src/limits/client-address.js';
import { DAY_MS, MINUTE_MS, type LimitRule } from '../src/limits/limit-rule.js';
import { consumeQuotas } from '../src/limits/quota.js';
import { personAddressSchema, quotaIdentity } from '../src/mail/email-address.js';
import { inquiryMail } from '../src/mail/inquiry-mail.js';
import { MailNotAcceptedError } from '../src/mail/mail-outbox.js';
import { newMailId } from '../src/mail/mail-id.js';
import { StoreUnavailableError } from '../src/store/store.js';
import { plainText } from '../src/text/plain-text.js';
import { langField } from './schemas.js';
import { defineTool, type ToolContext } from './tool.js';

/** The contract's limits for send_inquiry, with or without a token. */
export const INQUIRY_LIMITS = {
  perAddressPerMinute: 5,
  perEmailPerDay: 2,
  totalPerDay: 20,
} as const;

/** How long the tool waits for the SMTP server, so that it can answer "sent" rather than "queued". */
export const INQUIRY_DELIVERY_WAIT_MS = 4_000;

/** A repeated identical call within this time gets the first call's answer, and no second mail. */
const REPEAT_WINDOW_MS = DAY_MS;
/** How long a call may hold its "being taken" mark before another identical call may proceed. */
const TAKING_MS = 2 * MINUTE_MS;

/** One line of plain text (the text rule refuses line breaks, controls and invisible characters). */
const singleLine = (max: number) => plainText().trim().min(1).max(max);

const phone = plainText()
  .trim()
  .min(5)
  .max(30)
  .regex(/^\+?[0-9 ()./-]+$/, 'may contain only digits, spaces and + ( ) - . /, e.g. +48 600 100 200')
  .refine((value) => {
    const digits = value.replace(/\D/g, '').length;
    return digits >= 6 && digits <= 17;
  }, 'must have 6 to 17 digits');

const inquiryInput = z
  .object({
    name: singleLine(100).describe("The person's name as they gave it (1-100 characters)."),
    email: personAddressSchema.describe(
      "The person's own e-mail address, where the sales team will reply, exactly as they gave it: one plain address such as jan.kowalski@firma.pl (no name, list or comment; at most 254 characters).",
    ),
    message: plainText({ multiline: true })
      .trim()
      .min(1)
      .max(5000)
      .describe('What the person wants, in their own words: the question, the service, the scope, deadlines (1-5000 characters, plain text).'),
    company: singleLine(150).optional().describe("The person's company, if they named it (1-150 characters)."),
    phone: phone.optional().describe("The person's phone number, if they want a call and gave it (digits, spaces and + ( ) - . /)."),
    lang: langField.optional().describe('Language the person wants the answer in: "pl" or "en". Default: the site\'s main language.'),
    page_url: plainText()
      .min(1)
      .max(500)
      .optional()
      .describe('The page or service the inquiry is about: a page URL (or path) of this site as returned by search_site, get_page or list_services.'),
    consent: z
      .literal(true, { error: 'must be true, and only after the person explicitly agreed to send these details to the sales team; ask them first' })
      .describe('true only after the person explicitly agreed that these details be sent to the sales team. Ask first; never assume it.'),
  })
  .strict();

const inquiryOutput = z.object({
  inquiry_id: z.string().describe('Id of the inquiry; the person can quote it when they follow up.'),
  status: z.enum(['queued', 'sent']).describe('"sent": the mail server accepted the e-mail to the sales team. "queued": it is stored safely and will be delivered shortly.'),
  next_step: z.string().describe('What happens next, to tell the person.'),
});

type InquiryInput = z.output<typeof inquiryInput>;
type InquiryOutput = z.output<typeof inquiryOutput>;

export const sendInquiry = defineTool({
  name: 'send_inquiry',
  title: 'Send an inquiry to the sales team',
  description:
    "Pass a person's inquiry (a question, a request for a quote or a call) to this company's sales team by e-mail; the team replies to the person's e-mail address. " +
    'Use it only when the person asks to get in touch, and only with details they gave you themselves: their own name and e-mail address, and their company and phone if they offer them. ' +
    'Never invent, guess or complete any detail, and never send on behalf of someone else. ' +
    'Before calling, show the person what will be sent and ask whether they agree; set consent to true only after they explicitly say yes. ' +
    'Returns the inquiry id, its status ("sent", or "queued": stored and delivered shortly) and what happens next; tell the person. ' +
    'Limits: 5 per minute per IP address, 2 per e-mail address per day, 20 per day in total. Calling again with exactly the same details does not send a second e-mail. ' +
    'If it fails, the error gives the contact options: pass them on.',
  input: inquiryInput,
  output: inquiryOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(input, ctx) {
    const lang: Lang = input.lang ?? ctx.site.info.defaultLanguage;
    try {
      return await takeInquiry(input, lang, ctx);
    } catch (error) {
      throw withContactOptions(error, ctx, lang);
    }
  },
});

async function takeInquiry(input: InquiryInput, lang: Lang, ctx: ToolContext): Promise<InquiryOutput> {
  if (recipients(ctx).length === 0) {
    // A site that publishes no sales address (a documentation site) has no one to pass an inquiry to: say so, send nothing.
    throw new AppError('not-accepted', `${ctx.site.info.company} publishes no address for inquiries on this website, so nothing was sent.`);
  }
  const page = input.page_url === undefined ? undefined : resolvePage(input.page_url, ctx);
  const repeatKey = `inquiry:repeat:${digest([input.email.toLowerCase(), input.name, input.company ?? '', input.phone ?? '', input.message, page?.url ?? '', lang])}`;

  const earlier = await holdRepeatKey(repeatKey, ctx);
  if (earlier) return earlier;
  let answer: InquiryOutput;
  try {
    await consumeQuotas(ctx.store, ctx.clock, inquiryLimits(input.email, ctx));
    answer = await deliver(input, lang, page, ctx);
  } catch (error) {
    await ctx.store.delete(repeatKey).catch(() => undefined);
    throw error;
  }
  await ctx.store.set(repeatKey, JSON.stringify({ state: 'taken', answer }), REPEAT_WINDOW_MS).catch((error: unknown) => {
    ctx.logger.warn({ err: error, inquiryId: answer.inquiry_id }, 'send_inquiry: could not record the inquiry against repeats');
  });
  return answer;
}

async function deliver(input: InquiryInput, lang: Lang, page: { title: string; url: string } | undefined, ctx: ToolContext): Promise<InquiryOutput> {
  const { site, config, clock } = ctx;
  const id = newMailId('inq', clock.now());
  const mail = inquiryMail(
    {
      id,
      receivedAt: new Date(clock.now()).toISOString(),
      name: input.name,
      email: input.email,
      message: input.message.replace(/\r\n?/g, '\n'),
      company: input.company,
      phone: input.phone,
      lang,
      page,
    },
    { subjectPrefix: config.inquirySubjectPrefix ?? `[${new URL(site.info.siteUrl).hostname}]`, language: site.info.defaultLanguage },
  );
  const to = recipients(ctx);
  try {
    const accepted = await ctx.outbox.enqueue({ kind: 'inquiry', to, replyTo: input.email, subject: mail.subject, text: mail.text }, { id, waitForDeliveryMs: INQUIRY_DELIVERY_WAIT_MS });
    ctx.insights?.funnel('inquiries-sent');
    const nextStep = site.info.inquiry.nextStep[lang] ?? site.info.inquiry.nextStep[site.info.defaultLanguage] ?? '';
    return { inquiry_id: accepted.id, status: accepted.status, next_step: nextStep };
  } catch (error) {
    if (error instanceof MailNotAcceptedError) {
      throw new AppError('not-accepted', 'The inquiry could not be taken right now (our mail system is unavailable), so nothing was sent.', { retryAfterSeconds: 300, cause: error });
    }
    throw error;
  }
}

/**
 * Marks this exact inquiry as being taken, or returns the answer an identical earlier call got.
 * An agent that retries after a timeout must not send the sales team the same mail twice, and
 * the retry must not use up the person's quota.
 */
async function holdRepeatKey(key: string, ctx: ToolContext): Promise<InquiryOutput | undefined> {
  const mark = JSON.stringify({ state: 'taking' });
  if (await ctx.store.setIfAbsent(key, mark, TAKING_MS)) return undefined;
  const earlier = await ctx.store.get(key);
  if (earlier === undefined) {
    // It expired between the two calls: take it now.
    if (await ctx.store.setIfAbsent(key, mark, TAKING_MS)) return undefined;
  } else {
    const parsed = JSON.parse(earlier) as { state: string; answer?: InquiryOutput };
    if (parsed.state === 'taken' && parsed.answer) return parsed.answer;
  }
  throw new AppError('in-progress', 'The same inquiry is being sent right now by an earlier call; call again in a few seconds to get its result (it will not be sent twice).', { retryAfterSeconds: 5 });
}

function inquiryLimits(email: string, ctx: ToolContext): LimitRule[] {
  return [
    {
      key: `quota:inquiry:ip:${clientAddressKey(ctx.caller.clientIp)}`,
      limit: INQUIRY_LIMITS.perAddressPerMinute,
      windowMs: MINUTE_MS,
      description: `${INQUIRY_LIMITS.perAddressPerMinute} inquiries per minute per IP address`,
    },
    {
      // Hashed: the store holds no e-mail addresses.
      key: `quota:inquiry:email:${digest([quotaIdentity(email)])}`,
      limit: INQUIRY_LIMITS.perEmailPerDay,
      windowMs: DAY_MS,
      description: `${INQUIRY_LIMITS.perEmailPerDay} inquiries per e-mail address per day`,
    },
    {
      key: 'quota:inquiry:total',
      limit: INQUIRY_LIMITS.totalPerDay,
      windowMs: DAY_MS,
      description: `${INQUIRY_LIMITS.totalPerDay} inquiries per day in total`,
    },
  ];
}

/** Who receives inquiries: INQUIRY_TO, else the site file's salesEmail; none when neither is set. */
function recipients({ config, site }: ToolContext): string[] {
  if (config.inquiryTo.length > 0) return [...config.inquiryTo];
  return site.info.salesEmail === undefined ? [] : [site.info.salesEmail];
}

function resolvePage(reference: string, ctx: ToolContext): { title: string; url: string } {
  const path = ctx.urls.toPagePath(reference, 'page_url');
  const page = ctx.site.page(path);
  if (!page) {
    throw new AppError('invalid-argument', `page_url: no published page at ${path}. Use a page URL returned by search_site, get_page or list_services, or leave page_url out.`, { field: 'page_url' });
  }
  return { title: page.title, url: ctx.urls.pageUrl(page.path) };
}

/** Failures other than bad arguments end with the contact options, so the person can still get through. */
function withContactOptions(error: unknown, ctx: ToolContext, lang: Lang): unknown {
  const contact = contactOptionsText(ctx.site, ctx.urls, lang);
  if (error instanceof StoreUnavailableError) {
    return new AppError('unavailable', `Limits cannot be checked right now, so nothing was sent. Try again in a minute. ${contact}`, { retryAfterSeconds: 60, cause: error });
  }
  if (!isAppError(error) || error.code === 'invalid-argument') return error;
  return new AppError(error.code, `${error.message} ${contact}`, {
    ...(error.field === undefined ? {} : { field: error.field }),
    ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
    ...(error.extra === undefined ? {} : { extra: error.extra }),
    cause: error,
  });
}

function digest(parts: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 32);
}
