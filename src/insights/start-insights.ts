import type { Clock } from '../clock.js';
import type { Logger } from '../log/logger.js';
import type { Store } from '../store/store.js';
import { Insights, insightsFile } from './insights.js';

export interface InsightsSettings {
  readonly retentionDays: number;
  readonly dataDir: string;
  /** With Redis the store is shared and survives restarts; without it the counts are also kept in the data directory. */
  readonly sharedStore: boolean;
  /** The HTTP server classifies User-Agents (the crawler list is loaded for it only). */
  readonly http: boolean;
  readonly flushMs?: number;
}

/** Insights for one process: the classifier when serving HTTP, the kept file without Redis, the periodic flush. */
export async function startInsights(settings: InsightsSettings, store: Store, clock: Clock, logger: Logger): Promise<Insights> {
  const classifier = settings.http ? new (await import('./agent-family.js')).AgentClassifier() : undefined;
  const insights = new Insights({
    store,
    clock,
    logger,
    retentionDays: settings.retentionDays,
    file: settings.sharedStore ? undefined : insightsFile(settings.dataDir),
    classifier,
    ...(settings.flushMs === undefined ? {} : { flushMs: settings.flushMs }),
  });
  await insights.start();
  return insights;
}
