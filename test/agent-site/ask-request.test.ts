import { describe, expect, it } from 'vitest';
import { parseAskRequest, type AskRequest } from '../../src/agent-site/ask/ask-request.js';
import { AppError } from '../../src/errors.js';

const options = { siteName: 'miarka.example', isThisSite: (site: string) => site === 'miarka.example' };

function json(body: unknown, query = ''): AskRequest {
  return parseAskRequest({ kind: 'json', body, params: new URLSearchParams(query) }, options);
}

function params(query: string): AskRequest {
  return parseAskRequest({ kind: 'params', params: new URLSearchParams(query) }, options);
}

/** The AppError a request is refused with. */
function refusal(read: () => unknown): AppError {
  try {
    read();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the request to be refused');
}

describe('reading an /ask request', () => {
  it('reads the structured shape (NLWeb 0.54)', () => {
    expect(
      json({
        query: { text: 'Ile kosztuje GA4?', site: 'miarka.example', num_results: 5 },
        context: { '@type': 'ConversationalContext', prev: ['consent mode', 'server-side'] },
        prefer: { streaming: true, mode: 'summarize', 'accept-language': 'pl-PL' },
        meta: { version: '0.54' },
      }),
    ).toEqual({
      shape: 'structured',
      query: 'Ile kosztuje GA4?',
      decontextualizedQuery: undefined,
      prev: ['consent mode', 'server-side'],
      mode: 'summarize',
      streaming: true,
      site: 'miarka.example',
      queryId: undefined,
      numResults: 5,
      language: 'pl-PL',
    });
  });

  it('reads the flat shape from a JSON body', () => {
    expect(
      json({ query: 'ga4 price', prev: ['hello'], decontextualized_query: 'GA4 implementation price', streaming: false, mode: 'list', site: 'all', query_id: 'q-1', num_results: 3, lang: 'en' }),
    ).toEqual({
      shape: 'flat',
      query: 'ga4 price',
      decontextualizedQuery: 'GA4 implementation price',
      prev: ['hello'],
      mode: 'list',
      streaming: false,
      site: 'all',
      queryId: 'q-1',
      numResults: 3,
      language: 'en',
    });
  });

  it('reads the flat shape from query parameters, with strings for booleans and numbers', () => {
    expect(params('query=audyt+gtm&streaming=0&num_results=4&generate_mode=none')).toMatchObject({
      shape: 'flat',
      query: 'audyt gtm',
      streaming: false,
      numResults: 4,
      mode: 'list',
    });
  });

  it('fills in the defaults: list mode, 10 results, streaming left to the Accept header', () => {
    expect(json({ query: { text: 'ga4' } })).toMatchObject({ mode: 'list', numResults: 10, streaming: undefined, prev: [] });
    expect(params('query=ga4')).toMatchObject({ mode: 'list', numResults: 10, streaming: undefined, prev: [] });
  });

  it('lets the JSON body win over the URL\'s parameters in the flat shape', () => {
    expect(json({ query: 'from body' }, 'query=from+url&streaming=true')).toMatchObject({ query: 'from body', streaming: true });
  });

  it.each([
    ['prev=first,second', ['first', 'second']],
    ['prev=first&prev=second', ['first', 'second']],
    ['prev=["first, with a comma","second"]', ['first, with a comma', 'second']],
    ['prev=', []],
  ])('reads prev given as %s', (query, prev) => {
    expect(params(`query=x&${query}`).prev).toEqual(prev);
  });

  it('collapses whitespace in questions', () => {
    expect(json({ query: '  ile kosztuje\n\tGA4? ' }).query).toBe('ile kosztuje GA4?');
  });

  it.each([
    [{ query: 'x' }, 'list'],
    [{ query: 'x', mode: 'SUMMARIZE' }, 'summarize'],
    [{ query: 'x', generate_mode: 'generate' }, 'generate'],
    [{ query: 'x', generate_mode: 'none' }, 'list'],
  ])('reads the mode of %j', (body, mode) => {
    expect(json(body).mode).toBe(mode);
  });

  describe('refuses, naming the field as the client wrote it', () => {
    it.each([
      [{}, 'query', 'query is required.'],
      [{ query: '   ' }, 'query', 'query must not be empty: ask a question.'],
      [{ query: 42 }, 'query', 'query must be a string.'],
      [{ query: 'x'.repeat(501) }, 'query', 'query must be at most 500 characters.'],
      [{ query: 'a\u0000b' }, 'query', 'query contains U+0000, a control character; send plain text without it.'],
      [{ query: 'a\uD800b' }, 'query', 'query contains half of a surrogate pair, which is not valid Unicode text; send plain text without it.'],
      [{ query: 'ile\u200B kosztuje' }, 'query', 'query contains U+200B, an invisible format character; send plain text without it.'],
      [{ query: { text: 'GA4?\u202E' } }, 'query.text', 'query.text contains U+202E, an invisible direction control; send plain text without it.'],
      [{ query: 'x', site: 'a\u0085b' }, 'site', 'site contains U+0085, a control character; send one line of plain text without it.'],
      [{ query: { text: '' } }, 'query.text', 'query.text must not be empty: ask a question.'],
      [{ query: { site: 'x' } }, 'query.text', 'query.text is required.'],
      [{ query: 'x', prev: Array.from({ length: 11 }, (_, index) => `q${index}`) }, 'prev', 'prev must hold at most 10 earlier questions; send the most recent ones.'],
      [{ query: { text: 'x' }, context: { prev: 5 } }, 'context.prev', 'context.prev must be a list of earlier questions.'],
      [{ query: 'x', prev: ['y'.repeat(501)] }, 'prev.0', 'prev.0 must be at most 500 characters.'],
      [{ query: 'x', streaming: 'maybe' }, 'streaming', 'streaming must be true or false.'],
      [{ query: { text: 'x' }, prefer: { streaming: 1 } }, 'prefer.streaming', 'prefer.streaming must be true or false.'],
      [{ query: { text: 'x' }, prefer: 'fast' }, 'prefer', 'prefer must be an object.'],
      [{ query: 'x', mode: 'chat' }, 'mode', 'mode must be list, summarize or generate.'],
      [{ query: 'x', num_results: 0 }, 'num_results', 'num_results must be a whole number from 1 to 25.'],
      [{ query: 'x', num_results: 26 }, 'num_results', 'num_results must be a whole number from 1 to 25.'],
      [{ query: 'x', num_results: 2.5 }, 'num_results', 'num_results must be a whole number from 1 to 25.'],
      [{ query: 'x', query_id: 'id with spaces' }, 'query_id', 'query_id must be 1-128 letters, digits, ".", "_", ":" or "-".'],
      [{ query: 'x', lang: 'polski język' }, 'lang', 'lang must be a language tag such as pl or en-GB.'],
      [{ query: 'x', site: 'other.example' }, 'site', 'site: this server answers for miarka.example only; omit site or send "all".'],
      [{ query: { text: 'x', site: 'other.example' } }, 'query.site', 'query.site: this server answers for miarka.example only; omit query.site or send "all".'],
    ])('%j → %s', (body, field, message) => {
      const error = refusal(() => json(body));
      expect(error).toMatchObject({ code: 'invalid-parameter', status: 400, field, message });
    });

    it('a parameter given twice', () => {
      expect(refusal(() => params('query=a&query=b'))).toMatchObject({ field: 'query', message: 'query must be given once, as a string.' });
    });

    it.each([[[]], ['a question'], [null], [7]])('a JSON body that is not an object: %j', (body) => {
      expect(refusal(() => json(body))).toMatchObject({ code: 'invalid-body', status: 400 });
    });
  });
});
