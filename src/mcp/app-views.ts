import { createHash } from 'node:crypto';
import { getUiCapability, RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/server';
import type { CallToolResult, ClientCapabilities, ListToolsResult, ReadResourceResult, Resource } from '@modelcontextprotocol/server';
import { formatPrice } from '../content/money.js';
import { LANGS, type Lang } from '../content/schema.js';
import { perSnapshot } from '../live/content-holder.js';
import type { ContentSnapshot } from '../live/content-snapshot.js';
import { message, type MessageKey } from '../messages/catalog.js';
import { reportContent } from '../scan/report-content.js';
import { siteReportSender } from '../scan/report-sender.js';
import type { ScanResult } from '../scan/scan-result.js';
import { VIEW_STYLE } from './app-view/view-style.js';

/**
 * MCP Apps (SEP-1865, extension `io.modelcontextprotocol/ui`): three views a host shows next to
 * a tool's answer. Offered only to clients that declare the extension: to them tools/list names
 * each tool's view in `_meta.ui`, resources/list lists the `ui://` documents, and a result gets
 * what only a view needs (formatted prices, the report's headings) in its `_meta`. Text and
 * structured content are the same for every client. docs/apps.md says what each view shows.
 */

export type AppView = 'services' | 'contact' | 'scan';

export const VIEW_URIS: Readonly<Record<AppView, string>> = {
  services: 'ui://site-content-mcp/services.html',
  contact: 'ui://site-content-mcp/contact.html',
  scan: 'ui://site-content-mcp/scan-result.html',
};

/** Which tool's answer each view shows. */
export const TOOL_VIEWS: Readonly<Record<string, AppView>> = {
  list_services: 'services',
  get_contact: 'contact',
  scan_analytics: 'scan',
  scan_ai_visibility: 'scan',
  get_scan_result: 'scan',
};

/** The key of a result's `_meta` entry for the views. */
export const VIEW_META = 'io.github.site-content-mcp/view';

/**
 * The strictest policy the extension lets a resource declare: no domain for fetches, scripts,
 * styles, images, frames or a base URI. The view's own `<meta>` CSP says the same to the browser.
 */
const VIEW_UI_META = {
  csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
  prefersBorder: true,
} as const;

/** Whether client capabilities (from `initialize`, or a request's `_meta`) declare MCP Apps with our MIME type. */
export function declaresApps(capabilities: unknown): boolean {
  if (capabilities === null || typeof capabilities !== 'object') return false;
  const ui = getUiCapability(capabilities as ClientCapabilities) as { mimeTypes?: unknown } | undefined;
  if (ui === undefined || ui === null || typeof ui !== 'object') return false;
  return !Array.isArray(ui.mimeTypes) || ui.mimeTypes.includes(RESOURCE_MIME_TYPE);
}

/** The tool list as a client with the extension sees it: each tool with a view names it (both spellings hosts read). */
export function withViews(list: ListToolsResult): ListToolsResult {
  return {
    tools: list.tools.map((tool) => {
      const view = TOOL_VIEWS[tool.name];
      return view === undefined ? tool : { ...tool, _meta: { ...tool._meta, ui: { resourceUri: VIEW_URIS[view] }, [RESOURCE_URI_META_KEY]: VIEW_URIS[view] } };
    }),
  };
}

/** The views as resources/list entries. */
export function viewResources(snapshot: ContentSnapshot): Resource[] {
  return (Object.keys(VIEW_URIS) as AppView[]).map((view) => ({
    uri: VIEW_URIS[view],
    name: `view-${view}`,
    title: viewTitle(view, snapshot),
    description: `The MCP Apps view of ${Object.entries(TOOL_VIEWS)
      .filter(([, shown]) => shown === view)
      .map(([tool]) => tool)
      .join(', ')}.`,
    mimeType: RESOURCE_MIME_TYPE,
    _meta: { ui: VIEW_UI_META },
  }));
}

/** A view's title in the site's main language. */
function viewTitle(view: AppView, snapshot: ContentSnapshot): string {
  const lang = snapshot.site.info.defaultLanguage;
  if (view === 'services') return message(lang, 'app.services.title');
  if (view === 'contact') return message(lang, 'app.contact.title', { company: snapshot.site.info.company });
  return `${message(lang, 'app.scan.title', { kind: 'analytics' })} / ${message(lang, 'app.scan.title', { kind: 'ai_visibility' })}`;
}

const htmlBySnapshot = perSnapshot(() => new Map<AppView, Promise<string>>());

/** resources/read of a view, or undefined when `uri` names none. */
export async function readView(uri: string, snapshot: ContentSnapshot): Promise<ReadResourceResult | undefined> {
  const view = (Object.keys(VIEW_URIS) as AppView[]).find((candidate) => VIEW_URIS[candidate] === uri);
  if (view === undefined) return undefined;
  const cache = htmlBySnapshot(snapshot);
  let html = cache.get(view);
  if (html === undefined) {
    html = viewHtml(view, snapshot);
    cache.set(view, html);
  }
  return { contents: [{ uri, mimeType: RESOURCE_MIME_TYPE, text: await html, _meta: { ui: VIEW_UI_META } }] };
}

const LABEL_KEYS: readonly MessageKey[] = [
  'app.waiting',
  'app.toolError',
  'app.services.title',
  'app.services.prices',
  'app.services.packages',
  'app.services.pages',
  'app.contact.email',
  'app.contact.phone',
  'app.contact.form',
  'app.contact.page',
  'app.contact.privacy',
  'app.contact.formHeading',
  'app.contact.name',
  'app.contact.yourEmail',
  'app.contact.company',
  'app.contact.yourPhone',
  'app.contact.message',
  'app.contact.required',
  'app.contact.send',
  'app.contact.sending',
  'app.contact.consentMissing',
  'app.contact.notSent',
  'app.scan.running',
  'app.scan.progress',
  'app.scan.failed',
  'app.scan.score',
  'app.scan.allFindings',
  'report.fixFirst',
  'report.noProblems',
  'report.fix',
  'report.quoted',
  'report.nextStepHeading',
];
const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;

/** What the view's script reads: its kind, the site's language and every label in both languages, from the catalogs. */
function viewConfig(view: AppView, snapshot: ContentSnapshot) {
  const company = snapshot.site.info.company;
  const perLang = <T>(build: (lang: Lang) => T) => Object.fromEntries(LANGS.map((lang) => [lang, build(lang)])) as Record<Lang, T>;
  return {
    view,
    lang: snapshot.site.info.defaultLanguage,
    labels: perLang((lang) => ({
      ...Object.fromEntries(LABEL_KEYS.map((key) => [key, message(lang, key)])),
      'app.contact.title': message(lang, 'app.contact.title', { company }),
      'app.contact.consent': message(lang, 'app.contact.consent', { company }),
      // The script puts the inquiry's number where the catalog's argument is.
      'app.contact.sent': message(lang, 'app.contact.sent', { id: '{id}' }),
    })),
    scanTitle: perLang((lang) => ({ analytics: message(lang, 'app.scan.title', { kind: 'analytics' }), ai_visibility: message(lang, 'app.scan.title', { kind: 'ai_visibility' }) })),
    severity: perLang((lang) => Object.fromEntries(SEVERITIES.map((severity) => [severity, message(lang, 'report.severity', { severity })]))),
    severityHeading: perLang((lang) => Object.fromEntries(SEVERITIES.map((severity) => [severity, message(lang, 'report.severityHeading', { severity })]))),
  };
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** JSON inside <script type="application/json">: no "<" can end the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * One view as a self-contained document: its style, its labels and its script inline, nothing
 * loaded from anywhere. The CSP allows exactly that script and that style (by their hashes), no
 * connection, image, font, frame or form target.
 */
async function viewHtml(view: AppView, snapshot: ContentSnapshot): Promise<string> {
  const { appViewScript } = await import('./app-view-script.js');
  const script = await appViewScript();
  const lang = snapshot.site.info.defaultLanguage;
  const title = viewTitle(view, snapshot);
  const csp = [
    "default-src 'none'",
    `script-src ${sha256(script)}`,
    `style-src ${sha256(VIEW_STYLE)}`,
    'img-src data:',
    "connect-src 'none'",
    "font-src 'none'",
    "frame-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return [
    '<!doctype html>',
    `<html lang="${lang}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${VIEW_STYLE}</style>`,
    '</head>',
    '<body>',
    `<main id="view"><p class="muted" role="status">${escapeHtml(message(lang, 'app.waiting'))}</p></main>`,
    `<script type="application/json" id="view-config">${scriptJson(viewConfig(view, snapshot))}</script>`,
    `<script>${script}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** What a view needs beside a successful result: prices as the site writes them, the scan report's verdict and headings. */
export function viewResultMeta(toolName: string, result: CallToolResult, snapshot: ContentSnapshot): Record<string, unknown> | undefined {
  if (result.isError || result.structuredContent === undefined) return undefined;
  const output = result.structuredContent as Record<string, unknown>;
  if (toolName === 'list_services') return servicesMeta(output as unknown as ServicesOutput);
  if (TOOL_VIEWS[toolName] === 'scan') return scanMeta(output as unknown as ScanOutput, snapshot);
  return undefined;
}

/** The result with the view's entry in `_meta` (a new object; the tool's text and structured content are untouched). */
export function withViewMeta(toolName: string, result: CallToolResult, snapshot: ContentSnapshot): CallToolResult {
  const meta = viewResultMeta(toolName, result, snapshot);
  return meta === undefined ? result : { ...result, _meta: { ...result._meta, [VIEW_META]: meta } };
}

interface PriceOutput {
  readonly from_price: number | null;
  readonly currency: string;
  readonly unit?: { readonly label: string };
}
interface ServicesOutput {
  readonly language: Lang;
  readonly pricing: readonly (PriceOutput & { readonly packages?: readonly PriceOutput[] })[];
}
interface ScanOutput {
  readonly scan_id: string;
  readonly status: string;
  readonly result?: ScanResult;
}

function servicesMeta(output: ServicesOutput) {
  const text = (price: PriceOutput) => formatPrice(price.from_price, price.currency, output.language, { from: true, net: true, unit: price.unit });
  return { prices: output.pricing.map(text), packages: output.pricing.map((entry) => (entry.packages ?? []).map(text)) };
}

function scanMeta(output: ScanOutput, snapshot: ContentSnapshot) {
  if (output.status !== 'done' || output.result === undefined) return undefined;
  const content = reportContent(output.result, siteReportSender(() => snapshot.site, (path) => snapshot.urls.pageUrl(path)), output.scan_id);
  return { verdict: content.verdict, summary: content.summary, fixFirst: content.fixFirst.map((problem) => output.result!.problems.indexOf(problem)), nextStep: content.nextStep };
}
