import { domainToASCII } from 'node:url';
import addressparser from 'nodemailer/lib/addressparser';
import * as z from 'zod';
import { plainText } from '../text/plain-text.js';

/**
 * E-mail addresses that people type. Such an address reaches a mail header (Reply-To of an
 * inquiry, To of a scan report), so it is held to a much narrower shape than RFC 5322 allows:
 * validators that follow the RFC, or the WHATWG regex, accept quoted local parts
 * (`"a@evil x"@ok.com`), hosts without a dot and `a..b`, and nodemailer turns a CRLF or a comma
 * in an address into extra recipients (security.md 1.6). What passes here is one bare
 * `local@domain`, in ASCII, that nodemailer's own parser reads back unchanged.
 */

export const MAX_ADDRESS_LENGTH = 254;
const MAX_LOCAL_LENGTH = 64;

/** Letters, digits and the few punctuation marks real mailboxes use; dots only between them. */
const LOCAL_PART = /^[A-Za-z0-9_%+'-]+(?:\.[A-Za-z0-9_%+'-]+)*$/;
const DOMAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Top-level domains are letters (or an IDN in its xn-- form): this also rules out IPv4 literals. */
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
/** Special-use names (RFC 2606, 6761, 6762, 7686, ICANN's .internal) that never deliver mail. */
const NON_DELIVERING_TLDS: ReadonlySet<string> = new Set(['localhost', 'local', 'test', 'invalid', 'example', 'internal', 'onion', 'arpa', 'lan', 'home', 'corp', 'localdomain']);

export type AddressCheck = { readonly ok: true; readonly address: string } | { readonly ok: false; readonly problem: string };

/**
 * Checks a person's address and returns it normalised (domain lower-cased, IDN domains in
 * their xn-- form), or says in plain words what is wrong with it. No DNS lookup: the check
 * must work offline and must not let callers probe DNS through us.
 */
export function checkPersonAddress(raw: string): AddressCheck {
  const fail = (problem: string): AddressCheck => ({ ok: false, problem });
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(raw)) return fail('must be one address on one line, without line breaks or control characters');
  if (/[,;]/.test(raw)) return fail('must be a single address, not a list');
  if (/[\s<>()"\[\]\\:]/.test(raw)) return fail('must be the bare address, e.g. jan.kowalski@firma.pl, without a name, comment, quotes, brackets or spaces');
  if (raw.length > MAX_ADDRESS_LENGTH) return fail(`must be at most ${MAX_ADDRESS_LENGTH} characters`);

  const at = raw.indexOf('@');
  if (at < 0 || at !== raw.lastIndexOf('@')) return fail('must contain exactly one "@", e.g. jan.kowalski@firma.pl');
  const local = raw.slice(0, at);
  const domain = raw.slice(at + 1);
  if (local.length === 0 || local.length > MAX_LOCAL_LENGTH) return fail(`the part before "@" must be 1 to ${MAX_LOCAL_LENGTH} characters`);
  if (!LOCAL_PART.test(local)) {
    return fail('the part before "@" may use only letters a-z, digits and . _ % + \' - (no leading, trailing or double dots)');
  }

  const asciiDomain = domainToASCII(domain);
  if (asciiDomain === '' || asciiDomain.length > 253) return fail('the part after "@" must be a domain name such as firma.pl');
  const labels = asciiDomain.split('.');
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label))) return fail('the part after "@" must be a domain name such as firma.pl');
  const topLevel = labels.at(-1)!;
  if (!TOP_LEVEL.test(topLevel)) return fail('the part after "@" must be a domain name with a real top-level domain, not an IP address');
  if (NON_DELIVERING_TLDS.has(topLevel)) return fail(`the domain ends in ".${topLevel}", which never receives mail`);

  const address = `${local}@${asciiDomain}`;
  const parsed = addressparser(address);
  const only = parsed[0];
  if (parsed.length !== 1 || only === undefined || only.group !== undefined || only.name !== '' || only.address !== address) {
    return fail('must be a plain address such as jan.kowalski@firma.pl');
  }
  return { ok: true, address };
}

/**
 * The zod field for a person's address in a tool's input: checked as above, with the problem
 * reported on the field, and normalised.
 */
export const personAddressSchema = plainText()
  .trim()
  .min(3)
  .max(MAX_ADDRESS_LENGTH)
  .transform((value, ctx) => {
    const check = checkPersonAddress(value);
    if (check.ok) return check.address;
    ctx.addIssue({ code: 'custom', message: check.problem });
    return z.NEVER;
  });

/**
 * The key under which quotas count an address: case-insensitive, and `name+tag@` counted as
 * `name@`, since plus-addressing would otherwise give anyone unlimited addresses.
 */
export function quotaIdentity(address: string): string {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at).toLowerCase().replace(/\+.*$/, '');
  return `${local}@${address.slice(at + 1).toLowerCase()}`;
}
