import type { CheckSpec } from '../check.js';
import { fetchCost } from './fetch-cost.js';
import { agentDiscovery, edgeBlocking, llmsTxt, markdownForAgents, sitemap } from './file-checks.js';
import { answerability, contentWithoutJs, manipulation, metaBasics, pageLevelBlocks, structure } from './page-checks.js';
import { renderedMatchesHtml } from './rendered-page.js';
import { aiCrawlerPolicy, contentSignal, robotsHealth } from './robots-checks.js';
import { entityConsistency, freshness, jsonLd } from './structured-data-checks.js';

/** The AI visibility scan: peers.md §4b V1-V18, in order, plus the browser-only part of V9. */
export const AI_VISIBILITY_CHECKS: readonly CheckSpec[] = [
  robotsHealth,
  aiCrawlerPolicy,
  contentSignal,
  pageLevelBlocks,
  edgeBlocking,
  llmsTxt,
  markdownForAgents,
  sitemap,
  contentWithoutJs,
  renderedMatchesHtml,
  jsonLd,
  entityConsistency,
  metaBasics,
  structure,
  freshness,
  fetchCost,
  agentDiscovery,
  answerability,
  manipulation,
];
