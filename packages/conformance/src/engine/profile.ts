// Where a run's time goes, measured only when its caller asks (the `profile` option): each phase and
// each operation from its first start to its last end with the requests sent in it, the stateful
// sequences, the time spent in balance readings, waiting for a spending window, following generations
// to their end and cleaning up, and the CPU of judging by section. The engine's parts report here; a
// run without a profile times nothing.
import type { SectionClock } from '../model/clock.js';

/** When something started and ended, in ms from the run's start. */
export interface Span {
  startMs: number;
  endMs: number;
}

export interface RequestTally {
  requests: number;
  /** The requests' own time (sent to answered), summed: requests in flight together each count. */
  requestMs: number;
}

export type ProfiledPhase = 'probe' | 'setup' | 'stateful' | 'examples' | 'coverage' | 'auth' | 'fuzzing' | 'cleanup';

export type WaitKind = 'balanceReadings' | 'spendingWindows' | 'lifecyclePolls' | 'cleanup' | 'workerSlots';

export interface RunProfile {
  /** The engine's wall time, target start-up and shutdown aside. */
  wallMs: number;
  /** CPU of the whole process while the run went (user + system). */
  cpuMs: number;
  phases: ({ phase: ProfiledPhase } & Span & RequestTally)[];
  /** Each operation: the span of its phases, and the requests sent to it (by any phase). */
  operations: ({ operationId: string } & Span & RequestTally)[];
  /** Each stateful check's sequence. */
  sequences: ({ check: string } & Span)[];
  /** What waited and how long, summed (waits that overlap each count). */
  waits: Record<WaitKind, { count: number; ms: number }>;
  /** CPU of judging and of deciding what a request is for, by section. */
  cpu: { section: string; calls: number; ms: number }[];
}

const WAITS: readonly WaitKind[] = ['balanceReadings', 'spendingWindows', 'lifecyclePolls', 'cleanup', 'workerSlots'];

export class Profiler implements SectionClock {
  private readonly t0 = performance.now();
  private readonly cpu0 = process.cpuUsage();
  private readonly spans = new Map<string, Span>();
  private readonly tallies = new Map<string, RequestTally>();
  private readonly waited = new Map<WaitKind, { count: number; ms: number }>(WAITS.map((kind) => [kind, { count: 0, ms: 0 }]));
  private readonly sections = new Map<string, { calls: number; ms: number }>();

  /** Milliseconds since the run started. */
  now(): number {
    return performance.now() - this.t0;
  }

  time<T>(section: string, fn: () => T): T {
    const start = performance.now();
    try {
      return fn();
    } finally {
      const entry = this.sections.get(section) ?? { calls: 0, ms: 0 };
      entry.calls++;
      entry.ms += performance.now() - start;
      this.sections.set(section, entry);
    }
  }

  /** Runs `fn` as part of `key` (`phase:fuzzing`, `operation:listModels`, `sequence:…`): the span grows to hold it. */
  async span<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const startMs = this.now();
    try {
      return await fn();
    } finally {
      const endMs = this.now();
      const span = this.spans.get(key);
      if (!span) this.spans.set(key, { startMs, endMs });
      else {
        span.startMs = Math.min(span.startMs, startMs);
        span.endMs = Math.max(span.endMs, endMs);
      }
    }
  }

  /** A request sent in `phase` to `operationId`, that took `ms`. */
  request(phase: ProfiledPhase, operationId: string, ms: number): void {
    for (const key of [`phase:${phase}`, `operation:${operationId}`]) {
      const tally = this.tallies.get(key) ?? { requests: 0, requestMs: 0 };
      tally.requests++;
      tally.requestMs += ms;
      this.tallies.set(key, tally);
    }
  }

  wait(kind: WaitKind, ms: number): void {
    const entry = this.waited.get(kind)!;
    entry.count++;
    entry.ms += ms;
  }

  /** Times an asynchronous wait of `kind`. */
  async waiting<T>(kind: WaitKind, fn: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await fn();
    } finally {
      this.wait(kind, performance.now() - start);
    }
  }

  /** The spans under `prefix`, each with the name after it, in the order they started. */
  private spansOf(prefix: string): ({ name: string } & Span)[] {
    return [...this.spans]
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, span]) => ({ name: key.slice(prefix.length), startMs: round(span.startMs), endMs: round(span.endMs) }))
      .sort((a, b) => a.startMs - b.startMs);
  }

  private tallyOf(key: string): RequestTally {
    const tally = this.tallies.get(key) ?? { requests: 0, requestMs: 0 };
    return { requests: tally.requests, requestMs: round(tally.requestMs) };
  }

  result(): RunProfile {
    const cpu = process.cpuUsage(this.cpu0);
    return {
      wallMs: round(this.now()),
      cpuMs: round((cpu.user + cpu.system) / 1000),
      phases: this.spansOf('phase:').map(({ name, ...span }) => ({ phase: name as ProfiledPhase, ...span, ...this.tallyOf(`phase:${name}`) })),
      operations: this.spansOf('operation:').map(({ name, ...span }) => ({ operationId: name, ...span, ...this.tallyOf(`operation:${name}`) })),
      sequences: this.spansOf('sequence:').map(({ name, ...span }) => ({ check: name, ...span })),
      waits: Object.fromEntries([...this.waited].map(([kind, { count, ms }]) => [kind, { count, ms: round(ms) }])) as RunProfile['waits'],
      cpu: [...this.sections].map(([section, { calls, ms }]) => ({ section, calls, ms: round(ms) })).sort((a, b) => b.ms - a.ms),
    };
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;
