// Following a document file while a mock serves it (`--watch`): its modification time is polled,
// so an editor that replaces the file instead of writing it in place is followed too, and a burst
// of writes (an emit writing the JSON and the YAML) is one change.
import { type Stats, unwatchFile, watchFile } from 'node:fs';

export interface Watching {
  close(): void;
}

/** Calls `onChange` once per settled change of `path` (polled every `intervalMs`). */
export function watchDocument(path: string, onChange: () => void, intervalMs = 250): Watching {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listener = (current: Stats, previous: Stats) => {
    if (current.mtimeMs === previous.mtimeMs && current.size === previous.size) return;
    clearTimeout(timer);
    timer = setTimeout(onChange, intervalMs);
    timer.unref();
  };
  watchFile(path, { interval: intervalMs, persistent: false }, listener);
  return {
    close: () => {
      clearTimeout(timer);
      unwatchFile(path, listener);
    },
  };
}
