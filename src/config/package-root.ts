import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface PackageInfo {
  readonly root: string;
  readonly name: string;
  readonly version: string;
}

/**
 * The installed package's root and manifest. Found by walking up from this file, because the
 * same code runs from `src/` under tsx and from `dist/src/` when compiled or installed by npx.
 */
export function packageInfo(): PackageInfo {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'package.json');
    try {
      const manifest = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string; version?: string };
      if (manifest.name === 'site-content-mcp' && typeof manifest.version === 'string') {
        return { root: dir, name: manifest.name, version: manifest.version };
      }
    } catch {
      // No manifest here; keep walking up.
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('site-content-mcp: cannot find its own package.json');
    dir = parent;
  }
}

/** The sample site shipped with the package. */
export function bundledContentDir(): string {
  return path.join(packageInfo().root, 'content');
}
