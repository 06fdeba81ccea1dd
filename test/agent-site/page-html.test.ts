import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPageHtml, type StructuredDataSource } from '../../src/agent-site/page-html.js';
import { renderPageDocument } from '../../src/content/page-document.js';
import { SiteFrame } from '../../src/agent-site/site-frame.js';
import type { Page, PageFields } from '../../src/content/page.js';
import { SiteContent } from '../../src/content/site-content.js';
import type { AppContext } from '../../src/context.js';
import { testContext } from '../helpers/context.js';
import { testPage } from '../helpers/pages.js';

let ctx: AppContext;

beforeAll(async () => {
  ctx = await testContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** A page as the loader would build it, with text chosen to break out of the HTML around it. */
function hostilePage(overrides: Partial<PageFields> & { markdown?: string } = {}): Page {
  const { markdown, ...fields } = overrides;
  return testPage(
    {
      path: '/pl/test/',
      title: 'Ceny </title><script>alert(1)</script> & "cytaty"',
      description: 'Opis" onmouseover="alert(1)',
      source: 'pages/pl/test.md',
      ...fields,
    },
    markdown ??
    [
      '# Nagłówek',
      '',
      'Tekst z </main></body> i <img src=x onerror=alert(1)> w środku.',
      '',
      '<div onclick="x()">blok HTML</div>',
      '',
      '[link](javascript:alert(1)) i [dobry link](/pl/kontakt/)',
      '',
      '| a | b |',
      '| - | - |',
      '| 1 | 2 |',
    ].join('\n'),
  );
}

function render(page: Page, structuredData?: StructuredDataSource): string {
  const site = new SiteContent(ctx.content.current().site.info, [...ctx.content.current().site.pages, page]);
  return renderPageHtml(page, { site, urls: ctx.content.current().urls, frame: new SiteFrame(site), structuredData });
}

describe('rendering a page as HTML', () => {
  it('escapes the title and description wherever they are written', () => {
    const html = render(hostilePage());
    expect(html).toContain('<title>Ceny &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;cytaty&quot;</title>');
    expect(html).toContain('<meta name="description" content="Opis&quot; onmouseover=&quot;alert(1)">');
    expect(html).not.toContain('<script>');
  });

  it('shows raw HTML in the page Markdown as text: page text cannot close or open elements', () => {
    const html = render(hostilePage());
    // (A one-letter Polish word is bound to the next with a no-break space: typography.test.ts.)
    expect(html).toContain('Tekst z\u00a0&lt;/main&gt;&lt;/body&gt; i\u00a0&lt;img src=x onerror=alert(1)&gt; w\u00a0środku.');
    expect(html).toContain('&lt;div onclick=&quot;x()&quot;&gt;blok HTML&lt;/div&gt;');
    expect(html.match(/<\/main>/g)).toHaveLength(1);
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main).not.toMatch(/<img|<div/);
  });

  it('drops javascript: links and keeps site links and tables', () => {
    const html = render(hostilePage());
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('<a href="/pl/kontakt/">dobry link</a>');
    expect(html).toContain('<table>');
  });

  it('adds the title as the heading when the Markdown has no level-1 heading', () => {
    const html = render(hostilePage({ title: 'Bez nagłówka', markdown: 'Sam tekst.\n\n## Sekcja' }));
    expect(html).toContain('<main id="main">\n<h1>Bez nagłówka</h1>\n<p>Sam tekst.</p>');
  });

  it('does not add a second heading when the Markdown has one', () => {
    expect(render(hostilePage()).match(/<h1>/g)).toHaveLength(1);
  });

  it('gives each section heading the stable id that search results link to', () => {
    const markdown = '# Tytuł\n\n## Ile kosztuje wdrożenie?\n\nTekst.\n\n### Ile kosztuje wdrożenie?\n\n## Łódź i `GA4`\n';
    const page = testPage({ path: '/pl/test/', headings: ['Ile kosztuje wdrożenie?', 'Ile kosztuje wdrożenie?', 'Łódź i GA4'] }, markdown);
    const html = render(page);
    expect(html).toContain('<h2 id="ile-kosztuje-wdrozenie">Ile kosztuje wdrożenie?</h2>');
    expect(html).toContain('<h3 id="ile-kosztuje-wdrozenie-2">Ile kosztuje wdrożenie?</h3>');
    expect(html).toContain('<h2 id="lodz-i-ga4">Łódź i\u00a0<code>GA4</code></h2>');
    expect(html).toContain('<h1>Tytuł</h1>');
  });

  it('has no structured data unless a source gives some', () => {
    expect(render(hostilePage())).not.toContain('application/ld+json');
    expect(render(hostilePage(), () => undefined)).not.toContain('application/ld+json');
  });

  it('places the structured data of the page in <head> as JSON-LD that no string can close', () => {
    const html = render(hostilePage(), (page) => ({ '@context': 'https://schema.org', '@type': 'WebPage', name: page.title, url: page.path }));
    const head = html.slice(0, html.indexOf('</head>'));
    const script = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(head);
    expect(script).not.toBeNull();
    expect(script![1]).not.toMatch(/[<>]/);
    expect(JSON.parse(script![1]!)).toEqual({ '@context': 'https://schema.org', '@type': 'WebPage', name: hostilePage().title, url: '/pl/test/' });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });
});

describe('rendering a page as Markdown', () => {
  it('quotes front-matter values so that they stay one YAML scalar each', async () => {
    const { parse } = await import('yaml');
    const page = hostilePage({ title: 'a: b # c', description: '- "lista"\n---\nfake: true' });
    const text = renderPageDocument(page, ctx.content.current().site, ctx.content.current().urls);
    const end = text.indexOf('\n---\n', 4);
    const meta = parse(text.slice(4, end)) as Record<string, unknown>;
    expect(meta).toEqual({ title: 'a: b # c', description: '- "lista"\n---\nfake: true', url: `${ctx.content.current().urls.publicBaseUrl}/pl/test/`, lang: 'pl', type: 'company' });
    expect(text.slice(end + 5)).toBe(`\n${page.markdown.replace('](/pl/kontakt/)', `](${ctx.content.current().urls.publicBaseUrl}/pl/kontakt/)`)}\n`);
  });
});
