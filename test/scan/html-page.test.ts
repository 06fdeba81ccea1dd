import { describe, expect, it } from 'vitest';
import { AI_VISIBILITY_CHECKS } from '../../src/scan/checks/ai/index.js';
import { ANALYTICS_CHECKS } from '../../src/scan/checks/analytics/index.js';
import { doc, htmlPage, snapshot } from './snapshot-builder.js';

describe('reading a page', () => {
  it('keeps scripts, iframes and noscript fallbacks in document order, with where they are', () => {
    const page = htmlPage(doc('<script src="/a.js"></script>', '<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-K7PQ2ZX"></iframe></noscript><main><h1>A</h1><script>var b</script></main>'));
    expect(page.scripts.map((script) => [script.src ?? script.code, script.inHead, script.order])).toEqual([
      ['https://www.acme-heating.example/a.js', true, 1],
      ['var b', false, 3],
    ]);
    expect(page.iframes).toMatchObject([{ inNoscript: true, order: 2 }]);
  });

  it('separates visible text from text hidden from readers', () => {
    const page = htmlPage(doc('', '<main><h1>Visible</h1><p hidden>one</p><div style="display: none">two</div><span aria-hidden="true">three</span><script>nope()</script></main>'));
    expect(page.visibleText).toBe('Visible');
    expect(page.hiddenTexts).toEqual(['one', 'two', 'three']);
  });

  it('survives a page nested 50,000 levels deep and runs every check on it', () => {
    const deep = `${'<div>'.repeat(50_000)}<h1>Deep</h1><a href="/x">x</a>${'</div>'.repeat(50_000)}`;
    const page = htmlPage(doc('<title>Deep</title>', deep));
    expect(page.headings).toEqual([{ level: 1, text: 'Deep' }]);
    for (const check of [...AI_VISIBILITY_CHECKS, ...ANALYTICS_CHECKS]) expect(() => check.run(snapshot(page)), check.id).not.toThrow();
  });

  it('reads broken markup without failing', () => {
    const page = htmlPage('<html><head><meta name=description content="x"><body><p>text <b>bold <i>both</b> after</p><table><tr><td>cell</table><script>if (a < b) {</script');
    expect(page.visibleText).toContain('text bold both');
    for (const check of [...AI_VISIBILITY_CHECKS, ...ANALYTICS_CHECKS]) expect(() => check.run(snapshot(page)), check.id).not.toThrow();
  });
});
