import { TextDecoder } from '@exodus/bytes/encoding.js';
import sniffHtmlEncoding from 'html-encoding-sniffer';

/**
 * Turns a page's bytes into text the way a browser does (the WHATWG sniffing algorithm): a byte
 * order mark wins, then the charset of the Content-Type header, then `<meta charset>` or
 * `http-equiv` in the first 1,024 bytes, then UTF-8. Older Polish sites still serve
 * windows-1250 or iso-8859-2; both come out as correct UTF-8 text.
 */
export function decodeHtml(bytes: Uint8Array, contentType: string | undefined): { text: string; encoding: string } {
  const label = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  const encoding = sniffHtmlEncoding(bytes, { transportLayerEncodingLabel: label, defaultEncoding: 'UTF-8' });
  return { text: new TextDecoder(encoding).decode(bytes), encoding };
}
