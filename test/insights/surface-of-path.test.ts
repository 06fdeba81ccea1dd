import { describe, expect, it } from 'vitest';
import { surfaceOfPath } from '../../src/insights/http-edge.js';

/** Which door a request came through, by its path: what the insights page counts per surface. */
describe('the surface of a request path', () => {
  it.each([
    ['/api/v1', 'rest'],
    ['/api/v1/page', 'rest'],
    ['/api/v1/search', 'rest'],
    ['/mcp', 'mcp'],
    ['/mcp/', 'mcp'],
    ['/ask', 'ask'],
    ['/ask/', 'ask'],
    ['/robots.txt', 'robots-txt'],
    ['/llms.txt', 'llms-txt'],
    ['/llms-full.txt', 'llms-txt'],
    ['/pricing.md', 'pricing-md'],
    ['/sitemap.xml', 'sitemap'],
    ['/sitemap-pl.xml', 'sitemap'],
    ['/schemamap.xml', 'sitemap'],
    ['/', 'html'],
    ['/pl/uslugi/', 'html'],
    ['/api/v10', 'html'],
    ['/mcpx', 'html'],
    ['/asked/', 'html'],
    ['/pl/uslugi.md', 'markdown'],
    ['/index.md', 'markdown'],
  ] as const)('%s is counted as %s', (path, surface) => {
    expect(surfaceOfPath(path)).toBe(surface);
  });

  it.each(['/.well-known/oauth-authorization-server', '/oauth/authorize', '/agent', '/agent/x', '/admin/', '/admin', '/mcp/server-card', '/favicon.ico', '/favicon.svg'])(
    '%s is not counted',
    (path) => {
      expect(surfaceOfPath(path)).toBeUndefined();
    },
  );
});
