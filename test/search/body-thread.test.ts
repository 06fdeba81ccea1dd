import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../src/content/load-site.js';
import { Page } from '../../src/content/page.js';
import { BodyThread } from '../../src/search/body-thread.js';
import { pageBodiesBuilder } from '../../src/search/page-bodies.js';
import { SearchIndex } from '../../src/search/search-index.js';
import { REPO_ROOT, SAMPLE_SITE } from '../helpers/paths.js';

/**
 * A large site's bodies are indexed on a worker thread. The worker runs compiled JavaScript
 * (`npm test` builds before it tests), so these tests point the index at tsc's output.
 */
const WORKER_FILE = path.join(REPO_ROOT, 'dist', 'src', 'search', 'body-index-worker.js');

const QUERIES = ['cennik', 'wdrożenie GA4', 'consent mode v2', 'baner zgody na cookies dla sklepu', 'where can I find your address', 'szkolenia z GTM', 'Shopify', 'analytics agency Lodz', 'server-side tagging', 'NDA', 'jak się z wami skontaktować'];

/** Every answer of an index, as text: paths, scores and matching sections, in order. */
function answers(index: SearchIndex): string[] {
  return QUERIES.flatMap((text) => [undefined, 'pl' as const, 'en' as const].map((lang) => index.search({ text, lang, limit: 10 }).map((hit) => `${hit.page.path} ${hit.score} ${hit.matchingSections.join('|')}`).join('\n')));
}

let pages: readonly Page[];
let here: string[];
let brokenWorker: string;

beforeAll(async () => {
  if (!existsSync(WORKER_FILE)) throw new Error(`${WORKER_FILE} is missing: run npm run build before these tests`);
  pages = (await loadSite(SAMPLE_SITE)).site.pages;
  here = answers(SearchIndex.build(pages, {}, { bodyThreadFromPages: Infinity }));
  brokenWorker = path.join(await mkdtemp(path.join(tmpdir(), 'scm-worker-')), 'broken-worker.mjs');
  await writeFile(brokenWorker, "throw new Error('this worker cannot start');\n");
});

afterAll(async () => {
  await rm(path.dirname(brokenWorker), { recursive: true, force: true });
});

/** The body index of each language built on this thread, as plain data. */
function bodiesHere(): Map<string, unknown> {
  const builders = new Map<string, ReturnType<typeof pageBodiesBuilder>>();
  for (const page of pages) {
    if (!builders.has(page.lang)) builders.set(page.lang, pageBodiesBuilder(page.lang));
    builders.get(page.lang)!.add(page.markdown);
  }
  return new Map([...builders].map(([lang, builder]) => [lang, builder.finish().toParts()]));
}

describe('the body thread', () => {
  it("answers itself with each language's body index, the one this thread would build", () => {
    const answer = BodyThread.start(pages, WORKER_FILE)!.take();

    expect(answer).toBeDefined();
    expect(new Map([...answer!].map(([lang, index]) => [lang, index.toParts()]))).toEqual(bodiesHere());
  });

  it('reads bodies kept compressed, as a large site keeps them, to the same index', () => {
    const compressed = pages.map((page) => new Page(page, page.markdown, { compress: true }));
    expect(compressed.filter((page) => page.storedMarkdownBytes < page.markdownBytes).length).toBeGreaterThan(pages.length / 2);

    const answer = BodyThread.start(compressed, WORKER_FILE)!.take();

    expect(new Map([...answer!].map(([lang, index]) => [lang, index.toParts()]))).toEqual(bodiesHere());
  });

  it('answers a build that waits without blocking the same way', async () => {
    const answer = await BodyThread.start(pages, WORKER_FILE)!.result();

    expect(answer).toBeDefined();
    expect(new Map([...answer!].map(([lang, index]) => [lang, index.toParts()]))).toEqual(bodiesHere());
  });

  it('gives the index built on the calling thread, answer for answer', () => {
    expect(answers(SearchIndex.build(pages, {}, { bodyThreadFromPages: 0, bodyWorkerFile: WORKER_FILE }))).toEqual(here);
  });

  it('gives the same index to a build in slices, which waits for it without blocking', async () => {
    expect(answers(await SearchIndex.buildInSlices(pages, 10, {}, { bodyThreadFromPages: 0, bodyWorkerFile: WORKER_FILE }))).toEqual(here);
  });

  it('is not started without its compiled file: the bodies are indexed on the calling thread', () => {
    expect(answers(SearchIndex.build(pages, {}, { bodyThreadFromPages: 0, bodyWorkerFile: path.join(REPO_ROOT, 'no-such-worker.js') }))).toEqual(here);
  });

  it('failing to start leaves the bodies to the calling thread, and the index whole', async () => {
    expect(answers(await SearchIndex.buildInSlices(pages, 10, {}, { bodyThreadFromPages: 0, bodyWorkerFile: brokenWorker }))).toEqual(here);
  });
});
