import type { FetchedResponse } from '../../../net/fetcher.js';
import { parseRobots, type RobotsFile } from '../../../net/page/robots.js';
import { usableResponse, type ScanSnapshot } from '../../snapshot.js';
import { m, type Text } from '../check.js';

export type { RobotsFile, RobotsGroup, RobotsLine } from '../../../net/page/robots.js';

export type RobotsState =
  | { readonly state: 'served'; readonly file: RobotsFile }
  /** 4xx: RFC 9309 says crawlers may then crawl everything. */
  | { readonly state: 'missing'; readonly response: FetchedResponse }
  /** 5xx: RFC 9309 says crawlers must then assume everything is disallowed. */
  | { readonly state: 'unreachable'; readonly response: FetchedResponse }
  | { readonly state: 'not-verified'; readonly reason: Text };

/** Cached per snapshot: several checks read the same robots.txt. */
const cache = new WeakMap<ScanSnapshot, RobotsState>();

export function readRobots(snapshot: ScanSnapshot): RobotsState {
  const cached = cache.get(snapshot);
  if (cached !== undefined) return cached;
  const state = computeRobotsState(snapshot);
  cache.set(snapshot, state);
  return state;
}

function computeRobotsState(snapshot: ScanSnapshot): RobotsState {
  const usable = usableResponse(snapshot.resources.get('robots'), 'robots');
  if ('reason' in usable) return { state: 'not-verified', reason: usable.reason };
  const { response } = usable;
  if (response.status >= 500) return { state: 'unreachable', response };
  if (response.status >= 400) return { state: 'missing', response };
  if (response.status !== 200) return { state: 'not-verified', reason: m('V1.otherStatus', { status: response.status }) };
  return { state: 'served', file: parseRobots(response) };
}
