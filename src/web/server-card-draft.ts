/**
 * The names the MCP Server Card draft fixes (SEP-2127; the extension repository
 * modelcontextprotocol/experimental-ext-server-card at 8924e08, 2026-07-24: see
 * docs/decisions/0138-server-card-draft.md): where a domain lists its cards, where a server may
 * host its own, and the media types of both. Our server publishes by them (src/mcp/server-card.ts)
 * and the AI-visibility scan looks for them on other sites (src/scan/checks/ai/agent-catalog.ts):
 * when the draft moves, both move together.
 */
export const AI_CATALOG_PATH = '/.well-known/ai-catalog.json';
export const AI_CATALOG_TYPE = 'application/ai-catalog+json';
/** Reserved under the Streamable HTTP endpoint's own address (`/mcp/server-card`). */
export const SERVER_CARD_PATH = '/server-card';
export const SERVER_CARD_TYPE = 'application/mcp-server-card+json';
