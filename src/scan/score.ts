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

/** Below this share of the weight verified, the scan says "could not verify" instead of grading. */
export const MIN_VERIFIED_SHARE = 0.5;

export interface Scored {
  readonly score: number;
  readonly grade: Grade;
  readonly cappedByCritical: boolean;
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
  for (const { spec, result } of results) {
    if (result.status === 'problems' && result.findings.some((finding) => finding.severity === 'critical')) critical = true;
    if (spec.weight <= 0) continue;
    total += spec.weight;
    if (result.status === 'not_verified') continue;
    possible += spec.weight;
    const credit = result.status === 'passed' ? 1 : Math.min(...result.findings.map((finding) => SEVERITY_CREDIT[finding.severity]));
    earned += spec.weight * credit;
  }
  const raw = possible === 0 ? 0 : Math.round((100 * earned) / possible);
  const capped = critical && raw > CRITICAL_SCORE_CAP;
  const value = capped ? CRITICAL_SCORE_CAP : raw;
  return { score: value, grade: gradeFor(value), cappedByCritical: capped, verifiedShare: total === 0 ? 0 : possible / total };
}

export function gradeFor(value: number): Grade {
  return GRADE_THRESHOLDS.find(([, minimum]) => value >= minimum)![0];
}
