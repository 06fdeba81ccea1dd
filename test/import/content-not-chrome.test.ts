import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/import/read-page.js';

/** A page as a theme or a documentation generator writes it, around the given main content. */
function page(main: string, { head = '', bodyClass = 'single single-post' } = {}): string {
  return `<!DOCTYPE html><html lang="en"><head><title>Measuring conversions – Studio Nowak</title>${head}</head>
<body class="${bodyClass}"><main id="main"><article class="post">
<h1 class="entry-title">Measuring conversions</h1>
${main}
</article></main></body></html>`;
}

const ARTICLE = '<p>Every conversion that is measured wrong is budget spent wrong. We start each project by checking what the analytics count, twice.</p><p>The most common mistake is counting a purchase twice, once on the thank-you page and once in the shop.</p>';
/** The Markdown less its fenced code blocks and its title. */
const outsideCode = (markdown: string) => markdown.replace(/```[^]*?```/g, '').replace(/^# Measuring conversions$/m, '');
const markdownOf = (html: string, url = 'https://studio.example/blog/measuring/') => readPage(html, url).markdown;

describe('comments and post meta never reach the content', () => {
  it('leaves out comments of a classic theme: names, avatars, text, reply links and the form', () => {
    const markdown = markdownOf(
      page(`<div class="entry-content">${ARTICLE}</div>
<div id="comments" class="comments-area"><h2 class="comments-title">2 komentarze</h2><ol class="comment-list">
<li id="comment-2" class="comment"><article class="comment-body"><footer class="comment-meta"><img alt="" src="https://secure.gravatar.com/avatar/abc?s=60" class="avatar"><b class="fn">Jan Kowalski</b></footer>
<div class="comment-content"><p>Świetny artykuł, dzięki za wskazówki o konwersjach w sklepie.</p></div><div class="reply"><a class="comment-reply-link" href="#">Odpowiedz</a></div></article></li></ol>
<div id="respond" class="comment-respond"><h3 id="reply-title">Dodaj komentarz <small><a id="cancel-comment-reply-link" href="#">Anuluj pisanie odpowiedzi</a></small></h3></div></div>`),
    );
    expect(markdown).toContain('counting a purchase twice');
    for (const visitor of ['Jan Kowalski', 'gravatar', 'Świetny artykuł', 'Odpowiedz', 'Dodaj komentarz', 'Anuluj pisanie odpowiedzi', 'komentarze']) expect(markdown).not.toContain(visitor);
  });

  it('leaves out the comments of a block theme', () => {
    const markdown = markdownOf(
      page(`<div class="entry-content wp-block-post-content">${ARTICLE}</div><div class="wp-block-comments"><h2>Responses</h2><ol class="wp-block-comment-template"><li><div class="wp-block-comment-author-name">Anna</div><div class="wp-block-comment-content"><p>Great read, thanks a lot for this!</p></div></li></ol></div>`),
    );
    expect(markdown).not.toContain('Anna');
    expect(markdown).not.toContain('Great read');
  });

  it.each([
    ['Polish', '<div class="entry-meta"><span class="posted-on">Opublikowano <time datetime="2025-03-03T10:00:00+00:00">3 marca 2025</time></span> <span class="byline">przez <a href="/author/admin/">admin</a></span></div>'],
    ['English', '<p>Posted on <time datetime="2025-03-03">March 3, 2025</time> by <a href="/author/admin/">admin</a></p>'],
  ])('leaves out the %s post meta line and the author login', (_lang, metaLine) => {
    const markdown = markdownOf(page(`${metaLine}<div class="entry-content">${ARTICLE}</div>`));
    expect(markdown).not.toMatch(/Opublikowano|Posted on|admin/);
    expect(markdown).toContain('Every conversion');
  });
});

describe('unrendered shortcodes', () => {
  it('removes WordPress shortcodes and keeps the words between them', () => {
    const markdown = markdownOf(page(`<div class="entry-content"><p>[vc_row][vc_column]Zadzwoń do nas, przygotujemy wycenę w dwa dni.[/vc_column][/vc_row]</p><p>[contact-form-7 id="5" title="Kontakt"]</p><p>[button link=&#8221;/kontakt/&#8221; style=&#8221;primary&#8221;]Napisz[/button]</p>${ARTICLE}</div>`));
    expect(markdown).toContain('Zadzwoń do nas, przygotujemy wycenę w dwa dni.');
    expect(markdown).not.toMatch(/\[(\/)?(vc_|contact-form|button)/);
  });

  it('keeps bracketed words of prose and everything inside code', () => {
    const markdown = markdownOf(page(`<div class="entry-content">${ARTICLE}<p>Run it with the [optional] flag.</p><pre><code>[gallery ids="1,2"]</code></pre></div>`));
    expect(markdown).toContain('\\[optional\\]');
    expect(markdown).toContain('[gallery ids="1,2"]');
  });
});

describe('preformatted blocks', () => {
  it.each([
    ['DocBook', '<pre class="screen"><code class="computeroutput"># apt install nginx</code>\n# systemctl restart nginx\n<strong class="userinput">$ ls /etc/nginx</strong></pre>'],
    ['Sphinx and Pygments', '<div class="highlight-console notranslate"><div class="highlight"><pre><span></span><span class="gp"># </span>apt install nginx\n<span class="c1"># systemctl restart nginx</span>\n$ ls /etc/nginx</pre></div></div>'],
  ])('fences a %s block whatever wraps it, so that its # lines never become headings', (_generator, block) => {
    const markdown = markdownOf(page(`<div class="entry-content">${ARTICLE}${block}</div>`));
    expect(markdown).toMatch(/```[a-z]*\n# apt install nginx\n# systemctl restart nginx\n\$ ls \/etc\/nginx\n```/);
    expect(outsideCode(markdown)).not.toMatch(/^#/m);
  });

  it('keeps the language a highlighter names', () => {
    expect(markdownOf(page(`<div class="entry-content">${ARTICLE}<div class="highlight-python notranslate"><div class="highlight"><pre>x = 1</pre></div></div></div>`))).toContain('```python\nx = 1\n```');
  });
});

describe('navigation chrome of documentation generators', () => {
  it('leaves out DocBook Previous/Up/Home/Next and a download banner', () => {
    const html = `<!DOCTYPE html><html><head><title>3.1. Coexistence</title></head><body>
<div class="banner" id="ebook-banner"><a href="https://debian-handbook.info/get/">Download the ebook</a></div>
<div class="navheader"><table><tr><td><a accesskey="p" href="sect.coexistence.html">Prev</a></td><th>Chapter 3. Analyzing</th><td><a accesskey="n" href="sect.next.html">Next</a></td></tr></table></div>
<div class="section"><h2 class="title">3.1. Coexistence in Heterogeneous Environments</h2>${ARTICLE}<p>See <a href="sect.migration.html">the next section</a>.</p></div>
<div class="navfooter"><table><tr><td><a href="sect.prev.html">Prev</a></td><td><a href="index.html">Up</a></td><td><a href="index.html">Home</a></td><td><a href="sect.next.html">Next</a></td></tr></table></div>
</body></html>`;
    const markdown = markdownOf(html, 'https://handbook.example/en-US/stable/sect.coexistence.html');
    for (const chrome of ['Download the ebook', 'Prev', 'Next', 'Home', 'Chapter 3. Analyzing']) expect(markdown).not.toContain(chrome);
    expect(markdown).toContain('[the next section](https://handbook.example/en-US/stable/sect.migration.html)');
  });

  it('leaves out a navigation line made only of Previous/Next links, whatever its classes', () => {
    const markdown = markdownOf(page(`<div class="entry-content">${ARTICLE}<p><a href="/a/">« Previous</a> | <a href="/">Up</a> | <a href="/b/">Next »</a></p></div>`));
    expect(markdown).not.toMatch(/Previous|Next/);
  });

  it("leaves out Sphinx's permalink markers and MkDocs' edit button", () => {
    const markdown = markdownOf(page(`<a class="md-content__button" href="/edit/">Edit this page</a><h2>Install<a class="headerlink" href="#install" title="Permalink">¶</a></h2>${ARTICLE}`));
    expect(markdown).toContain('## Install');
    expect(markdown).not.toContain('¶');
    expect(markdown).not.toContain('Edit this page');
  });
});

describe('links', () => {
  it('makes every link and image absolute, against <base href> when the page has one', () => {
    const markdown = markdownOf(
      page(`<div class="entry-content">${ARTICLE}<p><a href="index.html">Contents</a>, <a href="../pl/">po polsku</a>, <a href="#section">below</a>, <img src="img/chart.png" alt="chart"></p></div>`, { head: '<base href="https://docs.example/en/">' }),
      'https://docs.example/en/guide.html',
    );
    expect(markdown).toContain('[Contents](https://docs.example/en/index.html)');
    expect(markdown).toContain('[po polsku](https://docs.example/pl/)');
    expect(markdown).toContain('[below](https://docs.example/en/#section)');
    expect(markdown).toContain('![chart](https://docs.example/en/img/chart.png)');
    expect(markdown).not.toMatch(/\]\((?!https?:|mailto:|tel:)/);
  });
});
