import { formatNumber } from '../../../messages/catalog.js';
import { Findings, m, type CheckSpec, t } from '../check.js';

const seconds = (ms: number) => Math.round(ms / 100) / 10;
const megabytes = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
import { headerEvidence, plural, quote, pluralPl } from '../evidence.js';

const HEAVY_HTML_BYTES = 1024 * 1024;
const COMPRESS_ABOVE_BYTES = 20 * 1024;

export const fetchCost: CheckSpec = {
  id: 'V15',
  title: 'Cheap to fetch: fast first byte, compression, few redirects, light HTML',
  weight: 4,
  run(snapshot) {
    const response = snapshot.home.response;
    const url = snapshot.home.url;
    const findings = new Findings();
    if (response.ttfbMs > snapshot.slowResponseMs) {
      findings.add({
        severity: 'medium',
        found: t(`Strona główna zaczęła odpowiadać po ${formatNumber('pl', seconds(response.ttfbMs))} s. Roboty i asystenci pobierający strony na bieżąco porzucają wolne strony albo pobierają ich mniej.`, `The home page took ${formatNumber('en', seconds(response.ttfbMs))} s to start answering. Crawlers and assistants fetching live give up on slow pages or fetch fewer of them.`),
        checked: m('V15.ttfb', { ms: Math.round(response.ttfbMs), threshold: snapshot.slowResponseMs }),
        evidence: [],
        fix: t('Włącz cache HTML (CDN lub cache całych stron), aby pierwszy bajt przychodził w ciągu kilkuset milisekund.', 'Cache the HTML (a CDN or full-page cache) so the first byte comes within a few hundred milliseconds.'),
        url,
      });
    }
    if (response.truncated || response.bodyBytes > HEAVY_HTML_BYTES) {
      findings.add({
        severity: 'medium',
        found: t(`Kod HTML strony głównej ma ${response.truncated ? 'ponad ' : ''}${formatNumber('pl', megabytes(response.bodyBytes))} MB${response.truncated ? ' (w tym miejscu przestaliśmy czytać)' : ''}. Roboty obcinają strony (często na 1-2 MB), więc dalsza treść nie zostanie przeczytana.`, `The home page HTML is ${response.truncated ? 'over' : ''} ${formatNumber('en', megabytes(response.bodyBytes))} MB${response.truncated ? ' (we stopped reading there)' : ''}. Crawlers cut pages off (often at 1-2 MB), so what comes later is not read.`),
        checked: m('V15.bytesRead', { bytes: response.bodyBytes, cut: response.truncated ? 'yes' : 'no' }),
        evidence: [],
        fix: t('Przenieś dane osadzone w kodzie, sprite’y SVG i skrypty poza HTML; utrzymaj stronę wyraźnie poniżej 1 MB.', 'Move inline data, SVG sprites and scripts out of the HTML; keep the page well under 1 MB.'),
        url,
      });
    }
    if (response.bodyBytes > COMPRESS_ABOVE_BYTES && response.headers['content-encoding'] === undefined) {
      findings.add({
        severity: 'low',
        found: t(`Strona główna (${Math.round(response.bodyBytes / 1024)} KB) jest wysyłana bez kompresji.`, `The ${Math.round(response.bodyBytes / 1024)} KB home page is sent uncompressed.`),
        evidence: [headerEvidence('Content-Encoding', undefined)],
        fix: t('Włącz kompresję gzip lub Brotli dla HTML na serwerze lub w CDN.', 'Enable gzip or Brotli compression for HTML on the server or CDN.'),
        url,
      });
    }
    const hops = response.redirects;
    if (hops.length >= 2) {
      findings.add({
        severity: 'low',
        found: t(`Zanim adres doprowadzi do strony, przechodzi przez ${pluralPl(hops.length, 'przekierowanie', 'przekierowania', 'przekierowań')}; każde kosztuje roboty dodatkowe żądanie.`, `The address goes through ${plural(hops.length, 'redirect')} before the page; each costs crawlers a request.`),
        evidence: hops.map((hop) => quote(`${hop.status} ${hop.url} -> ${hop.location}`)),
        fix: t('Przekierowuj od razu na adres docelowy jednym krokiem (i linkuj bezpośrednio do niego).', 'Redirect straight to the final address in one hop (and link to it directly).'),
        url,
      });
    }
    const downgrade = hops.find((hop) => hop.url.startsWith('https:') && hop.location.startsWith('http:'));
    if (downgrade !== undefined) {
      findings.add({
        severity: 'medium',
        found: t('Przekierowanie prowadzi z https z powrotem na niezabezpieczone http.', 'A redirect goes from https back to plain http.'),
        evidence: [quote(`${downgrade.status} ${downgrade.url} -> ${downgrade.location}`)],
        fix: t('Udostępniaj witrynę wyłącznie przez https i przekierowuj http na https, nigdy odwrotnie.', 'Serve the site over https only and redirect http to https, never the reverse.'),
        url,
      });
    }
    return findings.orPassed(t(`Strona główna: pierwszy bajt po ${Math.round(response.ttfbMs)} ms, ${Math.round(response.bodyBytes / 1024)} KB${response.headers['content-encoding'] === undefined ? '' : ` (${response.headers['content-encoding']})`}, ${pluralPl(hops.length, 'przekierowanie', 'przekierowania', 'przekierowań')}.`, `Home page: first byte in ${Math.round(response.ttfbMs)} ms, ${Math.round(response.bodyBytes / 1024)} KB${response.headers['content-encoding'] === undefined ? '' : ` (${response.headers['content-encoding']})`}, ${plural(hops.length, 'redirect')}.`),
    );
  },
};
