import { OPTIONS } from '../config/options.js';

/** `--help`: generated from the options table, so it never misses an option. */
export function helpText(version: string): string {
  const rows = Object.values(OPTIONS).map((spec) => {
    const left = spec.hint === '' ? `  --${spec.flag}` : `  --${spec.flag} ${spec.hint}`;
    return `${left}\n      ${spec.description} [env ${spec.env}]`;
  });
  return [
    `site-content-mcp ${version}: one website's published content for AI agents.`,
    '',
    'Usage:',
    '  site-content-mcp [options]         serve MCP over stdio (for desktop assistants)',
    '  site-content-mcp serve [options]   serve HTTP: /mcp, /api/v1, Markdown pages, llms.txt',
    '  site-content-mcp import <url> --out <dir>   import a live website into a content directory',
    '  site-content-mcp import --explain <url>     show what the importer decides about one page, and why',
    '  site-content-mcp check <dir>       validate a content directory as serve does',
    '  site-content-mcp insights          agent traffic of the last 30 days as tables (REDIS_URL or DATA_DIR as the server)',
    '',
    'Options (each also an environment variable; a flag wins):',
    ...rows,
    '  -h, --help       show this help',
    '  -v, --version    show the version',
    '',
  ].join('\n');
}
