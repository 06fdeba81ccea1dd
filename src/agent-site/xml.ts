/** Text for XML element content and attribute values (both quote kinds). */
export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => XML_ENTITIES[char]!);
}

const XML_ENTITIES: Readonly<Record<string, string>> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };
