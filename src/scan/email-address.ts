import addressparser from 'nodemailer/lib/addressparser/index.js';

/** The WHATWG "valid e-mail address" (what <input type=email> accepts). */
const WHATWG_EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/**
 * One plain address a report can be sent to: the WHATWG form, a real domain with a letter TLD,
 * no dots at the edges or doubled in the local part, at most 254 characters, and it must come
 * back unchanged from nodemailer's own address parser (so it can never turn into a display name,
 * a group or a second recipient; security.md I82). Rejects CRLF, lists, quoted local parts,
 * comments, display names and IP literals.
 */
export function isDeliverableAddress(value: string): boolean {
  if (value.length > 254 || !WHATWG_EMAIL.test(value)) return false;
  const at = value.lastIndexOf('@');
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64 || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !/^[a-z]{2,63}$/i.test(labels.at(-1)!)) return false;
  const parsed = addressparser(value, { flatten: true });
  return parsed.length === 1 && parsed[0]!.name === '' && parsed[0]!.address === value;
}

/**
 * The key a per-address quota counts under: lower case, and without a "+tag" (a+1@x and a+2@x
 * are one inbox, and must not get a second quota).
 */
export function quotaKeyForAddress(value: string): string {
  const at = value.lastIndexOf('@');
  const local = value.slice(0, at).toLowerCase().replace(/\+.*$/, '');
  return `${local}@${value.slice(at + 1).toLowerCase()}`;
}
