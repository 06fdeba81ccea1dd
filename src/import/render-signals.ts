/**
 * Whether a page needs a browser to be read: what the HTML as served says (its words, an
 * application root, a `<noscript>` asking for JavaScript, its scripts), and the decision taken
 * from it. Pure: the HTML is read once (read-page.ts), the browser is elsewhere (page-renderer.ts).
 */
import { message, type MessageKey, type MessageLanguage, type MessageValues } from '../messages/catalog.js';

/** What the HTML as served says about needing a browser. */
export interface ShellSignals {
  /** Words of visible text in the body (scripts, styles, templates and `<noscript>` left out). */
  readonly words: number;
  /** Words in the main content (`<main>`, `[role=main]`, else `<article>`, else the body less its header, navigation, footer and asides). */
  readonly mainWords?: number;
  /** The application's mount point when it is (almost) empty: `<div id="root">`, `<app-root>`. */
  readonly appRoot?: string;
  /** A `<noscript>` that asks for JavaScript, clipped. */
  readonly noscript?: string;
  /** Scripts the page loads or runs (JSON-LD and other data blocks left out). */
  readonly scripts: number;
}

/** One thing read, and what it said (as page-decision.ts's evidence). */
export interface RenderEvidence {
  readonly source: string;
  readonly value: string;
}

/** `auto`: pages whose evidence says so; `always`: every page; `never`: none. */
export type RenderMode = 'auto' | 'always' | 'never';

/** Whether a page is rendered before it is read, why, and on what evidence (what `import --explain` prints). */
export interface RenderDecision {
  /** `sample`: unclear from the HTML alone; one such page is rendered and the words compared decide for all of them. */
  readonly value: 'yes' | 'no' | 'sample';
  readonly because: string;
  readonly evidence: readonly RenderEvidence[];
}

/**
 * What the page's facts (and so the import state) keep of a rendering: the words before and
 * after. Why it was rendered is in the report, in the run's language; the state keeps no words
 * of ours, so that a run on a terminal in another language finds nothing changed.
 */
export interface RenderedNote {
  readonly htmlWords: number;
  readonly renderedWords: number;
}

/** Fewer words than this in the HTML of a page that runs scripts: the scripts write the page. */
export const LITTLE_TEXT_WORDS = 50;
/** Fewer words than this with scripts, and an (almost) empty main content: unclear; a rendered sample decides. */
const SAMPLE_BELOW_WORDS = 200;
/** An application root with fewer words than this is empty (a "Loading…" spinner at most). */
const EMPTY_ROOT_WORDS = 20;

const APP_ROOTS = '#root, #app, #__next, #___gatsby, #__nuxt, #svelte, #q-app, app-root, [ng-version], [data-reactroot], [data-v-app]';
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG']);
const CHROME = new Set(['HEADER', 'NAV', 'FOOTER', 'ASIDE']);
const DATA_SCRIPT = /^(application\/(ld\+)?json|application\/importmap\+json|text\/template|text\/x-template|importmap)$/i;
const ASKS_FOR_JAVASCRIPT = /javascript|\bJS\b/i;

interface Node {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly textContent: string | null;
  readonly childNodes: ArrayLike<Node>;
}

interface Doc {
  readonly body: (Node & { querySelector(selector: string): (Node & { getAttribute(name: string): string | null; tagName: string }) | null }) | null;
  querySelectorAll(selector: string): ArrayLike<Node & { getAttribute(name: string): string | null }>;
}

/** Counts the words a reader sees in a subtree (text outside scripts, styles, templates and noscript). */
export function visibleWords(root: Node | null, skip: ReadonlySet<string> = SKIPPED): number {
  if (root === null) return 0;
  let words = 0;
  const walk = (node: Node) => {
    if (node.nodeType === 3) {
      words += (node.textContent ?? '').split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
      return;
    }
    if (node.nodeType === 1 && skip.has(node.nodeName.toUpperCase())) return;
    for (const child of Array.from(node.childNodes)) walk(child);
  };
  walk(root);
  return words;
}

