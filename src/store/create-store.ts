import type { Clock } from '../clock.js';
import type { Logger } from '../log/logger.js';
import { MemoryStore } from './memory-store.js';
import type { Store } from './store.js';

/** Redis when a URL is configured (limits then hold across instances), memory otherwise. */
export async function createStore(redisUrl: string | undefined, clock: Clock, logger: Logger): Promise<Store> {
  if (redisUrl === undefined) {
    logger.info('state store: memory (limits apply per instance; set REDIS_URL to share them)');
    return new MemoryStore(clock);
  }
  // ioredis is loaded only when Redis is configured (it costs about 10 MB of memory).
  const { RedisStore } = await import('./redis-store.js');
  const store = new RedisStore(redisUrl, logger);
  try {
    await store.ready();
    logger.info('state store: redis');
  } catch (error) {
    // Start anyway: limits fail open or closed per caller until Redis answers.
    logger.warn({ error: (error as Error).message }, 'state store: redis not reachable at start; will keep retrying');
  }
  return store;
}
