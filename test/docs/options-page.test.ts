import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPTIONS } from '../../src/config/options.js';
import { REPO_ROOT } from '../helpers/paths.js';

describe('docs/options.md', () => {
  const page = readFileSync(path.join(REPO_ROOT, 'docs', 'options.md'), 'utf8');

  it('documents every option as a flag and an environment variable', () => {
    for (const spec of Object.values(OPTIONS)) {
      expect(page).toContain(`| \`--${spec.flag}\` | \`${spec.env}\` |`);
    }
  });

  it('documents no option that does not exist', () => {
    const rows = [...page.matchAll(/^\| `--([a-z0-9-]+)` \| `([A-Z0-9_]+)` \|/gm)].map((match) => `--${match[1]} ${match[2]}`);
    expect(rows.sort()).toEqual(Object.values(OPTIONS).map((spec) => `--${spec.flag} ${spec.env}`).sort());
  });
});
