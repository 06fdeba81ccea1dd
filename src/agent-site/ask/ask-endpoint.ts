import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import sjson from 'secure-json-parse';
import { perSnapshot, snapshotOf, type ContentHolder } from '../../live/content-holder.js';
import type { ContentSnapshot } from '../../live/content-snapshot.js';
import type { Logger } from '../../log/logger.js';
import type { Store } from '../../store/store.js';
import { bodyFailure } from '../../web/body-failure.js';
import { AppError } from '../../errors.js';
import { answerQuestion, type AskAnswer } from './ask-answer.js';
import { askFailure } from './ask-failure.js';
import { askRateLimit } from './ask-rate-limit.js';
import { parseAskRequest, type AskInput, type AskRequestOptions } from './ask-request.js';
import { SseStream } from './sse-stream.js';
import type { InsightsSink } from '../../insights/events.js';

/** What /ask needs of the application. */
export interface AskContext {
  readonly logger: Logger;
  readonly store: Store;
  readonly content: ContentHolder;
  readonly insights?: InsightsSink | undefined;
}

/** A request is a question and at most ten earlier ones: 32 KB is far above any real one. */
export const ASK_BODY_LIMIT = '32kb';
const JSON_TYPES = ['application/json', 'application/*+json'];
const FORM_TYPE = 'application/x-www-form-urlencoded';
const ALLOW = 'GET, HEAD, POST, OPTIONS';

/**
 * `/ask`: NLWeb's conversational endpoint. POST takes a JSON body in either request shape (or
 * a form), GET takes the flat shape as query parameters. The answer is JSON, or Server-Sent
 * Events when the request asks for streaming (`prefer.streaming`, `streaming`) or, when it says
 * nothing, when its Accept header prefers text/event-stream. Bad input is a failure answer with
 * a 4xx status, never a 500. Open to browsers from any origin (read-only, no credentials), and
 * rate-limited per client address like the REST API.
 */
export function askEndpoint(ctx: AskContext): express.Router {
  const router = express.Router();
  const options = perSnapshot(siteOptions);
  const rateLimit = askRateLimit(ctx);

  router.use('/ask', (_req, res, next) => {
    res.set('Access-Control-Allow-Origin', '*');
    next();
  });
  router.options('/ask', (_req, res) => {
    res.set({ 'Access-Control-Allow-Methods': ALLOW, 'Access-Control-Allow-Headers': 'Content-Type, Accept', 'Access-Control-Max-Age': '86400', Allow: ALLOW });
    res.status(204).end();
  });
  router.get('/ask', rateLimit, (req, res) => respond(ctx, options, { kind: 'params', params: urlParams(req) }, req, res));
  router.post('/ask', rateLimit, requireReadableBody, express.text({ type: [...JSON_TYPES, FORM_TYPE], limit: ASK_BODY_LIMIT }), (req, res) =>
    respond(ctx, options, bodyInput(req), req, res),
  );
  router.all('/ask', (_req, res) => {
    res.set('Allow', ALLOW);
    sendFailure(res, new AppError('method-not-allowed', `Use POST (or GET with query parameters) on /ask; allowed: ${ALLOW}.`));
  });
  router.use('/ask', (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const failure = bodyParserFailure(error);
    if (failure === undefined) ctx.logger.error({ err: error }, 'ask request failed');
    sendFailure(res, failure ?? error);
  });
  return router;
}

async function respond(ctx: AskContext, optionsOf: (snapshot: ContentSnapshot) => AskRequestOptions, input: AskInput | AppError, req: Request, res: Response): Promise<void> {
  res.set('Vary', 'Accept');
  let answer: AskAnswer;
  let streaming: boolean;
  try {
    if (input instanceof AppError) throw input;
    const snapshot = snapshotOf(req, ctx.content);
    const request = parseAskRequest(input, optionsOf(snapshot));
    answer = answerQuestion(request, snapshot, randomUUID);
    ctx.insights?.searched(answer.searched, request.language?.split('-')[0]?.toLowerCase(), answer.count, answer.bestScore);
    streaming = request.streaming ?? req.accepts(['application/json', 'text/event-stream']) === 'text/event-stream';
  } catch (error) {
    if (!(error instanceof AppError)) ctx.logger.error({ err: error }, 'ask request failed');
    sendFailure(res, error);
    return;
  }
  ctx.logger.debug({ results: answer.count, streaming, queryLength: answer.searched.length }, 'ask answered');
  if (streaming) await stream(answer, res, ctx);
  else res.status(200).set('Cache-Control', 'no-store').json({ _meta: answer.meta, query_id: answer.queryId, query: answer.searched, results: [...answer.results()] });
}

