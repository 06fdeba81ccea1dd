import { describe, expect, it } from 'vitest';
import { checkPersonAddress, personAddressSchema, quotaIdentity } from '../../src/mail/email-address.js';

function problemOf(raw: string): string {
  const check = checkPersonAddress(raw);
  if (check.ok) throw new Error(`${JSON.stringify(raw)} was accepted as ${check.address}`);
  return check.problem;
}

describe('a person\'s e-mail address', () => {
  it.each(['jan.kowalski@firma.pl', 'Jan_Kowalski+oferta@Sub.Firma.COM.pl', "o'brien@firma.ie", 'a@b.co', 'x-1%2@firma-2.pl'])('accepts the ordinary address %s', (raw) => {
    expect(checkPersonAddress(raw)).toMatchObject({ ok: true });
  });

  it('lower-cases the domain and keeps the local part as typed', () => {
    expect(checkPersonAddress('Jan.Kowalski@FIRMA.PL')).toEqual({ ok: true, address: 'Jan.Kowalski@firma.pl' });
  });

  it('accepts an internationalised domain and returns it in its ASCII form', () => {
    expect(checkPersonAddress('jan@żółw.pl')).toEqual({ ok: true, address: 'jan@xn--w-uga1v8h.pl' });
  });

  it.each([
    ['a CRLF with an extra header', 'jan@firma.pl\r\nBcc: spy@evil.com', 'one line'],
    ['a bare line feed', 'jan@firma.pl\nspy@evil.com', 'one line'],
    ['a NUL byte', 'jan@firma.pl\u0000', 'one line'],
    ['a line separator', 'jan@firma.pl\u2028', 'one line'],
    ['a list', 'jan@firma.pl, spy@evil.com', 'not a list'],
    ['a semicolon list', 'jan@firma.pl;spy@evil.com', 'not a list'],
    ['a quoted local part', '"a@evil x"@ok.com', 'bare address'],
    ['a quoted local part without spaces', '"jan"@firma.pl', 'bare address'],
    ['a display name', 'Jan <jan@firma.pl>', 'bare address'],
    ['a comment', 'jan(comment)@firma.pl', 'bare address'],
    ['a group', 'list:jan@firma.pl;', 'not a list'],
    ['an IP literal', 'jan@[127.0.0.1]', 'bare address'],
    ['a dotted IP as the domain', 'jan@127.0.0.1', 'real top-level domain'],
    ['a host without a dot', 'jan@localhost', 'domain name'],
    ['a special-use domain', 'jan@firma.test', 'never receives mail'],
    ['the .example domain', 'jan@miarka.example', 'never receives mail'],
    ['a double dot in the local part', 'jan..kowalski@firma.pl', 'double dots'],
    ['a leading dot', '.jan@firma.pl', 'double dots'],
    ['a double dot in the domain', 'jan@firma..pl', 'domain name'],
    ['a domain label starting with a hyphen', 'jan@-firma.pl', 'domain name'],
    ['no @', 'jan.firma.pl', 'exactly one "@"'],
    ['two @', 'jan@x@firma.pl', 'exactly one "@"'],
    ['an empty local part', '@firma.pl', '1 to 64'],
    ['non-ASCII in the local part', 'józef@firma.pl', 'only letters a-z'],
    ['odd punctuation in the local part', 'jan!#$@firma.pl', 'only letters a-z'],
    ['a backslash', 'jan\\@firma.pl', 'bare address'],
    ['a local part over 64 characters', `${'a'.repeat(65)}@firma.pl`, '1 to 64'],
    ['an address over 254 characters', `jan@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.pl`, 'at most 254'],
  ])('refuses %s', (_case, raw, problem) => {
    expect(problemOf(raw)).toContain(problem);
  });

  it('reports the problem on the field through the zod schema, after trimming spaces', () => {
    expect(personAddressSchema.parse('  jan@firma.pl ')).toBe('jan@firma.pl');
    const result = personAddressSchema.safeParse('jan@firma.pl, spy@evil.com');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('must be a single address, not a list');
  });

  it('counts plus-addressed and differently cased forms of one mailbox as one for quotas', () => {
    expect(quotaIdentity('Jan+one@Firma.pl')).toBe(quotaIdentity('jan+two@firma.pl'));
    expect(quotaIdentity('jan@firma.pl')).toBe('jan@firma.pl');
    expect(quotaIdentity('jan@firma.pl')).not.toBe(quotaIdentity('anna@firma.pl'));
  });
});
