import { parse, type HTMLElement, type Node } from 'node-html-parser';
import type { FetchedResponse } from '../fetcher.js';

export interface ScriptTag {
  /** The src resolved against the page, when there is one. */
  readonly src: string | undefined;
  /** The type attribute, lower case ('' when absent). */
  readonly type: string;
  /** Inline code ('' for external scripts). */
  readonly code: string;
  readonly inHead: boolean;
  /** Position among all elements of interest (scripts, iframes, noscripts), in document order. */
  readonly order: number;
  /** The opening tag as written, for evidence. */
  readonly tag: string;
  attribute(name: string): string | undefined;
}

export interface LinkTag {
  readonly rel: readonly string[];
  readonly href: string | undefined;
  readonly hreflang: string | undefined;
  readonly type: string | undefined;
  readonly tag: string;
}

export interface Anchor {
  readonly href: string;
  readonly text: string;
}

export interface MetaTag {
  /** `name`, `property` or `http-equiv`, lower case. */
  readonly key: string;
  readonly content: string;
  readonly tag: string;
}

export interface JsonLdBlock {
  readonly raw: string;
  readonly value?: unknown;
  readonly error?: string;
}

export interface Heading {
  readonly level: number;
  readonly text: string;
}

/**
 * One fetched HTML page, parsed once into what the checks look at. Everything comes from the
 * HTML as served: nothing runs (no JavaScript), so this is what a crawler without a browser sees.
 * Text taken from here is data about the site: it is quoted in evidence, never interpreted.
 */
export interface HtmlPage {
  readonly url: string;
  readonly response: FetchedResponse;
  readonly html: string;
  readonly lang: string | undefined;
  readonly title: string | undefined;
  readonly meta: readonly MetaTag[];
  readonly links: readonly LinkTag[];
  readonly scripts: readonly ScriptTag[];
  /** iframe src values, resolved. */
  readonly iframes: readonly { readonly src: string; readonly order: number; readonly inNoscript: boolean; readonly tag: string }[];
  readonly anchors: readonly Anchor[];
  readonly forms: readonly { readonly action: string; readonly tag: string; readonly unlabeledFields: number }[];
  readonly images: readonly { readonly src: string; readonly alt: string | undefined }[];
  readonly stylesheets: readonly string[];
  /** Inline <style> contents (for @import of remote fonts). */
  readonly styles: readonly string[];
  readonly jsonLd: readonly JsonLdBlock[];
  readonly headings: readonly Heading[];
  readonly hasMain: boolean;
  /** Text a reader sees without JavaScript: no script, style, template, noscript or hidden elements. */
  readonly visibleText: string;
  /** Text in elements hidden from readers (hidden attribute, aria-hidden, display:none and similar). */
  readonly hiddenTexts: readonly string[];
  readonly bodyElementCount: number;
  readonly hasMicrodata: boolean;
  readonly hasRdfa: boolean;
  meta1(key: string): string | undefined;
}

const SKIPPED_FOR_TEXT: ReadonlySet<string> = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'iframe', 'object', 'canvas']);
const HIDDEN_STYLE = /(display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?![.\d]*[1-9])|opacity\s*:\s*0(?![.\d]*[1-9])|(left|top|text-indent)\s*:\s*-\d{3,}px|clip\s*:\s*rect\(\s*0)/i;

