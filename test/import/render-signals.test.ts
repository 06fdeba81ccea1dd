import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { decideRendering, sampleSaysRender, shellSignals } from '../../src/import/render-signals.js';

/** What the HTML as served says about needing a browser, and the decision taken on it (docs/import.md). */
const signals = (body: string, head = '') => shellSignals(parseHTML(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`).document as never);
const words = (count: number) => Array.from({ length: count }, (_, index) => `słowo${index}`).join(' ');

describe('whether a page needs a browser', () => {
  it('renders a page whose application root is empty', () => {
    const decision = decideRendering(signals('<div id="app"></div><script type="module" src="/assets/app.js"></script>'), 'auto');
    expect(decision).toMatchObject({ value: 'yes', because: 'an empty application root (<div id="app">): scripts write the page' });
  });

  it('renders a page whose <noscript> asks for JavaScript, and quotes it', () => {
    const decision = decideRendering(signals(`<header>${words(60)}</header><noscript>Włącz obsługę JavaScript.</noscript><script src="/a.js"></script>`), 'auto');
    expect(decision.value).toBe('yes');
    expect(decision.evidence).toContainEqual({ source: '<noscript>', value: 'Włącz obsługę JavaScript.' });
  });

  it('renders a page with little text that runs scripts', () => {
    expect(decideRendering(signals(`<p>${words(10)}</p><script src="/a.js"></script>`), 'auto').because).toBe('little text in the HTML (10 words) and scripts that may write the rest');
  });

  it('reads a page without scripts from its HTML, however short', () => {
    expect(decideRendering(signals('<div id="root"></div>'), 'auto')).toMatchObject({ value: 'no', because: 'the page runs no script: its HTML is the page' });
  });

  it('counts neither script text nor JSON-LD as words or scripts', () => {
    expect(signals(`<script type="application/ld+json">{"name": "${words(80)}"}</script><p>${words(5)}</p>`)).toMatchObject({ words: 5, scripts: 0 });
  });

  it('reads a page whose main content holds text from its HTML, whatever its scripts', () => {
    expect(decideRendering(signals(`<main>${words(60)}</main><script src="/a.js"></script>`), 'auto').value).toBe('no');
  });

  it('leaves a page with chrome but an empty main content to a rendered sample', () => {
    const decision = decideRendering(signals(`<header>${words(80)}</header><main><div class="content"></div></main><script src="/a.js"></script>`), 'auto');
    expect(decision).toMatchObject({ value: 'sample', because: 'only 0 words in its main content, and scripts: a rendered sample decides' });
  });

  it('follows --render always and never whatever the page says', () => {
    const shell = signals('<div id="root"></div><script src="/a.js"></script>');
    expect(decideRendering(shell, 'never').value).toBe('no');
    expect(decideRendering(signals(`<main>${words(300)}</main>`), 'always').value).toBe('yes');
  });

  it('takes a sample as proof only when the browser drew far more words than the HTML held', () => {
    expect(sampleSaysRender(80, 300)).toBe(true);
    expect(sampleSaysRender(80, 150)).toBe(false);
  });
});

/** The same decisions, worded for a Polish terminal: the reasons and the evidence's sources, with Polish plural forms. */
describe('whether a page needs a browser, in Polish', () => {
  it('says why a page is rendered', () => {
    expect(decideRendering(signals('<div id="app"></div><script type="module" src="/assets/app.js"></script>'), 'auto', 'pl')).toMatchObject({
      value: 'yes',
      because: 'pusty element główny aplikacji (<div id="app">): stronę piszą skrypty',
      evidence: expect.arrayContaining([{ source: 'element główny aplikacji', value: '<div id="app">, pusty' }, { source: 'skrypty', value: '1' }]),
    });
  });

  it.each([
    [1, 'mało tekstu w HTML (1 słowo) i skrypty, które mogą dopisać resztę'],
    [2, 'mało tekstu w HTML (2 słowa) i skrypty, które mogą dopisać resztę'],
    [5, 'mało tekstu w HTML (5 słów) i skrypty, które mogą dopisać resztę'],
    [22, 'mało tekstu w HTML (22 słowa) i skrypty, które mogą dopisać resztę'],
    [25, 'mało tekstu w HTML (25 słów) i skrypty, które mogą dopisać resztę'],
  ])('counts %i words with the form Polish needs', (count, because) => {
    expect(decideRendering(signals(`<p>${words(count)}</p><script src="/a.js"></script>`), 'auto', 'pl').because).toBe(because);
  });

  it('says why a page is read from its HTML, and when a sample decides', () => {
    expect(decideRendering(signals('<div id="root"></div>'), 'auto', 'pl').because).toBe('strona nie uruchamia skryptów: jej HTML to cała strona');
    expect(decideRendering(signals(`<header>${words(80)}</header><main><div class="content"></div></main><script src="/a.js"></script>`), 'auto', 'pl').because).toBe(
      'w głównej treści tylko 0 słów, do tego skrypty: rozstrzygnie wyrenderowana próbka',
    );
    expect(decideRendering(signals('<div id="root"></div><script src="/a.js"></script>'), 'never', 'pl').because).toBe('renderowanie jest wyłączone (--render never)');
  });
});
