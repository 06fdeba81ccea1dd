import { say, type CheckResult, type CheckSpec, type Severity, type Text } from './checks/check.js';
import { quote } from './checks/evidence.js';
import type { ReportLanguage } from './report-language.js';
import { checkTitle, REPORT_WORDS } from './report-text.js';
import { MIN_VERIFIED_SHARE, score, type Grade } from './score.js';
import type { ScanKind } from './snapshot.js';

export interface Problem {
  readonly check: string;
  readonly title: string;
  readonly severity: Severity;
  readonly found: string;
  /** What the scan checked to find this, in our words and the result's language (not a quote). */
  readonly checked?: string;
  /** Quoted from the scanned site. */
  readonly evidence: string[];
  readonly fix: string;
  readonly url?: string;
  /** Every page with this problem, when it is on more than one. */
  readonly pages?: string[];
}

export interface NotVerified {
  readonly check: string;
  readonly title: string;
  readonly reason: string;
}

export interface Passed {
  readonly check: string;
  readonly title: string;
  readonly found: string;
}

export interface ReportEmail {
  /** The address, partly masked (the result can be read by anyone holding the scan id). */
  readonly to: string;
  readonly status: 'queued' | 'not_sent';
  readonly note: string;
}

/** A finished scan, as get_scan_result and the scan tools return it and the report e-mail tells it. */
export interface ScanResult {
  readonly kind: ScanKind;
  readonly url: string;
  readonly final_url: string;
  /** The language of the texts we wrote (summary, titles) and of the e-mailed report. */
  readonly lang: ReportLanguage;
  /** graded: score and grade are set. could_not_verify: the site could not be read as a crawler would. */
  readonly outcome: 'graded' | 'could_not_verify';
  readonly score: number | null;
  readonly grade: Grade | null;
  readonly summary: string;
  readonly problems: Problem[];
  readonly not_verified: NotVerified[];
  /** Checks with nothing to check on this site (no analytics, so no consent banner to judge): neither passed nor counted. */
  readonly not_applicable: NotVerified[];
  readonly passed: Passed[];
  readonly requests: number;
  readonly duration_ms: number;
  readonly finished_at: string;
  readonly report_email?: ReportEmail;
}

const SEVERITY_ORDER: readonly Severity[] = ['critical', 'high', 'medium', 'low', 'info'];

export interface ScanFacts {
  readonly kind: ScanKind;
  readonly url: string;
  readonly finalUrl: string;
  readonly requests: number;
  readonly durationMs: number;
  readonly finishedAt: number;
}

/** Turns check results into the result: problems by severity, not-verified and passed lists, score. */
export function buildResult(facts: ScanFacts, results: readonly { spec: CheckSpec; result: CheckResult }[], lang: ReportLanguage = 'en'): ScanResult {
  const words = REPORT_WORDS[lang];
  const titled = (spec: CheckSpec) => ({ check: spec.id, title: checkTitle(lang, spec.id, spec.title) });
  const problems: Problem[] = [];
  const notVerified: NotVerified[] = [];
  const notApplicable: NotVerified[] = [];
  const passed: Passed[] = [];
  for (const { spec, result } of results) {
    if (result.status === 'passed') passed.push({ ...titled(spec), found: say(result.found, lang) });
    else if (result.status === 'not_verified') notVerified.push({ ...titled(spec), reason: say(result.reason, lang) });
    else if (result.status === 'not_applicable') notApplicable.push({ ...titled(spec), reason: say(result.reason, lang) });
    else {
      for (const finding of result.findings) {
        problems.push({
          ...titled(spec),
          severity: finding.severity,
          found: say(finding.found, lang),
          ...(finding.checked === undefined ? {} : { checked: say(finding.checked, lang) }),
          evidence: finding.evidence.map((line) => quote(line)),
          fix: say(finding.fix, lang),
          ...(finding.url === undefined ? {} : { url: finding.url }),
          ...(finding.pages === undefined ? {} : { pages: [...finding.pages] }),
        });
      }
    }
  }
  problems.sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity));
  const scored = score(results);
  const base = {
    kind: facts.kind,
    url: facts.url,
    final_url: facts.finalUrl,
    lang,
    problems,
    not_verified: notVerified,
    not_applicable: notApplicable,
    passed,
    requests: facts.requests,
    duration_ms: Math.round(facts.durationMs),
    finished_at: new Date(facts.finishedAt).toISOString(),
  };
  if (scored.verifiedShare < MIN_VERIFIED_SHARE) {
    const { kind, url, final_url, ...details } = base;
    return { kind, url, final_url, outcome: 'could_not_verify', score: null, grade: null, summary: words.tooFewChecks(Math.round(scored.verifiedShare * 100)), ...details };
  }
  const { kind, url, final_url, ...details } = base;
  return { kind, url, final_url, outcome: 'graded', score: scored.score, grade: scored.grade, summary: summarise(scored, problems, notVerified, lang), ...details };
}

/** The result of a scan whose home page could not be read (blocked, unreachable, not HTML). */
export function unverifiableResult(facts: ScanFacts, why: Text, evidence: readonly string[], checks: readonly CheckSpec[], lang: ReportLanguage = 'en'): ScanResult {
  const reason = say(why, lang);
  return {
    kind: facts.kind,
    url: facts.url,
    final_url: facts.finalUrl,
    lang,
    outcome: 'could_not_verify',
    score: null,
    grade: null,
    summary: reason,
    problems: [],
    not_applicable: [],
    not_verified: checks.map((spec) => ({ check: spec.id, title: checkTitle(lang, spec.id, spec.title), reason: evidence.length === 0 ? reason : `${reason} ${REPORT_WORDS[lang].evidenceInline(evidence.map((line) => quote(line)).join('; '))}` })),
    passed: [],
    requests: facts.requests,
    duration_ms: Math.round(facts.durationMs),
    finished_at: new Date(facts.finishedAt).toISOString(),
  };
}

function summarise(scored: ReturnType<typeof score>, problems: readonly Problem[], notVerified: readonly NotVerified[], lang: ReportLanguage): string {
  const words = REPORT_WORDS[lang];
  const counts = SEVERITY_ORDER.filter((severity) => severity !== 'info')
    .map((severity) => [severity, problems.filter((problem) => problem.severity === severity).length] as const)
    .filter(([, count]) => count > 0);
  const info = problems.filter((problem) => problem.severity === 'info').length;
  const line = words.summary({ grade: scored.grade, score: scored.score, counts, info, notVerified: notVerified.length });
  const cap = scored.cappedByCritical ? words.criticalCap : scored.missingBasics.length > 0 ? words.basicsCap(scored.missingBasics, scored.grade, scored.uncapped) : '';
  return cap === '' ? line : `${line} ${cap}`;
}
