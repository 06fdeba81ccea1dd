import { each, joined, m, notVerified, Findings, type CheckSpec, type Text } from '../check.js';
import { quote } from '../evidence.js';
import { wordCount } from './page-checks.js';

/** Below this share of the rendered words in the HTML, the content depends on JavaScript. */
const RAW_SHARE = 0.5;
/** And at least this many words must be missing, so small widgets do not count. */
const MISSING_WORDS = 100;

/** V9b: what a browser shows against what the HTML carries (V9 reads the HTML alone). */
export const renderedMatchesHtml: CheckSpec = {
  id: 'V9b',
  title: 'Rendered page matches the raw HTML',
  weight: 4,
  run(snapshot) {
    const observed = snapshot.browser;
    if (observed === undefined) return notVerified(m('check.V9b.noBrowser'));
    if (observed.pages.length === 0) return notVerified(m('browser.notLoaded', { reason: observed.incomplete ?? m('browser.noPageLoaded') }));
    const findings = new Findings();
    const seen: Text[] = [];
    for (const rendered of observed.pages) {
      const raw = snapshot.pages.find((page) => page.url === rendered.url);
      if (raw === undefined) continue;
      const before = wordCount(raw.visibleText, 5_000);
      const after = wordCount(rendered.renderedText, 5_000);
      seen.push(m('V9b.passedPage', { before, after }));
      if (after - before >= MISSING_WORDS && before < after * RAW_SHARE) {
        findings.at(rendered.url).add({
          severity: 'high',
          found: m('check.V9b.found'),
          checked: joined([m('V9b.words', { before, after }), m('evidence.renderedText')]),
          evidence: [quote(rendered.renderedText, 160)],
          fix: m('check.V9b.fix'),
        });
      }
    }
    return findings.orPassed(m('V9b.passed', { pages: each(seen) }));
  },
};
