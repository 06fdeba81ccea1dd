import { AGENT_FAMILIES, OUTCOMES, SURFACES, type AgentFamily, type Outcome, type Surface } from './events.js';
import { questionLanguages } from './gaps.js';
import { FIELD, type DayCounts } from './insights.js';

/** Rows shown in the "top" tables. */
export const TOP_ROWS = 15;

export interface SurfaceRow {
  readonly surface: Surface;
  readonly requests: number;
  /** Requests that did not end `ok`. */
  readonly failed: number;
  readonly averageMs: number;
}

export interface SubjectRow {
  readonly subject: string;
  readonly requests: number;
  readonly failed: number;
  readonly averageMs: number;
}

export interface AgentRow {
  readonly family: AgentFamily;
  readonly agent: string;
  readonly requests: number;
}

export interface GapRow {
  readonly question: string;
  readonly lang: string;
  readonly count: number;
}

export interface FunnelRow {
  readonly day: string;
  readonly reads: number;
  readonly scansStarted: number;
  readonly scansCompleted: number;
  readonly inquiriesSent: number;
}

export interface ReadsRow {
  readonly day: string;
  readonly byFamily: Readonly<Record<AgentFamily, number>>;
}

/** Everything the page, the JSON, the CSV and the terminal show: the same numbers from one place. */
export interface InsightsReport {
  readonly from: string;
  readonly to: string;
  readonly requests: number;
  readonly outcomes: Readonly<Record<Outcome, number>>;
  readonly readsByDay: readonly ReadsRow[];
  readonly surfaces: readonly SurfaceRow[];
  readonly pages: readonly SubjectRow[];
  readonly tools: readonly SubjectRow[];
  readonly agents: readonly AgentRow[];
  readonly mcpRevisions: readonly { readonly via: string; readonly requests: number }[];
  readonly gaps: readonly GapRow[];
  readonly funnel: readonly FunnelRow[];
  readonly funnelTotal: Omit<FunnelRow, 'day'>;
}

interface Tally {
  requests: number;
  failed: number;
  ms: number;
}

const zeroFamilies = (): Record<AgentFamily, number> => Object.fromEntries(AGENT_FAMILIES.map((family) => [family, 0])) as Record<AgentFamily, number>;

/**
 * The report of these days, with the language of each question the client did not label told
 * by eld (and the same question asked with and without a label counted as one).
 */
export async function insightsReport(days: readonly DayCounts[]): Promise<InsightsReport> {
  const report = buildReport(days);
  const unlabelled = report.gaps.filter((gap) => gap.lang === '').map((gap) => gap.question);
  if (unlabelled.length === 0) return report;
  const languages = await questionLanguages(unlabelled);
  const merged = new Map<string, GapRow>();
  for (const gap of report.gaps) {
    const lang = gap.lang === '' ? (languages.get(gap.question) ?? '') : gap.lang;
    const key = `${lang}\t${gap.question}`;
    merged.set(key, { question: gap.question, lang, count: (merged.get(key)?.count ?? 0) + gap.count });
  }
  return { ...report, gaps: sortGaps([...merged.values()]) };
}

const sortGaps = (gaps: GapRow[]) => gaps.sort((a, b) => b.count - a.count || a.question.localeCompare(b.question)).slice(0, TOP_ROWS * 3);

