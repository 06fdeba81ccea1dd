/**
 * What building the agent-facing site's answers costs, to decide between building every page's
 * HTML and Markdown at start and building each on its first request (docs/decisions/0005-headers-and-caching-of-site-pages.md).
 *
 *   npx tsx bench/agent-site-render.ts [content-dir]
 *
 * Prints: the time to render every page in both variants in a fresh process (cold, as the first
 * requests after a start see it) and after warm-up, the bytes kept, the start-up time of the
 * server, and the latency of a page's first request (rendered then) against later ones (kept).
 */
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { renderPageHtml } from '../src/agent-site/page-html.js';
import { renderPageDocument } from '../src/content/page-document.js';
import { HTML_TYPE, MARKDOWN_TYPE } from '../src/agent-site/representation.js';
import { SiteFrame } from '../src/agent-site/site-frame.js';
import { loadConfig } from '../src/config/load-config.js';
import { markdownPath } from '../src/content/site-urls.js';
import { createContext } from '../src/context.js';
import { serveHttp } from '../src/http/serve.js';
import { representation } from '../src/web/representation.js';

const contentArgs = process.argv[2] ? ['--content-dir', process.argv[2]] : [];
const request = loadConfig(['serve', '--port', '0', ...contentArgs], { LOG_LEVEL: 'silent' });
if (request.kind !== 'run') throw new Error('unexpected arguments');
const config = request.config;
const logger = pino({ level: 'silent' });

const ctx = await createContext(config, { logger });
const frame = new SiteFrame(ctx.content.current().site);
const renderAll = (): number => {
  let bytes = 0;
  for (const page of ctx.content.current().site.pages) {
    bytes += representation(renderPageHtml(page, { site: ctx.content.current().site, urls: ctx.content.current().urls, frame, structuredData: undefined }), HTML_TYPE, {}).body.length;
    bytes += representation(renderPageDocument(page, ctx.content.current().site, ctx.content.current().urls), MARKDOWN_TYPE, {}).body.length;
  }
  return bytes;
};
let start = performance.now();
const bytes = renderAll();
const cold = performance.now() - start;
for (let round = 0; round < 20; round++) renderAll();
start = performance.now();
const rounds = 20;
for (let round = 0; round < rounds; round++) renderAll();
const warm = (performance.now() - start) / rounds;
await ctx.close();

const pages = ctx.content.current().site.pages.length;
console.log(`pages: ${pages}; both variants kept: ${(bytes / 1024).toFixed(0)} KiB`);
console.log(`render all, cold (fresh process): ${cold.toFixed(1)} ms (${(cold / pages).toFixed(2)} ms a page)`);
console.log(`render all, warm: ${warm.toFixed(1)} ms (${(warm / pages).toFixed(3)} ms a page)`);

start = performance.now();
const server = await serveHttp(config, { logger });
console.log(`server start (content, search index, app): ${(performance.now() - start).toFixed(0)} ms`);
const timeGet = async (path: string, accept: string): Promise<number> => {
  const begin = performance.now();
  const response = await fetch(server.url + path, { headers: { accept } });
  await response.arrayBuffer();
  return performance.now() - begin;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const first: number[] = [];
const later: number[] = [];
for (const page of server.ctx.content.current().site.pages) first.push(await timeGet(page.path, 'text/html'));
for (const page of server.ctx.content.current().site.pages) first.push(await timeGet(markdownPath(page.path), 'text/markdown'));
for (let round = 0; round < 5; round++) {
  for (const page of server.ctx.content.current().site.pages) later.push(await timeGet(page.path, 'text/html'));
}
console.log(`GET latency, first request of a page (built then): median ${median(first).toFixed(2)} ms, max ${Math.max(...first).toFixed(2)} ms`);
console.log(`GET latency, later requests (kept): median ${median(later).toFixed(2)} ms, max ${Math.max(...later).toFixed(2)} ms`);
await server.close();
