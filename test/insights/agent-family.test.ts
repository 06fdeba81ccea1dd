import { describe, expect, it } from 'vitest';
import { AgentClassifier, agentName, familyOfEntry } from '../../src/insights/agent-family.js';

/** The User-Agent's family, from crawler-user-agents' list and isbot (one classifier for the whole file: it compiles the list). */
describe('the agent family of a User-Agent', () => {
  const classifier = new AgentClassifier();

  it.each([
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot', 'ai-user', 'ChatGPT-User'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)', 'ai-user', 'Claude-User'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)', 'ai-user', 'Perplexity-User'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot', 'ai-search', 'OAI-SearchBot'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +https://www.anthropic.com)', 'ai-search', 'Claude-SearchBot'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)', 'ai-search', 'PerplexityBot/'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot', 'ai-training', 'GPTBot'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)', 'ai-training', 'ClaudeBot'],
    ['CCBot/2.0 (https://commoncrawl.org/faq/)', 'ai-training', 'CCBot'],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'search-engine', 'Googlebot/'],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'search-engine', 'bingbot'],
    ['python-requests/2.32.3', 'other-bot', undefined],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', 'browser', ''],
  ])('%s is %s', (ua, family, name) => {
    const found = classifier.classify(ua);
    expect(found.family).toBe(family);
    if (name !== undefined) expect(found.agent).toBe(agentName(name));
  });

  it('counts a request without a User-Agent as another bot', () => {
    expect(classifier.classify(undefined)).toEqual({ family: 'other-bot', agent: '' });
    expect(classifier.classify('  ')).toEqual({ family: 'other-bot', agent: '' });
  });

  it('derives the AI class from the list entry\'s own words and tags', () => {
    expect(familyOfEntry({ pattern: 'NewAssistant-User', tags: ['ai-crawler'] })).toBe('ai-user');
    expect(familyOfEntry({ pattern: 'NewBot', tags: ['ai-crawler', 'search-engine'] })).toBe('ai-search');
    expect(familyOfEntry({ pattern: 'NewBot', tags: ['ai-crawler'], description: 'collects training data' })).toBe('ai-training');
    expect(familyOfEntry({ pattern: 'Seo', tags: ['seo'] })).toBe('other-bot');
  });

  it('keeps a name only as letters, digits and a few marks, at most 40 characters', () => {
    expect(agentName('claude-ai <script>')).toBe('claude-ai script');
    expect(agentName('x'.repeat(100))).toHaveLength(40);
    expect(agentName(42)).toBe('');
  });
});
