// What listens to a run's exchanges as they finish (the HAR writer, the evidence collector): each gets
// every exchange, key masked, and is told when the run ends. A recorder that throws (a full disk, an
// unwritable path) is dropped with a note; it never ends the run, and the others go on.
import type { Exchange } from './exchange.js';

export interface ExchangeRecorder {
  record(exchange: Exchange): void;
  /** The run ended (flush and close what was opened). */
  close?(): Promise<void>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The run's recorders, each contained: the first failure of one is noted, it is closed and records no more. */
export function containRecorders(recorders: readonly ExchangeRecorder[], note: (message: string) => void) {
  const live = new Set(recorders);
  const drop = (recorder: ExchangeRecorder, error: unknown) => {
    if (!live.delete(recorder)) return;
    note(`a recorder failed and records no more: ${messageOf(error)}`);
    // It releases what it opened; a second failure there says nothing new.
    Promise.resolve()
      .then(() => recorder.close?.())
      .catch(() => undefined);
  };
  return {
    get active(): boolean {
      return live.size > 0;
    },
    record(exchange: Exchange): void {
      for (const recorder of [...live]) {
        try {
          // A recorder may answer with a promise (an asynchronous one): its rejection is a failure too.
          const pending = recorder.record(exchange) as unknown;
          if (pending instanceof Promise) pending.catch((error: unknown) => drop(recorder, error));
        } catch (error) {
          drop(recorder, error);
        }
      }
    },
    async close(): Promise<void> {
      for (const recorder of [...live]) {
        live.delete(recorder);
        await Promise.resolve()
          .then(() => recorder.close?.())
          .catch((error: unknown) => note(`a recorder failed: ${messageOf(error)}`));
      }
    },
  };
}
