import { describe, expect, it } from 'vitest';
import { createHtmlPageReader } from '../../src/content/html-page.js';
import { cleanMarkdown } from '../../src/content/markdown.js';

const read = createHtmlPageReader(['https://firma.example']);
const page = (main: string) => `<!doctype html><html lang="en"><head><title>T</title></head><body><main>${main}</main></body></html>`;
/** The Markdown an HTML page is served as, after the loader's cleaning. */
const markdownOf = (main: string) => cleanMarkdown(read(page(main)).markdown);

describe('HTML pages as Markdown', () => {
  it('keeps a <pre><code> block with <script> and <noscript><iframe> byte for byte', () => {
    const snippet = [
      '<script>',
      "  gtag('consent', 'default', { 'ad_storage': 'denied' });",
      '  if (a < b && c) {}',
      '</script>',
      '<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-XXXX"></iframe></noscript>',
    ].join('\n');
    const escaped = snippet.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(markdownOf(`<p>Add:</p><pre><code class="language-html">${escaped}</code></pre>`)).toBe(`Add:\n\n\`\`\`html\n${snippet}\n\`\`\``);
  });

  it('keeps <form> and <style> in inline code', () => {
    expect(markdownOf('<p>Never <code>&lt;form action="/x"&gt;</code> nor <code>&lt;style&gt;p{}&lt;/style&gt;</code>.</p>')).toBe(
      'Never `<form action="/x">` nor `<style>p{}</style>`.',
    );
  });

  it('does not escape a number followed by a full stop inside a sentence', () => {
    expect(markdownOf('<p>Call +48 12 345 67 89. We answer in 2026. Or write.</p>')).toBe('Call +48 12 345 67 89. We answer in 2026. Or write.');
  });

  it('still escapes a line that would otherwise start a numbered list', () => {
    expect(markdownOf('<p>2026. A good year.</p>')).toBe('2026\\. A good year.');
  });

  it('writes tables without padding', () => {
    const table = '<table><tr><th>Purpose</th><th>Legal basis</th></tr><tr><td>Answering an inquiry</td><td>Art. 6(1)(b)</td></tr><tr><td>Phone</td><td>+48 12 345 67 89.</td></tr></table>';
    expect(markdownOf(table)).toBe('| Purpose | Legal basis |\n| --- | --- |\n| Answering an inquiry | Art. 6(1)(b) |\n| Phone | +48 12 345 67 89. |');
  });
});
