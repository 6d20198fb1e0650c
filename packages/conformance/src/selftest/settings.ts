// What every suite run of the self-test is given: the broken targets, the faithful ones and the
// counter-servers are each run as a live run would be, with a live run's credit cap.
import type { RunBudgets } from '../plumbing/budgets.js';

/** The budget of every self-test run: what a live run of the suite is given. */
export const SELFTEST_MAX_CREDITS = 50;

/**
 * The per-request time limit of every self-test run. Its targets are loopback servers in the process
 * that runs it, beside other runs going side by side: a request to them takes seconds only when that
 * process is starved (a loaded machine, another run's judging holding its event loop), and the default
 * limit (15 s) could then end a request and fail a cell no server broke. No target of the self-test is
 * about time limits (the hostile tests are): here a limit only catches a hang.
 */
export const SELFTEST_BUDGETS: Partial<RunBudgets> = { timeoutMs: 300_000 };
