import { getContact } from './get-contact.js';
import { getPage } from './get-page.js';
import { getScanResult } from './get-scan-result.js';
import { listServices } from './list-services.js';
import { scanAiVisibility } from './scan-ai-visibility.js';
import { scanAnalytics } from './scan-analytics.js';
import { searchSite } from './search-site.js';
import type { ToolDefinition } from './tool.js';

/** Every tool the server offers, in the order tools/list shows them. */
export const ALL_TOOLS: readonly ToolDefinition[] = [searchSite, getPage, listServices, getContact, scanAnalytics, scanAiVisibility, getScanResult];