/** start, one result event per result as it is built, then complete (NLWeb 0.54 event names). */
async function stream(answer: AskAnswer, res: Response, ctx: AskContext): Promise<void> {
  const events = new SseStream(res, { Vary: 'Accept' });
  const meta = { ...answer.meta, streaming: true };
  try {
    await events.send('start', { _meta: meta, query_id: answer.queryId, query: answer.searched });
    let index = 0;
    for (const item of answer.results()) {
      if (!events.open) return;
      await events.send('result', { index, item });
      index += 1;
    }
    await events.send('complete', { _meta: { ...meta, total_items: index }, query_id: answer.queryId });
  } catch (error) {
    ctx.logger.error({ err: error }, 'ask stream failed');
    await events.send('error', askFailure(error).body);
  } finally {
    events.end();
  }
}

function sendFailure(res: Response, error: unknown): void {
  const { status, body } = askFailure(error);
  res.status(status).set('Cache-Control', 'no-store').json(body);
}

/** A POST body must be JSON or a form; an empty body leaves the URL's parameters to speak. */
function requireReadableBody(req: Request, _res: Response, next: NextFunction): void {
  const length = req.headers['content-length'];
  const hasBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (hasBody && !req.is([...JSON_TYPES, FORM_TYPE])) {
    next(new AppError('unsupported-media-type', 'Send the question as JSON (Content-Type: application/json) or as a form (application/x-www-form-urlencoded).'));
    return;
  }
  next();
}

function bodyInput(req: Request): AskInput | AppError {
  const params = urlParams(req);
  const text: unknown = req.body;
  if (typeof text !== 'string' || text.trim() === '') return { kind: 'params', params };
  if (req.is(FORM_TYPE)) {
    const form = new URLSearchParams(text);
    const merged = new URLSearchParams([...[...params].filter(([key]) => !form.has(key)), ...form]);
    return { kind: 'params', params: merged };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new AppError('invalid-body', 'The body is not valid JSON. Send {"query": "your question"} or {"query": {"text": "your question"}}.');
  }
  try {
    if (typeof body === 'object' && body !== null) sjson.scan(body, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    return new AppError('invalid-body', 'The body must not contain "__proto__" or "constructor.prototype" members.');
  }
  return { kind: 'json', body, params };
}

function urlParams(req: Request): URLSearchParams {
  const query = req.originalUrl.indexOf('?');
  return new URLSearchParams(query === -1 ? '' : req.originalUrl.slice(query + 1));
}

/** Body-parser errors as AppErrors; undefined for anything else. */
function bodyParserFailure(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  const failure = bodyFailure(error);
  if (failure === undefined) return undefined;
  switch (failure.status) {
    case 413:
      return new AppError('payload-too-large', `The request body is larger than ${ASK_BODY_LIMIT}; send one question and at most ten earlier ones.`);
    case 415:
      return new AppError('unsupported-media-type', `${failure.reason} Send the body as UTF-8, without compression other than gzip, deflate or br.`);
    default:
      return new AppError('invalid-body', failure.reason);
  }
}

/** `site` may name this site by host or origin, with or without `www.`. */
function siteOptions(ctx: ContentSnapshot): AskRequestOptions {
  const hosts = new Set<string>();
  for (const origin of [ctx.urls.publicBaseUrl, ctx.site.info.siteUrl]) {
    const { host, hostname } = new URL(origin);
    for (const name of [host, hostname]) {
      hosts.add(name);
      hosts.add(name.replace(/^www\./, ''));
    }
  }
  return {
    siteName: new URL(ctx.site.info.siteUrl).hostname,
    isThisSite: (site) => {
      const name = site.trim().toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/\/.*$/, '');
      return hosts.has(name) || hosts.has(name.replace(/^www\./, ''));
    },
  };
}
