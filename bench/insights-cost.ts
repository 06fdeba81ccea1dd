/**
 * What insights add to one request, measured in-process without a network or a load generator
 * (whose noise on a shared machine is larger than the cost): the edge's work at the end of a
 * request (the User-Agent's family from the classifier's cache, one event added to the day's
 * counters), the search-tool report, and keeping a request's record as it comes (in a field
 * the request is made with, against a WeakMap entry per request), per call. Compare with the server CPU per request that
 * bench/http.ts prints for the REST page and MCP search_site.
 *
 *   npx tsx bench/insights-cost.ts [--calls 1000000]
 */
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { AgentClassifier } from '../src/insights/agent-family.js';
import { Insights } from '../src/insights/insights.js';
import { HttpRequests } from '../src/insights/requests-in-flight.js';
import { MemoryStore } from '../src/store/memory-store.js';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '1000000' } } });
const CALLS = Number(values.calls);
const clock = { now: () => Date.now() };
const classifier = new AgentClassifier();
const insights = new Insights({ store: new MemoryStore(clock), clock, logger: pino({ level: 'silent' }), retentionDays: 90, classifier, flushMs: 3_600_000 });
const UAS = ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36', 'curl/8.5.0'];

function perCall(label: string, run: (index: number) => void): void {
  for (let index = 0; index < 10_000; index++) run(index); // warm-up
  const started = process.cpuUsage();
  for (let index = 0; index < CALLS; index++) run(index);
  const used = process.cpuUsage(started);
  console.log(`${label}: ${(((used.user + used.system) / CALLS) * 1000).toFixed(0)} ns CPU per call`);
}

perCall('edge: classify (cached) + record one request', (index) => {
  const { family, agent } = classifier.classify(UAS[index % UAS.length]);
  const started = performance.now();
  insights.record({ surface: 'rest', family, agent, subject: 'page', outcome: 'ok', via: '', durationMs: performance.now() - started, read: true });
});
perCall('search_site report (a question that found enough)', () => insights.searched('server-side tagging price', 'en', 8, 1.3));
perCall('search_site report (a content gap)', (index) => insights.searched(`do you sell pizza ${index % 50}`, 'en', 0, undefined));

// A request's record as it comes and as its answer ends: kept in a field each request is made
// with (decision 0156), against an earlier design, a WeakMap entry for each new request object
// (decision 0151). Each call makes a request-like object with some garbage, as a server does, so
// that the young generation is collected as often.
const requests = new HttpRequests();
const agent = classifier.classify(UAS[0]);
perCall('a request\'s record in its own field (made, looked up, let go)', (index) => {
  const request = { headers: new Array(24), [requests.field]: undefined };
  requests.arrived(request, Date.now(), 'rest', 'page', agent);
  requests.noteOf(request);
  requests.ended(request);
});
const perRequest = new WeakMap<object, object>();
perCall('baseline: a WeakMap entry for each request (made, looked up)', (index) => {
  const request = { headers: new Array(24) };
  perRequest.set(request, { request, arrived: Date.now(), surface: 'rest', subject: 'page', outcome: undefined, via: undefined, client: undefined, read: undefined, agent });
  perRequest.get(request);
  perRequest.get(request);
});
perCall('baseline: nothing kept (the request-like object alone)', (index) => {
  const request = { headers: new Array(24) };
  if (request.headers.length !== 24) throw new Error('unreachable');
});
await insights.close();
