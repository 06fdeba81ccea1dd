import type { CallToolResult } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import { isAppError } from '../errors.js';

/**
 * Tool outcomes in MCP wire form: one of the two places where errors become wire format.
 * Success carries `structuredContent` (matching the output schema) and, as text, the same JSON
 * or the tool's own reading of it.
 * A failure is an `isError` result whose text says what to do; it has no structuredContent,
 * because clients validate structuredContent against the output schema even on errors.
 */
export function successResult(output: Record<string, unknown>, text = JSON.stringify(output)): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: output };
}

/** `addendum` is appended to the text (e.g. the contact options, when a call could not be passed on). */
export function errorResult(error: unknown, addendum?: string): CallToolResult {
  if (isAppError(error)) {
    const retry = error.retryAfterSeconds === undefined ? '' : ` Try again in ${error.retryAfterSeconds} seconds.`;
    const extra = addendum === undefined ? '' : ` ${addendum}`;
    return { content: [{ type: 'text', text: `[${error.code}] ${error.message}${retry}${extra}` }], isError: true };
  }
  return {
    content: [{ type: 'text', text: '[internal-error] The tool failed unexpectedly. Try again later; if it keeps failing, use get_contact to reach the company directly.' }],
    isError: true,
  };
}

/** Argument validation failures name each field and what it must be (SEP-1303: an isError result). */
export function invalidArgumentsResult(toolName: string, issues: readonly z.core.$ZodIssue[]): CallToolResult {
  const problems = issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') return `unknown argument${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')}`;
    const field = issue.path.length > 0 ? issue.path.join('.') : 'arguments';
    return `${field}: ${issue.message}`;
  });
  return {
    content: [{ type: 'text', text: `[invalid-argument] Invalid arguments for ${toolName}: ${problems.join('; ')}. Fix them and call ${toolName} again.` }],
    isError: true,
  };
}
