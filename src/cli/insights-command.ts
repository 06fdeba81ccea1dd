import { systemClock } from '../clock.js';
import type { Config } from '../config/load-config.js';
import { startInsights } from '../insights/start-insights.js';
import { insightsReport } from '../insights/report.js';
import { reportText } from '../insights/render-tables.js';
import { createStderrLogger } from '../log/logger.js';
import { message, type MessageLanguage } from '../messages/catalog.js';
import { createStore } from '../store/create-store.js';

/** The days `site-content-mcp insights` shows (cut to the retention). */
export const CLI_DAYS = 30;

/**
 * `site-content-mcp insights`: the dashboard's tables in the terminal, read from where the
 * server keeps them (Redis with REDIS_URL, else the data directory), for the last 30 days.
 */
export async function runInsightsCommand(config: Config, lang: MessageLanguage, out: NodeJS.WritableStream = process.stdout): Promise<number> {
  if (!config.insights) {
    out.write(`${message(lang, 'insights.notCounting')}\n`);
    return 0;
  }
  // Only problems on stderr: the tables are the output.
  const logger = await createStderrLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, config.logFormat);
  const store = await createStore(config.redisUrl, systemClock, logger);
  const insights = await startInsights({ retentionDays: config.insightsRetentionDays, dataDir: config.dataDir, sharedStore: config.redisUrl !== undefined, http: false }, store, systemClock, logger);
  try {
    const days = Math.min(CLI_DAYS, config.insightsRetentionDays);
    out.write(reportText(await insightsReport(await insights.days(days)), lang, days));
    return 0;
  } finally {
    await insights.close();
    await store.close();
  }
}