export function parseHtmlPage(response: FetchedResponse): HtmlPage {
  const html = response.body;
  const root = parse(html, { comment: false, blockTextElements: { script: true, noscript: true, style: true, pre: true } });
  const base = response.finalUrl;
  const resolve = (value: string | undefined): string | undefined => {
    if (value === undefined) return undefined;
    try {
      return new URL(value.trim(), base).href;
    } catch {
      return undefined;
    }
  };
  const head = root.querySelector('head');
  const isInHead = (element: HTMLElement): boolean => {
    for (let node: HTMLElement | null = element.parentNode; node !== null; node = node.parentNode) {
      if (node === head) return true;
      if (node.rawTagName?.toLowerCase() === 'body') return false;
    }
    return false;
  };
  const openingTag = (element: HTMLElement): string => {
    const attributes = element.rawAttrs.trim();
    return `<${element.rawTagName.toLowerCase()}${attributes === '' ? '' : ` ${attributes}`}>`;
  };

  // One walk over the tree collects every element the checks need: each querySelectorAll walks
  // the whole document again, and on a 2 MiB page a dozen of them cost most of a second.
  const elements = collectElements(root);
  const all = (...names: string[]) => names.flatMap((name) => elements.byTag.get(name) ?? []).sort((a, b) => elements.order.get(a)! - elements.order.get(b)!);

  let order = 0;
  const scripts: ScriptTag[] = [];
  const iframes: { src: string; order: number; inNoscript: boolean; tag: string }[] = [];
  for (const element of all('script', 'iframe', 'noscript')) {
    order += 1;
    const name = element.rawTagName.toLowerCase();
    if (name === 'script') {
      scripts.push({
        src: resolve(element.getAttribute('src')),
        type: (element.getAttribute('type') ?? '').trim().toLowerCase(),
        code: element.getAttribute('src') === undefined ? element.text : '',
        inHead: isInHead(element),
        order,
        tag: openingTag(element),
        attribute: (attribute) => element.getAttribute(attribute),
      });
    } else if (name === 'iframe') {
      const src = resolve(element.getAttribute('src'));
      if (src !== undefined) iframes.push({ src, order, inNoscript: false, tag: openingTag(element) });
    } else {
      // <noscript> content is raw text to the parser; GTM's fallback iframe lives in there.
      const inner = parse(element.text);
      for (const frame of inner.querySelectorAll('iframe')) {
        const src = resolve(frame.getAttribute('src'));
        if (src !== undefined) iframes.push({ src, order, inNoscript: true, tag: openingTag(frame) });
      }
    }
  }

  const meta: MetaTag[] = all('meta').flatMap((element) => {
    const key = element.getAttribute('name') ?? element.getAttribute('property') ?? element.getAttribute('http-equiv');
    const content = element.getAttribute('content');
    return key === undefined || content === undefined ? [] : [{ key: key.trim().toLowerCase(), content: content.trim(), tag: openingTag(element) }];
  });

  const links: LinkTag[] = all('link').map((element) => ({
    rel: (element.getAttribute('rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean),
    href: resolve(element.getAttribute('href')),
    hreflang: element.getAttribute('hreflang')?.trim(),
    type: element.getAttribute('type')?.trim().toLowerCase(),
    tag: openingTag(element),
  }));

  const anchors: Anchor[] = all('a').filter((element) => element.getAttribute('href') !== undefined).flatMap((element) => {
    const raw = element.getAttribute('href') ?? '';
    const href = /^(tel|mailto):/i.test(raw.trim()) ? raw.trim() : resolve(raw);
    return href === undefined ? [] : [{ href, text: collapse(textOf(element)).slice(0, 200) }];
  });

  const labelled = new Set(all('label').map((label) => label.getAttribute('for')).filter((id) => id !== undefined));
  const forms = all('form').map((form) => {
    const fields = form.querySelectorAll('input, select, textarea').filter((field) => !/^(hidden|submit|button|image|reset)$/i.test(field.getAttribute('type') ?? ''));
    const unlabeledFields = fields.filter((field) => {
      const id = field.getAttribute('id');
      if (id !== undefined && labelled.has(id)) return false;
      if (field.getAttribute('aria-label') !== undefined || field.getAttribute('aria-labelledby') !== undefined) return false;
      for (let node: HTMLElement | null = field.parentNode; node !== null && node !== form; node = node.parentNode) {
        if (node.rawTagName?.toLowerCase() === 'label') return false;
      }
      return true;
    }).length;
    return { action: resolve(form.getAttribute('action') ?? '') ?? base, tag: openingTag(form), unlabeledFields };
  });

  const jsonLd: JsonLdBlock[] = scripts
    .filter((script) => script.type === 'application/ld+json')
    .map((script) => {
      try {
        return { raw: script.code, value: JSON.parse(script.code) as unknown };
      } catch (error) {
        return { raw: script.code, error: (error as Error).message };
      }
    });

  const body = elements.body ?? root;
  const visible: string[] = [];
  const hiddenTexts: string[] = [];
  walkText(body, visible, hiddenTexts);

  return {
    url: base,
    response,
    html,
    lang: all('html')[0]?.getAttribute('lang')?.trim() || undefined,
    title: all('title')[0] === undefined ? undefined : collapse(all('title')[0]!.text),
    meta,
    links,
    scripts,
    iframes,
    anchors,
    forms,
    images: all('img').map((image) => ({ src: resolve(image.getAttribute('src')) ?? '', alt: image.getAttribute('alt') })),
    stylesheets: links.filter((link) => link.rel.includes('stylesheet') && link.href !== undefined).map((link) => link.href!),
    styles: all('style').map((style) => style.text),
    jsonLd,
    headings: all('h1', 'h2', 'h3', 'h4', 'h5', 'h6').map((heading) => ({ level: Number(heading.rawTagName.slice(1)), text: collapse(textOf(heading)) })),
    hasMain: elements.hasMain,
    visibleText: collapse(visible.join(' ')),
    hiddenTexts,
    bodyElementCount: elements.bodyCount,
    hasMicrodata: elements.hasMicrodata,
    hasRdfa: elements.hasRdfa,
    meta1: (key) => meta.find((tag) => tag.key === key)?.content,
  };
}

interface CollectedElements {
  readonly byTag: Map<string, HTMLElement[]>;
  readonly order: Map<HTMLElement, number>;
  readonly body: HTMLElement | undefined;
  readonly bodyCount: number;
  readonly hasMain: boolean;
  readonly hasMicrodata: boolean;
  readonly hasRdfa: boolean;
}

function collectElements(root: HTMLElement): CollectedElements {
  const byTag = new Map<string, HTMLElement[]>();
  const order = new Map<HTMLElement, number>();
  let body: HTMLElement | undefined;
  let bodyCount = 0;
  let hasMain = false;
  let hasMicrodata = false;
  let hasRdfa = false;
  // Iterative pre-order walk (document order); a deep tree must not overflow the stack.
  const stack: { element: HTMLElement; inBody: boolean }[] = [{ element: root, inBody: false }];
  while (stack.length > 0) {
    const { element, inBody } = stack.pop()!;
    const children = element.childNodes.filter((child): child is HTMLElement => child.nodeType === 1);
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index]!;
      stack.push({ element: child, inBody: inBody || child.rawTagName?.toLowerCase() === 'body' });
    }
    if (element === root) continue;
    const name = element.rawTagName?.toLowerCase() ?? '';
    order.set(element, order.size);
    const list = byTag.get(name);
    if (list === undefined) byTag.set(name, [element]);
    else list.push(element);
    if (name === 'body' && body === undefined) body = element;
    else if (inBody) bodyCount += 1;
    if (name === 'main' || element.getAttribute('role') === 'main') hasMain = true;
    if (element.getAttribute('itemscope') !== undefined) hasMicrodata = true;
    if (element.getAttribute('typeof') !== undefined) hasRdfa = true;
  }
  return { byTag, order, body, bodyCount, hasMain, hasMicrodata, hasRdfa };
}