/** The HTML's signals, read before anything else changes the document. */
export function shellSignals(document: Doc): ShellSignals {
  const words = visibleWords(document.body);
  const main = document.body?.querySelector('main, [role="main"]') ?? document.body?.querySelector('article') ?? null;
  const mainWords = main === null ? visibleWords(document.body, new Set([...SKIPPED, ...CHROME])) : visibleWords(main);
  const root = document.body?.querySelector(APP_ROOTS) ?? null;
  const appRoot = root !== null && visibleWords(root) < EMPTY_ROOT_WORDS ? describeElement(root) : undefined;
  const noscript = Array.from(document.querySelectorAll('noscript'))
    .map((element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim())
    .find((text) => ASKS_FOR_JAVASCRIPT.test(text) && !/<(img|iframe)\b/i.test(text));
  const scripts = Array.from(document.querySelectorAll('script')).filter((script) => !DATA_SCRIPT.test((script.getAttribute('type') ?? '').trim())).length;
  return { words, mainWords, scripts, ...(appRoot === undefined ? {} : { appRoot }), ...(noscript === undefined ? {} : { noscript: noscript.length > 80 ? `${noscript.slice(0, 79)}…` : noscript }) };
}

function describeElement(element: { tagName: string; getAttribute(name: string): string | null }): string {
  const tag = element.tagName.toLowerCase();
  const id = element.getAttribute('id');
  return id === null ? `<${tag}>` : `<${tag} id="${id}">`;
}

/**
 * Decides whether a page is rendered, from its HTML's signals: with `auto`, an (almost) empty
 * application root, a `<noscript>` asking for JavaScript, or little text with scripts say yes;
 * a page without scripts, or with text in its main content, says no; a short page with scripts
 * whose main content is (almost) empty is unclear (`sample`: a rendered sample of the site decides).
 */
export function decideRendering(shell: ShellSignals | undefined, mode: RenderMode, lang: MessageLanguage = 'en'): RenderDecision {
  const say = (key: MessageKey, values?: MessageValues) => message(lang, key, values);
  const source = (name: string) => say('import.render.evidence', { source: name });
  const evidence: RenderEvidence[] =
    shell === undefined
      ? []
      : [
          { source: source('htmlWords'), value: String(shell.words) },
          ...(shell.mainWords === undefined ? [] : [{ source: source('mainWords'), value: String(shell.mainWords) }]),
          { source: source('scripts'), value: String(shell.scripts) },
          ...(shell.appRoot === undefined ? [] : [{ source: source('appRoot'), value: say('import.render.emptyRoot', { root: shell.appRoot }) }]),
          ...(shell.noscript === undefined ? [] : [{ source: source('noscript'), value: shell.noscript }]),
        ];
  if (mode === 'never') return { value: 'no', because: say('import.render.never'), evidence };
  if (mode === 'always') return { value: 'yes', because: say('import.render.always'), evidence };
  if (shell === undefined) return { value: 'no', because: say('import.render.notRead'), evidence };
  if (shell.scripts === 0) return { value: 'no', because: say('import.render.noScript'), evidence };
  if (shell.appRoot !== undefined) return { value: 'yes', because: say('import.render.appRoot', { root: shell.appRoot }), evidence };
  if (shell.noscript !== undefined) return { value: 'yes', because: say('import.render.noscript'), evidence };
  if (shell.words < LITTLE_TEXT_WORDS) return { value: 'yes', because: say('import.render.littleText', { words: shell.words }), evidence };
  if (shell.words < SAMPLE_BELOW_WORDS && (shell.mainWords ?? shell.words) < EMPTY_ROOT_WORDS) {
    return { value: 'sample', because: say('import.render.sample', { words: shell.mainWords ?? shell.words }), evidence };
  }
  return { value: 'no', because: say('import.render.serverSends', { words: shell.words, main: shell.mainWords ?? shell.words }), evidence };
}

/** A rendered sample has far more words than its HTML: the site's scripts write its content. */
export function sampleSaysRender(htmlWords: number, renderedWords: number): boolean {
  return renderedWords >= htmlWords * 2 + LITTLE_TEXT_WORDS;
}
