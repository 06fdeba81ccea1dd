/**
 * Runs before each test file (vitest.config.ts `setupFiles`). Test files share their worker
 * process and its module cache (`isolate: false`), so what a file must not inherit from the one
 * before it is reset here: the throwaway data directory. A hook a shared helper module registered
 * when it was first imported would run for that first file only, so the temporary directories
 * helpers make are removed here, after each file.
 */
import { afterAll } from 'vitest';
import { forgetTestDataDir } from './data-dir.js';
import { removeTempDirs } from './temp-dirs.js';

forgetTestDataDir();
afterAll(removeTempDirs);
