/** A received message, read the way a mail client would: unfolded, decoded headers and the text body. */
export interface ParsedMail {
  /** Every header line in order, as [lower-case name, decoded value]. */
  readonly headers: readonly (readonly [string, string])[];
  /** The decoded value of the only header with this name (throws if there are several). */
  header(name: string): string | undefined;
  /** The decoded body (of a multipart message: its text/plain part). */
  readonly text: string;
  /** The decoded text/html part of a multipart message. */
  readonly html?: string;
}

/**
 * Just enough MIME for our messages: text with quoted-printable, base64 or 7-bit bodies, a
 * multipart/alternative of text and HTML, and RFC 2047 encoded words in headers.
 */
export function parseMail(raw: string): ParsedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const headers = head
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')
    .map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim())] as const;
    });
  const header = (name: string) => {
    const found = headers.filter(([key]) => key === name.toLowerCase());
    if (found.length > 1) throw new Error(`${found.length} ${name} headers`);
    return found[0]?.[1];
  };
  const boundary = /^multipart\/[\w-]+;.*boundary="?([^";]+)"?/i.exec(header('content-type') ?? '')?.[1];
  if (boundary !== undefined) {
    const parts = body.split(`--${boundary}`).slice(1, -1).map((part) => parseMail(part.replace(/^\r\n/, '')));
    const ofType = (type: string) => parts.find((part) => (part.header('content-type') ?? '').startsWith(type))?.text;
    const html = ofType('text/html');
    return { headers, header, text: ofType('text/plain') ?? '', ...(html === undefined ? {} : { html }) };
  }
  const encoding = (header('content-transfer-encoding') ?? '7bit').toLowerCase();
  const text =
    encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body;
  return { headers, header, text: text.replace(/\r\n/g, '\n') };
}

function decodeQuotedPrintable(body: string): string {
  return decodeEscapes(body.replace(/=\r\n/g, ''));
}

/** `=XX` escapes to bytes, everything else as UTF-8, then the bytes as UTF-8. */
function decodeEscapes(input: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < input.length; i++) {
    const hex = input.slice(i + 1, i + 3);
    if (input[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(input[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeEscapes(data.replace(/_/g, ' ')),
    );
}
