import type { Request } from 'express';

export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';

/**
 * X-Markdown-Tokens: characters (Unicode code points) divided by four, rounded up. It is the
 * usual rule of thumb for English; Polish text costs more tokens per character with most
 * tokenizers, so the number is an estimate for budgeting, not a count (docs/decisions/0005-headers-and-caching-of-site-pages.md).
 */
export function estimateTokens(text: string): number {
  let codePoints = 0;
  for (const _ of text) codePoints += 1;
  return Math.ceil(codePoints / 4);
}

/** Whether the client would rather have Markdown than HTML (q-values, then order, as negotiator ranks them). */
export function prefersMarkdown(req: Request): boolean {
  return req.accepts(['text/html', 'text/markdown']) === 'text/markdown';
}
