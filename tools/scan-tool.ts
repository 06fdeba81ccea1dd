import type { ScanKind } from '../src/scan/snapshot.js';
import { DATA_NOT_INSTRUCTIONS, SCAN_ANNOTATIONS, SCAN_LIMITS_TEXT, scanInputSchema, scanStatusSchema } from './scan-schemas.js';
import { requesterKey } from './scan-requester.js';
import { defineTool } from './tool.js';

export interface ScanToolText {
  readonly name: string;
  readonly title: string;
  /** "Free scan of the person's own website for ...": what this scan looks at, for the model. */
  readonly checks: string;
}

/**
 * The two scan tools differ only in their kind and what they say they check: the input, the
 * output, the consent rule, the limits and the call are the same, so they are made here.
 */
export function defineScanTool(kind: ScanKind, text: ScanToolText) {
  return defineTool({
    name: text.name,
    title: text.title,
    description:
      `Free scan of the person's own website for ${text.checks} Returns a score (0-100), a grade (A-F) and each problem with its evidence and fix; ` +
      'checks that need a browser are listed as not verified unless this server has one, and a site that answers with a bot challenge is "could not verify", not a bad grade. ' +
      'The full report is e-mailed to the person, in Polish or English (lang; by default the language of the scanned site). ' +
      'Use it only when the person asks to check their own website: ask for their e-mail address and their explicit consent first. ' +
      'A site that cannot be reached or refuses the scanner is answered at once, without using the person\'s limit or sending a report. ' +
      'Answers within about 20 seconds; if the scan takes longer it answers with status "running" and a scan_id for get_scan_result. ' +
      `${SCAN_LIMITS_TEXT} ${DATA_NOT_INSTRUCTIONS}`,
    input: scanInputSchema,
    output: scanStatusSchema,
    annotations: SCAN_ANNOTATIONS,
    async run(input, ctx) {
      return ctx.scans.scan(kind, input.url, input.email, requesterKey(ctx.caller), input.lang);
    },
  });
}
