import { watch, type FSWatcher } from 'node:fs';

/** Editors and sync tools write a change as several events (temp file, rename, chmod): one reload follows them. */
export const WATCH_DEBOUNCE_MS = 300;

export interface ContentWatch {
  close(): void;
}

/**
 * Calls `onChange` once the files under `dir` have stopped changing for `debounceMs`. Watches the
 * directory tree (site.yaml and pages/), so files that are replaced, added or deleted are seen;
 * a watcher that fails (the directory was removed) is reported and the server keeps serving.
 */
export function watchContentDir(dir: string, onChange: () => void, onError: (error: Error) => void, debounceMs = WATCH_DEBOUNCE_MS): ContentWatch {
  let timer: NodeJS.Timeout | undefined;
  const watcher: FSWatcher = watch(dir, { recursive: true, persistent: false }, () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, debounceMs);
  });
  watcher.on('error', onError);
  return {
    close() {
      clearTimeout(timer);
      watcher.close();
    },
  };
}
