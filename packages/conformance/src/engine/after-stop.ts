// How requests go out once the run has stopped (its deadline, a signal, a silent target). Cleanup's
// requests go under cleanup's own signal and time limit. A request that can create something and was
// already on the wire at the stop is cut not by the stop but by cleanup's time: cut at the stop, it may
// have created what the run never hears of (an upload slot made, its answer cut), and cleanup cannot
// undo what it does not know. The run's stop still keeps any request, and any retry, from starting.
import type { OperationSpec } from '@mediagen/schema';

export interface SendOverrides {
  signal?: AbortSignal;
  timeoutMs?: number;
  onTheWire?: AbortSignal;
}

export class AfterStop {
  /** Set while cleanup runs: its own signal and time limit. */
  private cleanup: { signal: AbortSignal; timeoutMs: number } | undefined;
  /** Cuts the creations on the wire: fired by cleanup's time. */
  private readonly creationsCut = new AbortController();
  /** Requests that can create something, from their send to their registration. */
  private readonly creating = new Set<Promise<unknown>>();

  get draining(): boolean {
    return this.cleanup !== undefined;
  }

  /** From now on requests go out under cleanup's own deadline, whatever stopped the run. */
  drain(deadlineMs: number, requestMs: number): void {
    const signal = AbortSignal.timeout(deadlineMs);
    this.cleanup = { signal, timeoutMs: requestMs };
    signal.addEventListener('abort', () => this.creationsCut.abort(signal.reason), { once: true });
  }

  /** The signal and time limit a request of `op` goes out with. */
  overrides(op: OperationSpec): SendOverrides {
    return this.cleanup ?? (op.creates ? { onTheWire: this.creationsCut.signal } : {});
  }

  /** Follows a request of `op` from its send to its registration, when it can create something. */
  track<T>(op: OperationSpec, sent: Promise<T>): Promise<T> {
    if (!op.creates) return sent;
    this.creating.add(sent);
    return sent.finally(() => this.creating.delete(sent));
  }

  /** Once every creation that was on the wire has its answer (what it made registered), or was cut by cleanup's time. */
  async creationsSettled(): Promise<void> {
    await Promise.allSettled([...this.creating]);
  }
}
