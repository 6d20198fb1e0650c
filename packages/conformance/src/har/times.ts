// The times of a recorded entry: when it started and how long it took. One that is not a time
// (`1e308`, `-3`, `"NaN"`, a date past 9999) is a note naming the entry, and the entry is judged
// without it: a recording is dated by its entries (an evidence file writes the date), and no date
// arithmetic may fail on it.
import type { KeyMasker } from '@mediagen/schema/util';
import { MAX_TIMER_MS } from '../plumbing/budgets.js';

type Json = Record<string, unknown>;

/** The earliest and latest instants a recording's entry may start at (a year an evidence file can write). */
const EARLIEST_MS = Date.UTC(1970, 0, 1);
const LATEST_MS = Date.UTC(9999, 11, 31) - MAX_TIMER_MS;

/** A value as a note quotes it: masked first, then cut (a cut key would no longer be seen as one). */
const shown = (value: unknown, mask: KeyMasker) => (value === undefined ? 'nothing' : mask.text(JSON.stringify(value) ?? String(value)).slice(0, 40));

/** The entry's start and duration, with a note for each that is not one (the entry is judged without it). */
export function timesOf(entry: Json, where: string, mask: KeyMasker): { startedMs: number; durationMs: number; notes: string[] } {
  const notes: string[] = [];
  const started = typeof entry.startedDateTime === 'string' ? Date.parse(entry.startedDateTime) : Number.NaN;
  let startedMs = 0;
  if (Number.isFinite(started) && started >= EARLIEST_MS && started <= LATEST_MS) startedMs = started;
  else notes.push(`${where}.startedDateTime: expected an ISO 8601 date from 1970 to 9999, got ${shown(entry.startedDateTime, mask)}: judged without it`);
  const time = entry.time;
  let durationMs = 0;
  if (typeof time === 'number' && Number.isFinite(time) && time >= 0 && time <= MAX_TIMER_MS) durationMs = time;
  else notes.push(`${where}.time: expected milliseconds from 0 to ${MAX_TIMER_MS}, got ${shown(time, mask)}: judged without it`);
  return { startedMs, durationMs, notes };
}
