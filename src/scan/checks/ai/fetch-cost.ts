import { Findings, m, type CheckSpec } from '../check.js';

const seconds = (ms: number) => Math.round(ms / 100) / 10;
const megabytes = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
import { headerEvidence, quote } from '../evidence.js';

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
        found: m('check.V15.slow', { seconds: seconds(response.ttfbMs) }),
        checked: m('V15.ttfb', { ms: Math.round(response.ttfbMs), threshold: snapshot.slowResponseMs }),
        evidence: [],
        fix: m('check.V15.fix'),
        url,
      });
    }
    if (response.truncated || response.bodyBytes > HEAVY_HTML_BYTES) {
      findings.add({
        severity: 'medium',
        found: m('check.V15.heavy', { megabytes: megabytes(response.bodyBytes), cut: response.truncated ? 'yes' : 'no' }),
        checked: m('V15.bytesRead', { bytes: response.bodyBytes, cut: response.truncated ? 'yes' : 'no' }),
        evidence: [],
        fix: m('check.V15.fix2'),
        url,
      });
    }
    if (response.bodyBytes > COMPRESS_ABOVE_BYTES && response.headers['content-encoding'] === undefined) {
      findings.add({
        severity: 'low',
        found: m('check.V15.uncompressed', { kb: Math.round(response.bodyBytes / 1024) }),
        evidence: [headerEvidence('Content-Encoding', undefined)],
        fix: m('check.V15.fix3'),
        url,
      });
    }
    const hops = response.redirects;
    if (hops.length >= 2) {
      findings.add({
        severity: 'low',
        found: m('check.V15.redirects', { redirects: hops.length }),
        evidence: hops.map((hop) => quote(`${hop.status} ${hop.url} -> ${hop.location}`)),
        fix: m('check.V15.fix4'),
        url,
      });
    }
    const downgrade = hops.find((hop) => hop.url.startsWith('https:') && hop.location.startsWith('http:'));
    if (downgrade !== undefined) {
      findings.add({
        severity: 'medium',
        found: m('check.V15.found'),
        evidence: [quote(`${downgrade.status} ${downgrade.url} -> ${downgrade.location}`)],
        fix: m('check.V15.fix5'),
        url,
      });
    }
    return findings.orPassed(m('check.V15.passed', { ms: Math.round(response.ttfbMs), kb: Math.round(response.bodyBytes / 1024), encoding: response.headers['content-encoding'] ?? 'none', redirects: hops.length }));
  },
};
