import type { CheckResult, CheckSpec, Severity } from './checks/check.js';

export type Grade = 'A' | 'B' | 'C' | 'D' | 'F';

/** Share of a check's weight kept when its worst finding has this severity. */
export const SEVERITY_CREDIT: Readonly<Record<Severity, number>> = { critical: 0, high: 0.3, medium: 0.6, low: 0.85, info: 1 };

/** Lowest score for each grade (peers.md §4, as geo-audit grades). */
export const GRADE_THRESHOLDS: readonly (readonly [Grade, number])[] = [
  ['A', 90],
  ['B', 75],
  ['C', 60],
  ['D', 40],
  ['F', 0],
];

/** A critical problem caps the score here (so the grade is at most D). */
export const CRITICAL_SCORE_CAP = 59;

/**
 * Missing basics cap the score (docs/scans.md "Scores and grades"): each is a binary audit in
 * Lighthouse's SEO category (title, meta description, crawlable, hreflang, ...) or what Google's
 * structured-data guidance asks of every organisation site. One missing basic costs only its
 * check's weight; several together mean a site that is not looked after, which no amount of
 * good detail lifts into the band of one that is.
 */
export const MISSING_BASICS_CAPS: readonly (readonly [count: number, cap: number])[] = [
  [3, 59],
  [2, 74],
];

/** Below this share of the weight verified, the scan says "could not verify" instead of grading. */
export const MIN_VERIFIED_SHARE = 0.5;

export interface Scored {
  readonly score: number;
  readonly grade: Grade;
  readonly cappedByCritical: boolean;
  /** The basics found missing, when two or more capped the score. */
  readonly missingBasics: readonly string[];
  /** The score before any cap. */
  readonly uncapped: number;
  /** Weight of the checks that could be run, over the weight of all scored checks. */
  readonly verifiedShare: number;
}

/**
 * Score = weighted share of credit over the checks that ran. Checks that could not be verified
 * are left out of both sides (never counted as passed or failed); informational checks have no
 * weight. A critical problem caps the score at 59 (grade D at best), because no amount of good
 * detail makes up for, say, AI search crawlers being blocked.
 */
export function score(results: readonly { readonly spec: CheckSpec; readonly result: CheckResult }[]): Scored {
  let earned = 0;
  let possible = 0;
  let total = 0;
  let critical = false;
  const basics = new Set<string>();
  for (const { spec, result } of results) {
    if (result.status === 'problems') {
      if (result.findings.some((finding) => finding.severity === 'critical')) critical = true;
      for (const finding of result.findings) if (finding.missingBasic !== undefined) basics.add(finding.missingBasic);
    }
    if (spec.weight <= 0 || result.status === 'not_applicable') continue;
    total += spec.weight;
    if (result.status === 'not_verified') continue;
    possible += spec.weight;
    const credit = result.status === 'passed' ? 1 : Math.min(...result.findings.map((finding) => SEVERITY_CREDIT[finding.severity]));
    earned += spec.weight * credit;
  }
  const raw = possible === 0 ? 0 : Math.round((100 * earned) / possible);
  const capped = critical && raw > CRITICAL_SCORE_CAP;
  const basicsCap = MISSING_BASICS_CAPS.find(([count]) => basics.size >= count)?.[1] ?? 100;
  const value = Math.min(raw, capped ? CRITICAL_SCORE_CAP : 100, basicsCap);
  return {
    score: value,
    grade: gradeFor(value),
    cappedByCritical: capped,
    missingBasics: basicsCap < raw && !(capped && CRITICAL_SCORE_CAP <= basicsCap) ? [...basics] : [],
    uncapped: raw,
    verifiedShare: total === 0 ? 0 : possible / total,
  };
}

export function gradeFor(value: number): Grade {
  return GRADE_THRESHOLDS.find(([, minimum]) => value >= minimum)![0];
}
