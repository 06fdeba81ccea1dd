import { formatList } from '../../../messages/catalog.js';
import { joined, m, notVerified, Findings, type CheckSpec, type Text, t } from '../check.js';
import { listing, quote, listingPl } from '../evidence.js';
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
    if (observed === undefined) return notVerified(t('Wymaga prawdziwej przeglądarki, która uruchamia JavaScript strony (porównanie HTML wysłanego przez serwer ze stroną po wykonaniu skryptów); ten serwer skanuje bez niej.', "Needs a real browser that runs the page's JavaScript (comparing the HTML as served with the page after its scripts ran); this server scans without one."));
    if (observed.pages.length === 0) return notVerified(t(`Nie udało się wczytać stron w przeglądarce: ${observed.incomplete ?? 'nie wczytano żadnej strony'}.`, `The pages could not be loaded in the browser: ${observed.incomplete ?? 'no page loaded'}.`));
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
          found: t('Większość tekstu pojawia się dopiero po uruchomieniu JavaScriptu strony. Roboty AI czytają HTML bez uruchamiania skryptów, więc tej treści nie widzą.', 'Most of the text appears only after the page\'s JavaScript runs. AI crawlers read the HTML without running it, so they miss it.'),
          checked: joined([m('V9b.words', { before, after }), m('evidence.renderedText')]),
          evidence: [quote(rendered.renderedText, 160)],
          fix: t('Renderuj treść po stronie serwera (SSR lub generowanie statyczne), tak aby sam HTML zawierał tekst.', 'Render the content on the server (server-side rendering or static generation) so the HTML itself contains the text.'),
        });
      }
    }
    return findings.orPassed(m('V9b.passed', { pages: { pl: formatList('pl', seen.map((text) => text.pl)), en: formatList('en', seen.map((text) => text.en)) } }));
  },
};
