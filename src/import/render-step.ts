import { skippedWhateverItRenders } from './page-decision.js';
import type { PageReader } from './page-reader.js';
import { message, type MessageLanguage } from '../messages/catalog.js';
import type { Fetcher } from '../net/fetcher.js';
import { scriptChanged, type PageRenderer, type ScriptRecord } from './page-renderer.js';
import type { PageFacts } from './read-page.js';
import { decideRendering, sampleSaysRender, type RenderDecision } from './render-signals.js';

/** What became of one page: read from its HTML, rendered and read, or not read (no browser, or the browser failed). */
export type RenderOutcome =
  | { readonly kind: 'html'; readonly decision: RenderDecision }
  | { readonly kind: 'rendered'; readonly decision: RenderDecision; readonly facts: PageFacts; readonly scripts: readonly ScriptRecord[] }
  | { readonly kind: 'needs-browser'; readonly decision: RenderDecision; readonly missing: string }
  | { readonly kind: 'failed'; readonly decision: RenderDecision; readonly reason: string };

interface Sample {
  readonly url: string;
  readonly render: boolean;
  readonly because: string;
  readonly rendered?: Extract<RenderOutcome, { kind: 'rendered' }>;
}

/**
 * The importer's rendering step, after a page's HTML was read: decides with evidence whether the
 * page needs a browser (render-signals.ts), renders it, and reads the rendered DOM with the same
 * reader as fetched HTML, so that the output does not depend on how a page was read. Pages whose
 * HTML is unclear wait for one rendered sample of the site: far more words rendered than in its
 * HTML, and every such page is rendered; otherwise none is.
 */
export class RenderStep {
  #sample: Promise<Sample> | undefined;
  /** Each script checked once per run, however many pages ran it. */
  readonly #checked = new Map<string, Promise<boolean>>();

  constructor(
    private readonly renderer: PageRenderer,
    private readonly reader: PageReader,
    private readonly fetcher: Fetcher,
    /** The language of the reasons (the run's). */
    private readonly lang: MessageLanguage,
    private readonly includeArchives = false,
  ) {}

  /** Whether any script a page ran when it was last rendered has changed (a sync renders it again then). */
  async scriptsChanged(scripts: readonly ScriptRecord[], wait: () => Promise<void>): Promise<boolean> {
    const checks = scripts.map((script) => {
      let check = this.#checked.get(script.url);
      if (check === undefined) {
        check = wait().then(() => scriptChanged(this.fetcher, script));
        this.#checked.set(script.url, check);
      }
      return check;
    });
    return (await Promise.all(checks)).some(Boolean);
  }

  async apply(url: string, facts: PageFacts): Promise<RenderOutcome> {
    let decision = decideRendering(facts.shell, this.renderer.mode, this.lang);
    if (decision.value === 'no') return { kind: 'html', decision };
    const skipped = skippedWhateverItRenders(url, facts, this.includeArchives, this.lang);
    if (skipped !== undefined) return { kind: 'html', decision: { ...decision, value: 'no', because: message(this.lang, 'import.render.skipped', { skipped }) } };
    const missing = this.renderer.missing;
    if (decision.value === 'sample') {
      if (missing !== undefined) return { kind: 'html', decision: { ...decision, value: 'no', because: message(this.lang, 'import.render.noBrowserForSample', { because: decision.because, missing }) } };
      let first = false;
      this.#sample ??= ((first = true), this.#takeSample(url, facts, decision));
      const sample = await this.#sample;
      decision = { value: sample.render ? 'yes' : 'no', because: sample.because, evidence: [...decision.evidence, { source: message(this.lang, 'import.render.evidence', { source: 'sample' }), value: sample.url }] };
      if (!sample.render) return { kind: 'html', decision };
      if (first && sample.rendered !== undefined) return { ...sample.rendered, decision };
    }
    if (missing !== undefined) return { kind: 'needs-browser', decision, missing };
    return this.#renderAndRead(url, facts, decision);
  }

  async #takeSample(url: string, facts: PageFacts, decision: RenderDecision): Promise<Sample> {
    const outcome = await this.#renderAndRead(url, facts, decision);
    if (outcome.kind !== 'rendered') return { url, render: false, because: message(this.lang, 'import.render.sampleFailed', { url, why: outcome.kind === 'failed' ? outcome.reason : message(this.lang, 'import.render.noBrowser') }) };
    const before = facts.shell?.words ?? 0;
    const after = outcome.facts.rendered?.renderedWords ?? 0;
    return sampleSaysRender(before, after)
      ? { url, render: true, because: message(this.lang, 'import.render.sampleMore', { before, after }), rendered: outcome }
      : { url, render: false, because: message(this.lang, 'import.render.sampleSame', { before, after }) };
  }

  async #renderAndRead(url: string, facts: PageFacts, decision: RenderDecision): Promise<RenderOutcome> {
    const rendered = await this.renderer.render(url);
    if ('failure' in rendered) return { kind: 'failed', decision, reason: rendered.failure };
    let read: PageFacts;
    try {
      read = await this.reader.read(new TextEncoder().encode(rendered.html), 'text/html; charset=utf-8', url);
    } catch {
      return { kind: 'failed', decision, reason: message(this.lang, 'import.render.unreadable') };
    }
    const evidence = rendered.refusedHosts.length === 0 ? decision.evidence : [...decision.evidence, { source: message(this.lang, 'import.render.evidence', { source: 'refused' }), value: rendered.refusedHosts.join(', ') }];
    const note = { htmlWords: facts.shell?.words ?? 0, renderedWords: read.shell?.words ?? 0 };
    // The HTML's own signals stay: they are why the page was rendered, and what a sync compares.
    const merged: PageFacts = { ...read, ...(facts.shell === undefined ? {} : { shell: facts.shell }), rendered: note };
    return { kind: 'rendered', decision: { ...decision, evidence }, facts: merged, scripts: rendered.scripts };
  }
}
