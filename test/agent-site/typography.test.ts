import { describe, expect, it } from 'vitest';
import { markdownToHtml } from '../../src/agent-site/markdown-html.js';
import { startTestServer } from '../helpers/context.js';
import { SAMPLE_SITE } from '../helpers/paths.js';

const NBSP = '\u00a0';
const polish = (markdown: string) => markdownToHtml(markdown, undefined, 'pl').html;

describe('Polish typography in HTML pages: no single-letter word left at the end of a line', () => {
  it('binds each one-letter word (a, i, o, u, w, z) to the word after it with a non-breaking space', () => {
    expect(polish('Pracujemy w Krakowie i z klientami o analityce, a u nas też.')).toContain(
      `Pracujemy w${NBSP}Krakowie i${NBSP}z${NBSP}klientami o${NBSP}analityce, a${NBSP}u${NBSP}nas też.`,
    );
  });

  it('binds capitalised one-letter words at the start of a sentence', () => {
    expect(polish('W Krakowie. I jeszcze. A potem. O tym. U nas. Z nami.')).toContain(`W${NBSP}Krakowie. I${NBSP}jeszcze. A${NBSP}potem. O${NBSP}tym. U${NBSP}nas. Z${NBSP}nami.`);
  });

  it('binds across a line break of the Markdown source and before emphasis', () => {
    const html = polish('Szkolimy w\nKrakowie oraz w **Warszawie**.');
    expect(html).toContain(`w${NBSP}Krakowie`);
    expect(html).toContain(`w${NBSP}<strong>Warszawie</strong>`);
  });

  it('binds in headings, list items, table cells and link text', () => {
    const html = polish('## Analityka w praktyce\n\n- GA4 i GTM\n\n| a | b |\n| --- | --- |\n| w cenie | z VAT |\n\n[Audyt w tydzień](/pl/audyt-w-tydzien/)');
    expect(html).toContain(`Analityka w${NBSP}praktyce`);
    expect(html).toContain(`GA4 i${NBSP}GTM`);
    expect(html).toContain(`w${NBSP}cenie`);
    expect(html).toContain(`z${NBSP}VAT`);
    expect(html).toContain(`Audyt w${NBSP}tydzień</a>`);
  });

  it('leaves code, attributes and URLs as the content wrote them', () => {
    const html = polish('Wpisz `a b` i zobacz:\n\n```\nif (a && b) return w z;\n```\n\n[strona](https://example.com/a b) ![a w](/img/a w.png)');
    expect(html).toContain('<code>a b</code>');
    expect(html).toContain('if (a &amp;&amp; b) return w z;');
    expect(html).not.toMatch(new RegExp(`(href|src|alt)="[^"]*${NBSP}`));
  });

  it('leaves words that merely end in one of the letters, and English pages, alone', () => {
    expect(polish('Analityka GA4 oraz kampania.')).not.toContain(NBSP);
    expect(markdownToHtml('We build a plan and I write it.', undefined, 'en').html).not.toContain(NBSP);
  });

  it('applies to the company name in the header and footer of Polish pages', async () => {
    const server = await startTestServer(SAMPLE_SITE);
    try {
      const html = await (await fetch(`${server.url}/pl/kontakt/`)).text();
      expect(html).toContain(`>Miarka Analytics sp. z${NBSP}o.o.</a>`);
      // (The <head> keeps the name as written: title, Open Graph and JSON-LD are not laid out in lines.)
      expect(html.slice(html.indexOf('<body>'))).not.toMatch(/sp\. z o\.o\./);
    } finally {
      await server.close();
    }
  });

  it('applies to the served pages of the sample site, title heading included', async () => {
    const server = await startTestServer(SAMPLE_SITE);
    try {
      const content = server.ctx.content.current();
      const polishPages = content.site.pages.filter((page) => page.lang === 'pl');
      const bound = polishPages.filter((page) => (/ [aiouwzAIOUWZ] /.test(page.markdown) || / [aiouwzAIOUWZ] /.test(page.title)));
      expect(bound.length).toBeGreaterThan(5);
      for (const page of bound) {
        const html = await (await fetch(`${server.url}${page.path}`)).text();
        const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
        const visible = main.replace(/<(pre|code)[\s\S]*?<\/\1>/g, '').replace(/<[^>]+>/g, '');
        expect(visible, page.path).not.toMatch(/(^|[\s(„"])[aiouwzAIOUWZ] /);
      }
    } finally {
      await server.close();
    }
  });
});
