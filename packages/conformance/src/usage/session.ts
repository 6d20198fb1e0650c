// Usage kept from a proxy session (`media-conformance proxy --usage FILE --consumer NAME`): the
// proxy records its exchanges as HAR (to its `--har` file, or to a temporary one), and when it stops
// the recording is read into the consumer's usage file, as `media-conformance usage` reads any
// recording. (Reading the recording keeps usage to one reader of exchanges, with its bounds and masking.)
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RunError } from '../model/terms.js';
import { refuseIrregularFile } from '../plumbing/files.js';
import { consumerName, MAX_USAGE_BYTES } from './format.js';
import { usageOfHar } from './from-har.js';
import { recordUsage } from './store.js';

export interface UsageSession {
  /** Where the proxy must record its exchanges. */
  har: string;
  /** Merges the session's usage into the usage file (and removes a temporary recording): the line to print, or why it could not. */
  finish(): Promise<{ line: string } | { error: string }>;
}

export function usageSession(options: { usage: string; consumer: string | undefined; har?: string; upstream: string }): UsageSession {
  const consumer = consumerName(options.consumer);
  // A usage file that could never be merged into (a device, a FIFO, a folder, past its bound) is refused before the proxy starts.
  refuseIrregularFile(options.usage, 'usage file', MAX_USAGE_BYTES);
  // A temporary recording is a file the proxy creates on its first exchange (none when it never starts).
  const temporary = options.har === undefined ? join(tmpdir(), `mediagen-usage-${randomUUID()}.har`) : undefined;
  const har = options.har ?? temporary!;
  return {
    har,
    async finish() {
      try {
        const { usage, skipped } = await usageOfHar(har, consumer, { baseUrl: options.upstream });
        const merged = await recordUsage(options.usage, usage);
        return {
          line: [...skipped, `usage of ${consumer}: ${usage.exchanges} exchanges merged into ${options.usage} (${merged.exchanges} in all)`].join('\n'),
        };
      } catch (error) {
        if (!(error instanceof RunError)) throw error;
        return { error: error.message };
      } finally {
        if (temporary) rmSync(temporary, { force: true });
      }
    },
  };
}