/** Adds up the days' counts into the report. */
export function buildReport(days: readonly DayCounts[]): InsightsReport {
  const outcomes = Object.fromEntries(OUTCOMES.map((outcome) => [outcome, 0])) as Record<Outcome, number>;
  const surfaces = new Map<Surface, Tally>();
  const pages = new Map<string, Tally>();
  const tools = new Map<string, Tally>();
  const agents = new Map<string, AgentRow>();
  const revisions = new Map<string, number>();
  const gaps = new Map<string, GapRow>();
  const readsByDay: ReadsRow[] = [];
  const funnel: FunnelRow[] = [];
  let requests = 0;

  for (const { day, counts } of days) {
    const reads = zeroFamilies();
    const steps = { reads: 0, scansStarted: 0, scansCompleted: 0, inquiriesSent: 0 };
    for (const [field, count] of counts) {
      const [kind, ...parts] = field.split('\t');
      if (kind === FIELD.requests || kind === FIELD.duration) {
        const [surface, family, agent, subject, outcome, via] = parts as [Surface, AgentFamily, string, string, Outcome, string];
        if (!SURFACES.includes(surface)) continue;
        const isCount = kind === FIELD.requests;
        const failed = isCount && outcome !== 'ok' ? count : 0;
        add(surfaces, surface, isCount ? count : 0, failed, isCount ? 0 : count);
        if (surface === 'html' || surface === 'markdown') add(pages, subject, isCount ? count : 0, failed, isCount ? 0 : count);
        if (subject.startsWith('tools/call ')) add(tools, subject.slice('tools/call '.length), isCount ? count : 0, failed, isCount ? 0 : count);
        if (!isCount) continue;
        requests += count;
        if (OUTCOMES.includes(outcome)) outcomes[outcome] += count;
        const agentKey = `${family}\t${agent}`;
        const row = agents.get(agentKey);
        agents.set(agentKey, { family, agent, requests: (row?.requests ?? 0) + count });
        if (via !== '') revisions.set(via, (revisions.get(via) ?? 0) + count);
      } else if (kind === FIELD.gap) {
        const [lang = '', question = ''] = parts;
        const key = `${lang}\t${question}`;
        gaps.set(key, { question, lang, count: (gaps.get(key)?.count ?? 0) + count });
      } else if (kind === FIELD.funnel) {
        const [step, family] = parts;
        if (step === 'reads') {
          steps.reads += count;
          if (family !== undefined && family in reads) reads[family as AgentFamily] += count;
        } else if (step === 'scans-started') steps.scansStarted += count;
        else if (step === 'scans-completed') steps.scansCompleted += count;
        else if (step === 'inquiries-sent') steps.inquiriesSent += count;
      }
    }
    readsByDay.push({ day, byFamily: reads });
    funnel.push({ day, ...steps });
  }

  const funnelTotal = funnel.reduce(
    (sum, row) => ({ reads: sum.reads + row.reads, scansStarted: sum.scansStarted + row.scansStarted, scansCompleted: sum.scansCompleted + row.scansCompleted, inquiriesSent: sum.inquiriesSent + row.inquiriesSent }),
    { reads: 0, scansStarted: 0, scansCompleted: 0, inquiriesSent: 0 },
  );
  return {
    from: days[0]?.day ?? '',
    to: days.at(-1)?.day ?? '',
    requests,
    outcomes,
    readsByDay,
    surfaces: SURFACES.filter((surface) => surfaces.has(surface)).map((surface) => ({ surface, ...rowOf(surfaces.get(surface)!) })),
    pages: top(pages),
    tools: top(tools),
    agents: [...agents.values()].sort((a, b) => b.requests - a.requests || a.family.localeCompare(b.family) || a.agent.localeCompare(b.agent)).slice(0, TOP_ROWS * 2),
    mcpRevisions: [...revisions].map(([via, count]) => ({ via, requests: count })).sort((a, b) => b.requests - a.requests || a.via.localeCompare(b.via)),
    gaps: sortGaps([...gaps.values()]),
    funnel,
    funnelTotal,
  };
}

function add<K>(map: Map<K, Tally>, key: K, requests: number, failed: number, ms: number): void {
  let tally = map.get(key);
  if (tally === undefined) {
    tally = { requests: 0, failed: 0, ms: 0 };
    map.set(key, tally);
  }
  tally.requests += requests;
  tally.failed += failed;
  tally.ms += ms;
}

function rowOf(tally: Tally): { requests: number; failed: number; averageMs: number } {
  return { requests: tally.requests, failed: tally.failed, averageMs: tally.requests === 0 ? 0 : Math.round((tally.ms / tally.requests) * 10) / 10 };
}

function top(map: Map<string, Tally>): SubjectRow[] {
  return [...map]
    .filter(([, tally]) => tally.requests > 0)
    .map(([subject, tally]) => ({ subject, ...rowOf(tally) }))
    .sort((a, b) => b.requests - a.requests || a.subject.localeCompare(b.subject))
    .slice(0, TOP_ROWS);
}
