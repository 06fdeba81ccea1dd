import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { REPO_ROOT } from './paths.js';

/**
 * An MCP Apps host for tests, built on the extension SDK's own host side (`AppBridge`), running in
 * Chromium: the host page puts a view's HTML in a sandboxed frame, connects an AppBridge to it over
 * postMessage, and passes the view the tool input, the tool result and the host context (theme,
 * locale, width). Tool calls the view makes through the host (send_inquiry, get_scan_result) come
 * back to Node, where a real MCP client (HTTP or stdio) sends them to our server.
 */

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** axe-core's own bundle, evaluated in a view's frame. */
export const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The host page's script: AppBridge and its PostMessageTransport, bundled from the extension SDK. */
const HOST_ENTRY = `
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

window.openedLinks = [];
window.mountView = async (html, hostContext) => {
  if (window.bridge) await window.bridge.close().catch(() => {});
  document.body.replaceChildren();
  window.openedLinks.length = 0;
  const frame = document.createElement('iframe');
  frame.id = 'view';
  frame.title = 'MCP App view';
  // The least a host grants a view: its own scripts, in an opaque origin (no forms, no same origin).
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.style.cssText = 'display:block;width:100%;height:120px;border:0';
  document.body.append(frame);
  const bridge = new AppBridge(null, { name: 'test-host', version: '1.0.0' }, { openLinks: {}, serverTools: {}, logging: {} }, { hostContext });
  bridge.oncalltool = (params) => window.hostCallTool(params);
  bridge.onopenlink = async (params) => {
    window.openedLinks.push(params.url);
    return {};
  };
  bridge.onsizechange = ({ height }) => {
    if (height) frame.style.height = Math.ceil(height) + 'px';
  };
  const initialized = new Promise((resolve) => {
    bridge.oninitialized = resolve;
  });
  await bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
  frame.srcdoc = html;
  await initialized;
  window.bridge = bridge;
};
`;

async function hostScript(): Promise<string> {
  const result = await build({
    stdin: { contents: HOST_ENTRY, resolveDir: REPO_ROOT, loader: 'js' },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text.replace(/<\/(script)/gi, '<\\/$1');
}

export type ToolCaller = (params: { name: string; arguments?: Record<string, unknown> }) => Promise<unknown>;

export interface ViewOptions {
  readonly html: string;
  readonly width: number;
  readonly theme: 'light' | 'dark';
  readonly locale?: string;
  readonly toolName: string;
  readonly input: Record<string, unknown>;
  readonly result: unknown;
}

/** One browser (and one page) for a whole test file; each view is mounted in it in turn. */
export class AppHost {
  /** Every request the browser made (none is expected: views are self-contained). */
  readonly requests: string[] = [];
  /** Console errors and uncaught exceptions in the host or a view (a CSP violation shows here). */
  readonly errors: string[] = [];
  /** The tools/call requests views made through the host. */
  readonly calls: { name: string; arguments?: Record<string, unknown> }[] = [];
  #callTool: ToolCaller = () => Promise.reject(new Error('no MCP client behind the host'));
  #loaded = false;

  private constructor(
    readonly browser: Browser,
    readonly context: BrowserContext,
    readonly page: Page,
    private readonly hostHtml: string,
  ) {}

  static async start(options: { clock?: boolean } = {}): Promise<AppHost> {
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const context = await browser.newContext();
    const page = await context.newPage();
    const host = new AppHost(browser, context, page, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test host</title></head><body><script>${await hostScript()}</script></body></html>`);
    context.on('request', (request) => host.requests.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error') host.errors.push(message.text());
    });
    page.on('pageerror', (error) => host.errors.push(error.message));
    await page.exposeFunction('hostCallTool', async (params: { name: string; arguments?: Record<string, unknown> }) => {
      host.calls.push(params);
      return host.#callTool(params);
    });
    if (options.clock) await page.clock.install();
    return host;
  }

  /** Where the view's tool calls go: a real MCP client's callTool. */
  set callTool(caller: ToolCaller) {
    this.#callTool = caller;
  }

  /** Loads the host page, mounts the view at `width` in `theme`, passes it the tool's input and result; returns the view's frame. */
  async show(options: ViewOptions): Promise<Frame> {
    await this.page.setViewportSize({ width: options.width, height: 900 });
    // The host page is loaded once; each view replaces the frame (and its bridge) of the one before.
    if (!this.#loaded) {
      await this.page.setContent(this.hostHtml);
      this.#loaded = true;
    }
    const hostContext = {
      theme: options.theme,
      locale: options.locale ?? 'pl-PL',
      displayMode: 'inline',
      availableDisplayModes: ['inline'],
      platform: 'web',
      containerDimensions: { width: options.width, maxHeight: 6000 },
      toolInfo: { tool: { name: options.toolName, inputSchema: { type: 'object' } } },
    };
    await this.page.evaluate(([html, context]) => (globalThis as unknown as { mountView(html: unknown, context: unknown): Promise<void> }).mountView(html, context), [options.html, hostContext] as const);
    await this.page.evaluate(
      ([input, result]) => {
        const bridge = (globalThis as unknown as { bridge: { sendToolInput(params: unknown): Promise<void>; sendToolResult(params: unknown): Promise<void> } }).bridge;
        return bridge.sendToolInput({ arguments: input }).then(() => bridge.sendToolResult(result));
      },
      [options.input, options.result] as const,
    );
    return this.frame();
  }

  /** The view's frame. */
  async frame(): Promise<Frame> {
    const frame = await (await this.page.$('iframe#view'))!.contentFrame();
    return frame!;
  }

  /** Serious and critical axe-core issues in the view, one line each. */
  async axeIssues(frame: Frame): Promise<string[]> {
    await frame.evaluate(AXE_SOURCE);
    return (await frame.evaluate(`axe.run(document).then((result) => result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id + ' (' + violation.impact + '): ' + violation.nodes.slice(0, 3).map((node) => node.target.join(' ') + ' ' + (node.failureSummary || '').split('\\n').slice(1, 2).join('')).join(' | ')))`)) as string[];
  }

  /** How far the view is wider than its frame (0 when nothing scrolls sideways). */
  async overflow(frame: Frame): Promise<number> {
    return (await frame.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')) as number;
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}
