import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/import/read-page.js';

/**
 * What an imported page may put in front of agents: its text as text and its safe links. Chat
 * clients render Markdown with HTML enabled, so text that reads as a tag, a javascript: link or
 * an entity-escaped title must not come out of the importer as live markup.
 */

const PAGE_URL = 'https://site.example/strona/';

function page(body: string, head = '<title>Oferta</title>'): ReturnType<typeof readPage> {
  return readPage(`<html><head>${head}</head><body><main><h1>Nagłówek</h1>${body}</main></body></html>`, PAGE_URL);
}

describe('imported Markdown', () => {
  it('keeps visible text that looks like a tag as text', () => {
    const { markdown } = page('<p>Tekst &lt;img src=x onerror=alert(7)&gt; i &lt;/p&gt; oraz &lt;!-- komentarz --&gt; i &lt;?php ?&gt;.</p>');
    expect(markdown).toContain('Tekst &lt;img src=x onerror=alert(7)> i &lt;/p> oraz &lt;!-- komentarz --> i &lt;?php ?>.');
  });

  it('keeps an autolink spelled in the text as text', () => {
    expect(page('<p>Zobacz &lt;javascript:alert(1)&gt; i &lt;https://evil.example&gt;.</p>').markdown).toContain('Zobacz &lt;javascript:alert(1)> i &lt;https://evil.example>.');
  });

  it('escapes nothing else: a < b, x <= y and code keep their characters', () => {
    const { markdown } = page('<p>Gdy a &lt; b i x &lt;= y, 3&lt;4.</p><pre><code>if (a &lt;b) { return &lt;div&gt;; }</code></pre><p>W kodzie <code>&lt;div&gt;</code>.</p>');
    expect(markdown).toContain('Gdy a < b i x <= y, 3<4.');
    expect(markdown).toContain('if (a <b) { return <div>; }');
    expect(markdown).toContain('W kodzie `<div>`.');
  });

  it.each([
    ['javascript:alert(4)'],
    [' JaVaScRiPt:alert(6)'],
    ['data:text/html,<script>alert(5)</script>'],
    ['vbscript:msgbox(1)'],
    ['file:///etc/passwd'],
  ])('keeps the text of a link to %j without the link', (href) => {
    const { markdown } = page(`<p>Przed <a href="${href.replaceAll('"', '&quot;')}">tekst linku</a> po.</p>`);
    expect(markdown).toContain('Przed tekst linku po.');
    expect(markdown).not.toMatch(/\]\(/);
  });

  it('keeps http(s), mailto and tel links, relative ones made absolute', () => {
    const { markdown } = page('<p><a href="/oferta/">oferta</a>, <a href="https://other.example/x">obca</a>, <a href="mailto:biuro@site.example">mail</a>, <a href="tel:+48600100200">telefon</a></p>');
    expect(markdown).toContain('[oferta](https://site.example/oferta/)');
    expect(markdown).toContain('[obca](https://other.example/x)');
    expect(markdown).toContain('[mail](mailto:biuro@site.example)');
    expect(markdown).toContain('[telefon](tel:+48600100200)');
  });

  it('keeps images with http(s) sources only', () => {
    const { markdown } = page('<p><img src="https://cdn.example/a.png" alt="dobry"> <img src="javascript:alert(8)" alt="js"> <img src="data:image/svg+xml,<svg onload=alert(9)>" alt="dane"></p>');
    expect(markdown).toContain('![dobry](https://cdn.example/a.png)');
    expect(markdown).not.toContain('javascript:');
    expect(markdown).not.toContain('data:');
  });

  it('gives an entity-escaped title and description as text', () => {
    const facts = page('<p>Treść.</p>', '<title>&lt;script&gt;alert(1)&lt;/script&gt; Oferta</title><meta name="description" content="&lt;img src=x onerror=alert(2)&gt; opis">');
    expect(facts.title).toBe('&lt;script>alert(1)&lt;/script> Oferta');
    expect(facts.description).toBe('&lt;img src=x onerror=alert(2)> opis');
  });
});