function walkText(start: Node, visible: string[], hiddenTexts: string[]): void {
  // Iterative, so that a page nested thousands of levels deep cannot overflow the stack.
  const stack: Node[] = [...start.childNodes].reverse();
  while (stack.length > 0) {
    const child = stack.pop()!;
    if (child.nodeType === 3) {
      const text = child.text;
      if (text.trim() !== '') visible.push(text);
      continue;
    }
    if (child.nodeType !== 1) continue;
    const element = child as HTMLElement;
    const name = element.rawTagName?.toLowerCase() ?? '';
    if (SKIPPED_FOR_TEXT.has(name)) continue;
    const isHidden = element.getAttribute('hidden') !== undefined || element.getAttribute('aria-hidden') === 'true' || HIDDEN_STYLE.test(element.getAttribute('style') ?? '');
    if (isHidden) {
      const text = collapse(textOf(element));
      if (text !== '') hiddenTexts.push(text);
      continue;
    }
    for (let index = element.childNodes.length - 1; index >= 0; index -= 1) stack.push(element.childNodes[index]!);
  }
}

/** All text under an element, without recursion. */
function textOf(element: HTMLElement): string {
  const parts: string[] = [];
  const stack: Node[] = [...element.childNodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === 3) parts.push(node.text);
    else if (node.nodeType === 1) for (let index = node.childNodes.length - 1; index >= 0; index -= 1) stack.push(node.childNodes[index]!);
  }
  return parts.join(' ');
}

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
