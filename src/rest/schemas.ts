import * as z from 'zod';
import { pageSummarySchema } from '../../tools/schemas.js';
import { plainText } from '../text/plain-text.js';

/** The contract's REST-only shapes (the shapes tools share live in tools/schemas.ts). */

export const pageListSchema = z.object({
  data: z.array(pageSummarySchema).describe('Pages of this page of results, in path order.'),
  total: z.number().int().min(0).describe('Number of pages matching the filters.'),
  limit: z.number().int().min(1).describe('The page size used.'),
  next_cursor: z.string().max(64).nullable().describe('Pass as cursor to get the next page; null on the last page.'),
});
export type PageList = z.infer<typeof pageListSchema>;

export const healthSchema = z.object({
  ok: z.boolean().describe('True when the site data is loaded and the API answers.'),
  version: z.string().describe('Server version.'),
  pages: z.number().int().min(0).optional().describe('Number of published pages served.'),
  languages: z.array(z.string()).optional().describe('Languages of the site.'),
  error: z.string().optional().describe('Why the service is not ok.'),
  content: z
    .object({
      version: z.string().describe('Content version: a hash that changes exactly when the served content changes.'),
      loadedAt: z.string().describe('When the content serving now was loaded (ISO 8601, UTC).'),
      lastReload: z
        .object({
          outcome: z.enum(['reloaded', 'unchanged', 'failed', 'skipped']).describe('reloaded: new content serves; unchanged: it loaded and equals what serves; failed: the previous content keeps serving; skipped: another instance was syncing.'),
          trigger: z.enum(['watch', 'signal', 'sync', 'peer', 'manual']).describe('What started it.'),
          at: z.string().describe('When it finished (ISO 8601, UTC).'),
          reason: z.string().optional().describe('Why it failed or was skipped.'),
          sync: z
            .object({
              discovery: z.string().describe('How pages were found, and why: "sitemap read: 6 pages listed", or why links were followed instead.'),
              weaker: z.string().optional().describe('Present when this sync found pages in a weaker way than the last (the sitemap failed or listed far fewer pages): why, and what was kept.'),
              added: z.number().int().min(0).describe('Pages added.'),
              updated: z.number().int().min(0).describe('Pages changed.'),
              unchanged: z.number().int().min(0).describe('Pages unchanged.'),
              removed: z.number().int().min(0).describe('Pages removed: only on evidence that they are gone (404 or 410, a permanent redirect, absence from a sitemap read whole).'),
              failed: z.number().int().min(0).describe('Pages that could not be read this time (their last good version is kept).'),
              kept: z.number().int().min(0).describe('Pages kept as they were because this sync could not confirm them.'),
              keptPages: z.array(z.object({ url: z.string(), reason: z.string() })).describe('The first ten kept pages, with why.'),
            })
            .optional()
            .describe('With --source: what the sync of the live website did.'),
        })
        .optional()
        .describe('The last reload or sync since start; absent before the first.'),
    })
    .optional()
    .describe('The content serving now and the last reload (additive to the contract).'),
});
export type Health = z.infer<typeof healthSchema>;

export const apiRootSchema = z.object({
  name: z.string().describe('Name of the API.'),
  version: z.string().describe('Server version.'),
  apiVersion: z.string().describe('Version of the API description (info.version of the OpenAPI document).'),
  description: z.string().optional().describe('What the API offers.'),
  openapi: z.url().describe('The OpenAPI 3.1 document (JSON).'),
  openapiYaml: z.url().optional().describe('The same document as YAML.'),
  documentation: z.url().optional().describe('The API guide for people (HTML).'),
  mcp: z.url().optional().describe('The MCP tool server (Streamable HTTP).'),
  mcpRegistry: z.url().optional().describe('The tool server in an MCP registry.'),
  authentication: z.string().optional().describe('How to authenticate (optional for every endpoint but identity).'),
  endpoints: z.record(z.string(), z.url()).describe('Full URL of each endpoint, by name.'),
});
export type ApiRoot = z.infer<typeof apiRootSchema>;

/** The most requests one batch may carry. */
export const BATCH_MAX_REQUESTS = 10;

export const batchRequestSchema = z
  .object({
    requests: z
      .array(
        z
          .object({
            path: plainText().min(1).max(2048).describe('Path with query string of a GET endpoint, starting with /api/v1, e.g. /api/v1/search?q=ga4.'),
            method: plainText().default('GET').describe('Only GET (the default).'),
            id: z.union([plainText().max(255), z.number().int()]).optional().describe("Echoed in the result; defaults to the item's position (0-based)."),
          })
          .strict(),
      )
      .min(1)
      .max(BATCH_MAX_REQUESTS)
      .describe(`1 to ${BATCH_MAX_REQUESTS} GET requests, run in order.`),
  })
  .strict();
export type BatchRequest = z.infer<typeof batchRequestSchema>;

/** The batch answer; `bodies` are the schemas an item's body can have (every batchable success schema, and Problem). */
export function batchResponseSchema(bodies: readonly [z.ZodType, ...z.ZodType[]]) {
  return z.object({
    responses: z
      .array(
        z.object({
          id: z.union([z.string(), z.number().int()]).describe("The request's id, or its position (0-based)."),
          status: z.number().int().describe('The HTTP status the same GET would have had.'),
          body: (bodies.length === 1 ? bodies[0] : z.union(bodies)).describe('The body the same GET would have returned: its success schema or a Problem.'),
        }),
      )
      .describe('One result per request, in request order.'),
  });
}

export const agentIdentitySchema = z.object({
  authenticated: z.literal(true).describe('Always true: the request carried a valid token.'),
  sub: z.string().describe('The agent: its registration id from the token.'),
  scope: z.string().describe('The scope of the token: site:read.'),
  resource: z.url().describe('The protected resource the request was made to.'),
  rateLimit: z
    .object({
      policy: z.string().describe('Name of the rate limit policy: agent.'),
      limit: z.number().int().describe('Requests allowed per window.'),
      windowSeconds: z.number().int().describe('Length of the window in seconds.'),
    })
    .describe('The rate limit that applies to this agent.'),
});
