// Timing sections of synchronous work (a run's profile: where judging spends its CPU). A leaf: the
// judge and the checks time their parts through it, and only a run that asks for its profile passes
// a clock that measures; otherwise the work runs as it is.

export interface SectionClock {
  /** Runs `fn`, counting its time under `section`. */
  time<T>(section: string, fn: () => T): T;
}

/** The clock of a run that measures nothing. */
export const untimed: SectionClock = { time: (_section, fn) => fn() };
