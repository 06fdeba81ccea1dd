import { describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { markdownToHtml } from '../../src/agent-site/markdown-html.js';
import { cleanMarkdown, removeUnsafeMarkup } from '../../src/content/markdown.js';
import { sectionBounds, sectionHeadings, sectionTexts } from '../../src/content/sections.js';

const CONSENT_DEFAULT = [
  '<script>',
  '  window.dataLayer = window.dataLayer || [];',
  '  function gtag(){dataLayer.push(arguments);}',
  '',
  '',
  '',
  "  gtag('consent', 'default', { 'ad_storage': 'denied' });",
  '</script>',
].join('\n');
const GTM_NOSCRIPT = '<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-XXXX" height="0" width="0" style="display:none;visibility:hidden"></iframe></noscript>';
const STYLE = '<style>.cookie-banner { display: none }</style>';
const FORM = '<form action="/subscribe" method="post"><input name="email"><button>Go</button></form>';

/** Pages with a `<` that the shortcut of cleanMarkdown may or may not take: each must come out as the full pass makes it. */
const WITH_ANGLE_BRACKETS = [
  'Put it in the `<head>`, before the snippet.',
  'Cookies `_ga` and `_ga_<ID>` identify a browser.\n',
  'When a < b and c > d, nothing is markup.',
  '\n\n# Title\n\nAn autolink <https://example.com> stays.\n',
  '```html\n<head>\n```',
  '```html\n<head>\n```\n',
  '```html\n<head>\n',
  '```html\n<head>\n\n',
  '```html\n<head>\n```   ',
  '    <head> in indented code\n\nthen prose',
  '\n    <b>indented code first</b>',
  'prose\n\n    <b>indented code last</b>\n\n',
  ' leading space <b>bold</b>',
  'Text <!-- a comment --> more',
  'Text `<!-- in code -->` more',
  'A <script>x()</script> here',
  '```\n<script>x()</script>\n```',
  'A stray <input name="x"> field',
  'Two\n\n\n\nblank runs <b>',
  'Private \uE000 use <b>',
];

describe("cleanMarkdown's shortcut", () => {
  it.each(WITH_ANGLE_BRACKETS)('gives what the full pass gives for %j', (source) => {
    expect(cleanMarkdown(source)).toBe(removeUnsafeMarkup(source));
  });
});

describe('cleanMarkdown keeps code byte for byte', () => {
  it('keeps a <script> inside a fenced code block', () => {
    const source = `Put this in the head:\n\n\`\`\`html\n${CONSENT_DEFAULT}\n\`\`\`\n\nThen publish.`;
    expect(cleanMarkdown(source)).toBe(source);
  });

  it('keeps <noscript><iframe> inside a tilde fence nested in a list item', () => {
    const source = `- After <body>:\n\n  ~~~html\n  ${GTM_NOSCRIPT}\n  ~~~\n`;
    expect(cleanMarkdown(source)).toBe(source.trim());
  });

  it('keeps <style> and <form> inside an indented code block', () => {
    const source = `Example:\n\n    ${STYLE}\n    ${FORM}\n\nDone.`;
    expect(cleanMarkdown(source)).toBe(source);
  });

  it('keeps <script>, <noscript><iframe>, <form> and <style> inside inline code', () => {
    const source = `Put \`<script async src="gtm.js"></script>\` first, \`${GTM_NOSCRIPT}\` after \`<body>\`, never a \`${FORM}\` or a \`\`${STYLE}\`\` here.`;
    expect(cleanMarkdown(source)).toBe(source);
  });

  it('still removes raw <script>, <form>, <style>, <iframe> and comments outside code', () => {
    const source = `Text <script>alert(1)</script>more <!-- note --><style>p{}</style><iframe src="x"></iframe>\n\n${FORM}\n\nEnd \`<script>kept</script>\`.`;
    expect(cleanMarkdown(source)).toBe('Text more \n\nEnd `<script>kept</script>`.');
  });

  it('never lets a raw tag in prose swallow the code block after it', () => {
    const source = `A stray <script> in prose.\n\n\`\`\`html\n${CONSENT_DEFAULT}\n\`\`\`\n\nAnd a stray </script> later.`;
    expect(cleanMarkdown(source)).toBe(`A stray  in prose.\n\n\`\`\`html\n${CONSENT_DEFAULT}\n\`\`\`\n\nAnd a stray  later.`);
  });
});

describe('section headings keep their inline code', () => {
  it('reads "## Where the `<script>` and `<noscript><iframe>` go" with both tags', () => {
    expect(sectionHeadings('# T\n\n## Where the `<script>` and `<noscript><iframe>` go\n\n### Plain <b>bold</b> heading')).toEqual([
      'Where the <script> and <noscript><iframe> go',
      'Plain bold heading',
    ]);
  });
});

describe('sections', () => {
  it('starts a section at each heading of levels 2-6 with text, outside fenced code', () => {
    const markdown = '# Tytuł\nWstęp\n## Cennik\nod 100 zł\n```\n## nie nagłówek\n```\n##\n## ![](x.png)\n    ## za głęboko\n   ### Kontakt\nmail';
    expect(sectionHeadings(markdown)).toEqual(['Cennik', 'Kontakt']);
    expect(sectionTexts(markdown)).toEqual(['# Tytuł\nWstęp', '## Cennik\nod 100 zł\n```\n## nie nagłówek\n```\n##\n## ![](x.png)\n    ## za głęboko', '   ### Kontakt\nmail']);
  });

  it('gives an empty first section when the Markdown opens with a section heading', () => {
    expect(sectionTexts('## Od razu\ntreść\n')).toEqual(['', '## Od razu\ntreść\n']);
  });

  // Random documents of headings, fences and prose: the sections are the text cut before each
  // heading, one more than the headings, and each opens with its heading.
  it('cuts any document into its headings\' sections, losing nothing', () => {
    let state = 5;
    const random = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const lines = ['# Tytuł', '## Sekcja', '### Pod *sekcja*', '##', '## ', '## ![](x.png)', '## `kod`', '## <span></span>', '   ## wcięty', '    ## za daleko', '```', '```js', '~~~', '````', '\t## tab', '## a ##', 'tekst', '', ' ', '#hash', '###### six', '####### seven', '## \u00a0', '## \\*', '## x\r'];
    for (let document = 0; document < 3000; document++) {
      const markdown = Array.from({ length: Math.floor(random() * 12) }, () => lines[Math.floor(random() * lines.length)]).join('\n');
      const headings = sectionHeadings(markdown);
      const texts = sectionTexts(markdown);
      const bounds = sectionBounds(markdown);
      expect(texts).toHaveLength(headings.length + 1);
      // A heading on the first line leaves an empty first section, which no newline follows.
      const openedByHeading = texts.length > 1 && bounds[2] === 0;
      expect((openedByHeading ? texts.slice(1) : texts).join('\n')).toBe(markdown);
      texts.slice(1).forEach((text, index) => expect(sectionHeadings(text)[0]).toBe(headings[index]));
      expect(texts).toEqual(texts.map((_, index) => markdown.slice(bounds[2 * index], bounds[2 * index + 1])));
    }
  });
});

describe('page Markdown rendered as HTML', () => {
  it('shows <script>, <noscript><iframe>, <form> and <style> in <pre><code> exactly as written', () => {
    const snippet = `${CONSENT_DEFAULT}\n${GTM_NOSCRIPT}\n${FORM}\n${STYLE}`;
    const { html } = markdownToHtml(cleanMarkdown(`Example:\n\n\`\`\`html\n${snippet}\n\`\`\`\n\nInline: \`${FORM}\``));
    const root = parse(html, { blockTextElements: {} });
    expect(root.querySelector('pre code')!.textContent).toBe(`${snippet}\n`);
    expect(root.querySelector('p code')!.textContent).toBe(FORM);
  });
});
