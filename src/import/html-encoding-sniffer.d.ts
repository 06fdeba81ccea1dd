/** html-encoding-sniffer ships no typings; this is its one function (README). */
declare module 'html-encoding-sniffer' {
  export default function sniffHtmlEncoding(
    bytes: Uint8Array,
    options?: { xml?: boolean; transportLayerEncodingLabel?: string | undefined; defaultEncoding?: string },
  ): string;
}
