import type { Text } from '../report-language.js';
import type { ScanSnapshot } from '../snapshot.js';

export { each, joined, m, say, type Text } from '../report-language.js';

export type Severity = 'critical' | 'high' | 'medium' | 'low' | 'info';

/** One problem a check found: what, where, the proof, and how to fix it. */
export interface Finding {
  readonly severity: Severity;
  /** What was found, in one or two plain sentences. */
  readonly found: Text;
  /** What we checked to find it, in our words (the report's label before the quotes): "2 pages read; none loads GTM…". */
  readonly checked?: Text;
  /** Quoted proof from the site: a header, a robots.txt line, a tag, a snippet. Only the site's own text, never ours. */
  readonly evidence: readonly string[];
  readonly fix: Text;
  /** The page or file it was found on (the first, when the same problem is on several pages). */
  readonly url?: string;
  /** Every page with the same problem, when there are several: one finding per problem, not per page. */
  readonly pages?: readonly string[];
  /**
   * The basic this finding says is missing (structured data, a sitemap, descriptions, the page
   * language...): missing several basics caps the grade (score.ts), whatever the rest earns.
   */
  readonly missingBasic?: string;
}

/** A finding before it is tied to a place: the collector it is added to names the page. */
export type FindingText = Omit<Finding, 'url' | 'pages'>;

/**
 * What one check concluded. `not_verified` is never a pass or a fail: the check could not be
 * run (it needs a browser, the file timed out, the site answered with a challenge), and the
 * score leaves it out.
 */
export type CheckResult =
  | { readonly status: 'passed'; readonly found: Text }
  | { readonly status: 'problems'; readonly findings: readonly Finding[] }
  | { readonly status: 'not_verified'; readonly reason: Text }
  /** Nothing to check (no analytics at all, so no consent banner to judge): out of the possible points, not passed. */
  | { readonly status: 'not_applicable'; readonly reason: Text };

export interface CheckSpec {
  /** T1-T17 (analytics), V1-V18 (AI visibility); browser-only parts of a check get a suffix (T3b). */
  readonly id: string;
  readonly title: string;
  /** Share of the score; 0 for informational checks (never penalised). */
  readonly weight: number;
  run(snapshot: ScanSnapshot): CheckResult;
}

export const passed = (found: Text): CheckResult => ({ status: 'passed', found });
export const notVerified = (reason: Text): CheckResult => ({ status: 'not_verified', reason });
export const notApplicable = (reason: Text): CheckResult => ({ status: 'not_applicable', reason });

/** Problems, or a pass with `whenNone` when there are none. */
export function problemsOr(findings: readonly Finding[], whenNone: Text): CheckResult {
  return findings.length === 0 ? passed(whenNone) : { status: 'problems', findings };
}

/** A check whose result is these problems, whatever else there is. */
export function problems(findings: readonly Finding[]): CheckResult {
  return { status: 'problems', findings };
}

/** A check whose whole result is one problem. */
export function problem(finding: Finding): CheckResult {
  return { status: 'problems', findings: [finding] };
}

/** Most evidence lines one finding keeps when the same problem is merged from several pages. */
const MERGED_EVIDENCE_MAX = 6;

/**
 * Collects the findings of one check. `at(url)` gives a view bound to a page, so each finding
 * names its page once; the same problem (same severity, text and fix) found on several pages
 * becomes one finding that lists the pages and pools their evidence.
 */
export class Findings {
  readonly #byProblem: Map<string, { finding: FindingText; pages: string[]; evidence: string[] }>;
  readonly #url: string | undefined;

  constructor(url?: string, shared?: Findings) {
    this.#url = url;
    this.#byProblem = shared === undefined ? new Map() : shared.#byProblem;
  }

  /** The same collection, with what is added through it found on `url`. */
  at(url: string): Findings {
    return new Findings(url, this);
  }

  /** Adds a finding on this collector's page (or on the page the finding names itself). */
  add(finding: FindingText & { readonly url?: string }): this {
    const { url = this.#url, ...text } = finding;
    const key = JSON.stringify([finding.severity, finding.found.en, finding.fix.en]);
    const entry = this.#byProblem.get(key);
    if (entry === undefined) {
      this.#byProblem.set(key, { finding: text, pages: url === undefined ? [] : [url], evidence: [...finding.evidence] });
      return this;
    }
    if (url !== undefined && !entry.pages.includes(url)) entry.pages.push(url);
    for (const line of finding.evidence) if (!entry.evidence.includes(line) && entry.evidence.length < MERGED_EVIDENCE_MAX) entry.evidence.push(line);
    return this;
  }

  get size(): number {
    return this.#byProblem.size;
  }

  list(): Finding[] {
    return [...this.#byProblem.values()].map(({ finding, pages, evidence }) => ({
      ...finding,
      evidence,
      ...(pages.length === 0 ? {} : { url: pages[0] }),
      ...(pages.length > 1 ? { pages } : {}),
    }));
  }

  /** The problems, or a pass stating `whenNone` (what was seen) when there are none. */
  orPassed(whenNone: Text): CheckResult {
    return problemsOr(this.list(), whenNone);
  }
}


