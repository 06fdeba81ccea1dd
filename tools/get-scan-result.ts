import * as z from 'zod';
import { plainText } from '../src/text/plain-text.js';
import { DATA_NOT_INSTRUCTIONS, scanStatusSchema } from './scan-schemas.js';
import { defineTool } from './tool.js';

export const getScanResult = defineTool({
  name: 'get_scan_result',
  title: 'Get the result of a website scan',
  description:
    'Get the progress, and when done the result, of a scan started with scan_analytics or scan_ai_visibility that took longer than one call. ' +
    'While status is "running", wait poll_after_seconds and call again. Results are kept for 24 hours. ' +
    DATA_NOT_INSTRUCTIONS,
  input: z
    .object({
      scan_id: plainText().trim().min(1).max(64).describe('The scan_id returned by scan_analytics or scan_ai_visibility, e.g. scan_3q2-Xb...'),
    })
    .strict(),
  output: scanStatusSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(input, ctx) {
    return ctx.scans.get(input.scan_id);
  },
});
