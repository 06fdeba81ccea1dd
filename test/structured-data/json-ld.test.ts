import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { jsonLdScript } from '../../src/structured-data/json-ld.js';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Every element in document order, as a browser's HTML parser (parse5 follows the WHATWG spec) builds them. */
function elements(node: Node): Element[] {
  const own = 'tagName' in node ? [node] : [];
  const children = 'childNodes' in node ? node.childNodes.flatMap(elements) : [];
  return [...own, ...children];
}

function scriptsIn(html: string): Element[] {
  return elements(parse(html)).filter((element) => element.tagName === 'script');
}

function textOf(element: Element): string {
  return element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
}

const hostile = {
  '@context': 'https://schema.org',
  '@type': 'Article',
  headline: 'Breaking out: </script><script>alert(1)</script>',
  description: 'A comment opener <!-- <script> inside, and </SCRIPT > in capitals',
  text: 'Line\u2028separators\u2029and & ampersands &amp; <b>tags</b>',
};

describe('JSON-LD in HTML', () => {
  it('stays one script element that parses back to the same object, whatever the strings hold', () => {
    const html = `<!doctype html><html><head><title>t</title>${jsonLdScript(hostile)}</head><body><p>after</p></body></html>`;
    const scripts = scriptsIn(html);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.attrs).toEqual([{ name: 'type', value: 'application/ld+json' }]);
    expect(JSON.parse(textOf(scripts[0]!))).toEqual(hostile);
    expect(elements(parse(html)).filter((element) => element.tagName === 'p')).toHaveLength(1);
  });

  it('writes no "<", ">", "&" or line separator characters inside the script', () => {
    const script = jsonLdScript(hostile);
    const inner = script.slice('<script type="application/ld+json">'.length, -'</script>'.length);
    expect(inner).not.toMatch(/[<>&\u2028\u2029]/);
    expect(inner).toContain('\\u003c/script\\u003e');
    expect(inner).toContain('\\u2028');
  });

  it('leaves ordinary text readable', () => {
    expect(jsonLdScript({ name: 'Wdrożenie GA4 – cena od 3 900 zł' })).toBe('<script type="application/ld+json">{"name":"Wdrożenie GA4 – cena od 3 900 zł"}</script>');
  });
});
