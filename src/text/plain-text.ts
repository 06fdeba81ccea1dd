import * as z from 'zod';
import { unsafeCharacterIn, unsafeTextMessage, type TextShape } from './unsafe-characters.js';

/** Marks the issue of the rule, so that a surface can word it without repeating the value. */
export const UNSAFE_TEXT_ISSUE = 'unsafe-text';

/**
 * A string input under the one text rule (unsafe-characters.ts): every string a client sends
 * starts from this instead of `z.string()`, and `test/text/text-inputs.test.ts` walks every tool
 * and REST schema to prove it. Chain the field's own bounds after it (`.trim().min(1).max(200)`).
 */
export function plainText(shape: TextShape = { multiline: false }, params?: z.core.$ZodStringParams) {
  return z.string(params).superRefine((value, ctx) => {
    const found = unsafeCharacterIn(value, shape);
    if (found !== undefined) ctx.addIssue({ code: 'custom', message: unsafeTextMessage(found, shape), params: { kind: UNSAFE_TEXT_ISSUE }, input: undefined });
  });
}

/** Whether a zod issue is the text rule's (its message never quotes the value; a surface may show it as it is). */
export function isUnsafeTextIssue(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'custom' && (issue.params as { kind?: unknown } | undefined)?.kind === UNSAFE_TEXT_ISSUE;
}
