/**
 * Runs before each test file (vitest.config.ts `setupFiles`). Test files share their worker
 * process and its module cache (`isolate: false`), so what a file must not inherit from the one
 * before it is reset here: the throwaway data directory.
 */
import { forgetTestDataDir } from './data-dir.js';

forgetTestDataDir();
