import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dump } from 'js-yaml';
import { parseYaml } from '../content/parse-yaml.js';

export type SiteFileOutcome = 'written' | 'updated' | 'unchanged' | 'kept-edits';

/**
 * Writes site.yaml from what the site states, without ever overwriting the person's edits. The
 * file the importer last wrote is kept beside the state (`.import/site.generated.yaml`); on a
 * re-run each top-level field that the person left as generated takes the new value, and each
 * field they changed (or added) stays as they wrote it.
 */
export async function writeSiteFile(outDir: string, stateDir: string, draft: Record<string, unknown>, header: string): Promise<SiteFileOutcome> {
  const sitePath = path.join(outDir, 'site.yaml');
  const generatedPath = path.join(stateDir, 'site.generated.yaml');
  const current = await readYaml(sitePath);
  const previous = await readYaml(generatedPath);
  await mkdir(stateDir, { recursive: true });
  await writeFile(generatedPath, dump(draft, { lineWidth: 100, noRefs: true }));
  if (current === undefined) {
    await writeFile(sitePath, header + dump(draft, { lineWidth: 100, noRefs: true }));
    return 'written';
  }
  const merged: Record<string, unknown> = {};
  let kept = false;
  for (const key of new Set([...Object.keys(draft), ...Object.keys(current)])) {
    const edited = previous === undefined ? key in current : !same(current[key], previous[key]);
    if (edited && key in current) {
      merged[key] = current[key];
      if (!same(current[key], draft[key])) kept = true;
    } else if (key in draft) merged[key] = draft[key];
  }
  if (same(merged, current)) return kept ? 'kept-edits' : 'unchanged';
  await writeFile(sitePath, header + dump(merged, { lineWidth: 100, noRefs: true }));
  return kept ? 'kept-edits' : 'updated';
}

async function readYaml(file: string): Promise<Record<string, unknown> | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  const value = parseYaml(text);
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
