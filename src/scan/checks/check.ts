import type { ScanSnapshot } from '../snapshot.js';

export type Severity = 'critical' | 'high' | 'medium' | 'low' | 'info';

/** One problem a check found: what, where, the proof, and how to fix it. */
export interface Finding {
  readonly severity: Severity;
  /** What was found, in one or two plain sentences. */
  readonly found: string;
  /** Quoted proof from the site: a header, a robots.txt line, a tag, a snippet. */
  readonly evidence: readonly string[];
  readonly fix: string;
  /** The page or file it was found on. */
  readonly url?: string;
}

/**
 * What one check concluded. `not_verified` is never a pass or a fail: the check could not be
 * run (it needs a browser, the file timed out, the site answered with a challenge), and the
 * score leaves it out.
 */
export type CheckResult =
  | { readonly status: 'passed'; readonly found: string }
  | { readonly status: 'problems'; readonly findings: readonly Finding[] }
  | { readonly status: 'not_verified'; readonly reason: string };

export interface CheckSpec {
  /** T1-T17 (analytics), V1-V18 (AI visibility); browser-only parts of a check get a suffix (T3b). */
  readonly id: string;
  readonly title: string;
  /** Share of the score; 0 for informational checks (never penalised). */
  readonly weight: number;
  run(snapshot: ScanSnapshot): CheckResult;
}

export const passed = (found: string): CheckResult => ({ status: 'passed', found });
export const notVerified = (reason: string): CheckResult => ({ status: 'not_verified', reason });

/** Problems, or a pass with `whenNone` when there are none. */
export function problemsOr(findings: readonly Finding[], whenNone: string): CheckResult {
  return findings.length === 0 ? passed(whenNone) : { status: 'problems', findings };
}

/** A check that needs a real browser (running the page's JavaScript); always reported as not verified. */
export function browserOnly(id: string, title: string, weight: number, needs: string): CheckSpec {
  return {
    id,
    title,
    weight,
    run: () => notVerified(`Needs a real browser that runs the page's JavaScript (${needs}); this scan reads the HTML, headers and files as served.`),
  };
}
