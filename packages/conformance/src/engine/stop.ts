// A run that stops before its end: by a signal (Ctrl-C), its deadline, or a target that stopped
// answering. Thrown from the next request; the run unwinds, cleans up and still writes its reports.
import type { Stopped } from '../judging/run-record.js';

export class RunStopped extends Error {
  constructor(readonly stopped: Stopped) {
    super(stopped.reason);
    this.name = 'RunStopped';
  }
}
