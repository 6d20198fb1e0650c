// The proxy's HAR recording, contained: a write that fails (a full disk, a file that went away) is said
// once and ends the recording, never the proxy: every exchange is still forwarded and judged, and its
// violation lines still print.

import type { Exchange } from '../model/exchange.js';
import { refuseIrregularFile } from '../plumbing/files.js';
import { HarWriter } from '../report/har.js';

export class ContainedHar {
  private readonly writer: HarWriter;
  private failure: string | undefined;

  constructor(
    readonly path: string,
    private readonly onError: (message: string) => void,
  ) {
    // A device, a FIFO or a folder at the path is refused before the proxy starts, in one line.
    refuseIrregularFile(path, '--har');
    this.writer = new HarWriter(path);
  }

  /** Why the recording stopped, once it did. */
  get failed(): string | undefined {
    return this.failure;
  }

  private fail(error: unknown): void {
    this.failure = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    this.onError(`the HAR file ${this.path} could not be written (${this.failure}): exchanges from now on are not recorded; the proxy goes on`);
  }

  record(exchange: Exchange): void {
    if (this.failure) return;
    try {
      this.writer.record(exchange);
    } catch (error) {
      this.fail(error);
    }
  }

  async close(): Promise<void> {
    if (this.failure) return;
    try {
      await this.writer.close();
    } catch (error) {
      this.fail(error);
    }
  }
}
