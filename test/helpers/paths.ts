import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SAMPLE_SITE = path.join(REPO_ROOT, 'content');
export const MINI_SITE = path.join(REPO_ROOT, 'test', 'fixtures', 'sites', 'mini');
/** The bundled CLI, as `npm run build` leaves it and as the published package's bin runs it. */
export const BUILT_CLI = path.join(REPO_ROOT, 'dist', 'bin', 'main.js');
