import { getContact } from './get-contact.js';
import { getPage } from './get-page.js';
import { getScanResult } from './get-scan-result.js';
import { listServices } from './list-services.js';
import { scanAiVisibility } from './scan-ai-visibility.js';
import { scanAnalytics } from './scan-analytics.js';
import { searchSite } from './search-site.js';
import { sendInquiry } from './send-inquiry.js';
import type { ToolDefinition } from './tool.js';

/** Every tool the server offers, in the order tools/list shows them. */
export const ALL_TOOLS: readonly ToolDefinition[] = [searchSite, getPage, listServices, getContact, sendInquiry, scanAnalytics, scanAiVisibility, getScanResult];

/**
 * Tools that, over stdio, run on the site's own server (--remote-mcp-url) instead of the user's
 * machine: they send mail, which needs the company's SMTP account, and their limits must be
 * counted in one place. Their arguments are checked here first, then the call is forwarded.
 * get_scan_result goes with the scans: the job lives where the scan ran.
 */
export const FORWARDED_OVER_STDIO: ReadonlySet<string> = new Set([sendInquiry.name, scanAnalytics.name, scanAiVisibility.name, getScanResult.name]);
