// How `npm run bench` words the speed of a run: the profile of one run of the current suite, and the
// side-by-side of the current suite and the baseline (medians and ratios). The README's performance
// section is rendered from the same results (bench/speed.json), so both say it the same way.
import type { RunProfile } from '../../src/engine/profile.js';

/** One run of a suite in a child process, as the child reports it and the parent timed it. */
export interface RunRow {
  suite: 'current' | 'baseline';
  /** The child process, spawn to exit (start-up included). */
  wallMs: number;
  runMs: number;
  /** The child's user + system CPU. */
  cpuMs: number;
  requests: number;
  /** Cells (operation × check) judged: passed, failed, or judged on assumptions only. */
  judged: number;
  passed: number;
  failed: number;
  verdicts: number;
  failures: string[];
}

export interface Medians {
  wallMs: number;
  cpuMs: number;
  requests: number;
  judged: number;
}

/** What `npm run bench -- --write` keeps (bench/speed.json), and the README's section is rendered from. */
export interface SpeedResults {
  generatedBy: string;
  date: string;
  machine: { cpus: number; node: string };
  server: { latencyMs: number; pendingMs: number; completeMs: number };
  maxExamples: number;
  seed: number;
  baseline: string;
  pairs: number;
  current: Medians;
  baselineRun: Medians;
  ratios: { wall: number; cpu: number; requests: number };
  profile: RunProfile;
  /** The commit profiled as "before" (the suite before the run-speed work, with the profile option), and its profile. */
  before: string;
  profileBefore: RunProfile;
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const pad = (text: string | number, width: number) => String(text).padEnd(width);
const padStart = (text: string | number, width: number) => String(text).padStart(width);

export const median = (xs: readonly number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export function mediansOf(rows: readonly RunRow[]): Medians {
  return {
    wallMs: median(rows.map((r) => r.wallMs)),
    cpuMs: median(rows.map((r) => r.cpuMs)),
    requests: median(rows.map((r) => r.requests)),
    judged: median(rows.map((r) => r.judged)),
  };
}

export const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

/** The waits, as a reader names them. */
const WAIT_NAMES: Record<keyof RunProfile['waits'], string> = {
  balanceReadings: 'balance readings and prices',
  spendingWindows: 'spending windows (requests through the spend guard)',
  lifecyclePolls: 'following generations to their end',
  cleanup: 'cleanup',
  workerSlots: 'a free worker (requests in flight at once)',
};

/** The profile as lines: phases, sequences, waits, the slowest operations, the CPU of judging. */
export function profileLines(profile: RunProfile, top = 8): string[] {
  const lines = [`wall ${s(profile.wallMs)}, CPU ${s(profile.cpuMs)} (the engine; start-up aside)`, ''];
  lines.push(`${pad('phase', 10)} ${padStart('from', 8)} ${padStart('to', 8)} ${padStart('requests', 9)} ${padStart('request time', 13)}`);
  for (const p of profile.phases)
    lines.push(`${pad(p.phase, 10)} ${padStart(s(p.startMs), 8)} ${padStart(s(p.endMs), 8)} ${padStart(p.requests, 9)} ${padStart(s(p.requestMs), 13)}`);
  lines.push('', 'stateful sequences:');
  for (const q of profile.sequences) lines.push(`  ${pad(q.check, 30)} ${s(q.startMs)} → ${s(q.endMs)}`);
  lines.push('', 'waits (summed; waits that overlap each count):');
  for (const [kind, name] of Object.entries(WAIT_NAMES) as [keyof RunProfile['waits'], string][]) {
    const wait = profile.waits[kind];
    if (wait) lines.push(`  ${pad(name, 54)} ${padStart(wait.count, 5)} × ${padStart(s(wait.ms), 8)}`);
  }
  const slowest = [...profile.operations].sort((a, b) => b.endMs - b.startMs - (a.endMs - a.startMs)).slice(0, top);
  lines.push('', `slowest operations (their phases' span):`);
  for (const o of slowest) lines.push(`  ${pad(o.operationId, 22)} ${padStart(s(o.endMs - o.startMs), 8)} ${padStart(o.requests, 5)} requests`);
  const judging = profile.cpu.reduce((n, c) => n + c.ms, 0);
  lines.push('', `CPU of judging and deciding intents: ${s(judging)} of ${s(profile.cpuMs)}`);
  for (const c of profile.cpu.slice(0, top)) lines.push(`  ${pad(c.section, 40)} ${padStart(`${Math.round(c.ms)} ms`, 8)} ${padStart(c.calls, 7)} calls`);
  return lines;
}

const span = (p: { startMs: number; endMs: number } | undefined) => (p ? `${s(p.startMs)} → ${s(p.endMs)}` : '—');
const change = (a: number | undefined, b: number | undefined, unit: (n: number) => string = String) =>
  `${a === undefined ? '—' : unit(a)} → ${b === undefined ? '—' : unit(b)}`;

/** Each phase of either profile: its span before and after, its requests and their summed time before → after. */
function phaseChanges(before: RunProfile, after: RunProfile) {
  const names = [...new Set([...before.phases, ...after.phases].map((p) => p.phase))];
  return names.map((phase) => {
    const b = before.phases.find((p) => p.phase === phase);
    const a = after.phases.find((p) => p.phase === phase);
    return { phase, before: span(b), after: span(a), requests: change(b?.requests, a?.requests), requestTime: change(b?.requestMs, a?.requestMs, s) };
  });
}

/**
 * Two profiles side by side, phase by phase: before (the suite before this work, profiled) → after
 * (the current suite). A phase's span runs from its first start to its last end; before, every
 * operation ran its phases one after another, so the spans of the per-operation phases overlap.
 */
export function profileComparisonLines(before: RunProfile, after: RunProfile): string[] {
  const judging = (p: RunProfile) => p.cpu.reduce((n, c) => n + c.ms, 0);
  const lines = [
    `engine wall ${change(before.wallMs, after.wallMs, s)}, CPU ${change(before.cpuMs, after.cpuMs, s)} (of which judging ${change(judging(before), judging(after), s)})`,
    '',
    `${pad('phase', 10)} ${pad('span before', 19)} ${pad('span after', 19)} ${pad('requests', 13)} request time (summed)`,
  ];
  for (const p of phaseChanges(before, after))
    lines.push(`${pad(p.phase, 10)} ${pad(p.before, 19)} ${pad(p.after, 19)} ${pad(p.requests, 13)} ${p.requestTime}`);
  lines.push('', 'waits (summed; waits that overlap each count):');
  for (const [kind, name] of Object.entries(WAIT_NAMES) as [keyof RunProfile['waits'], string][]) {
    const b = before.waits[kind];
    const a = after.waits[kind];
    if (b?.count || a?.count) lines.push(`  ${pad(name, 54)} ${pad(change(b?.count, a?.count), 13)} ${change(b?.ms, a?.ms, s)}`);
  }
  return lines;
}

/** The engine's own time and the waits, before → after, as README lines. */
function engineAndWaits(before: RunProfile, after: RunProfile): string[] {
  const judging = (p: RunProfile) => p.cpu.reduce((n, c) => n + c.ms, 0);
  const lines = [
    `The engine alone (start-up aside): wall ${change(before.wallMs, after.wallMs, s)}, CPU ${change(before.cpuMs, after.cpuMs, s)}, of which judging ${change(judging(before), judging(after), s)}.`,
    '',
    '| waits (summed; waits that overlap each count) | count | time |',
    '| --- | --- | --- |',
  ];
  for (const [kind, name] of Object.entries(WAIT_NAMES) as [keyof RunProfile['waits'], string][]) {
    const b = before.waits[kind];
    const a = after.waits[kind];
    if (b?.count || a?.count) lines.push(`| ${name} | ${change(b?.count, a?.count)} | ${change(b?.ms, a?.ms, s)} |`);
  }
  return lines;
}

/** The side-by-side: every run, then the medians and the ratios current ÷ baseline. */
export function comparisonLines(rows: readonly RunRow[], baseline: string): string[] {
  const lines = [
    `${pad('run', 5)} ${pad('suite', 24)} ${padStart('wall', 8)} ${padStart('CPU', 8)} ${padStart('requests', 9)} ${padStart('judged', 7)} ${padStart('failed', 7)}`,
  ];
  rows.forEach((r, i) => {
    const name = r.suite === 'current' ? 'current' : `baseline ${baseline.slice(0, 7)}`;
    lines.push(
      `${pad(i + 1, 5)} ${pad(name, 24)} ${padStart(s(r.wallMs), 8)} ${padStart(s(r.cpuMs), 8)} ${padStart(r.requests, 9)} ${padStart(r.judged, 7)} ${padStart(r.failed, 7)}`,
    );
  });
  const current = mediansOf(rows.filter((r) => r.suite === 'current'));
  const base = mediansOf(rows.filter((r) => r.suite === 'baseline'));
  lines.push(
    '',
    `medians: current ${s(current.wallMs)} wall, ${s(current.cpuMs)} CPU, ${current.requests} requests, ${current.judged} cells judged`,
    `         baseline ${s(base.wallMs)} wall, ${s(base.cpuMs)} CPU, ${base.requests} requests, ${base.judged} cells judged`,
    `ratios (current ÷ baseline): wall ${ratio(current.wallMs, base.wallMs)}×, CPU ${ratio(current.cpuMs, base.cpuMs)}×, requests ${ratio(current.requests, base.requests)}×`,
  );
  return lines;
}

/** The README's performance section, from the kept results. */
export function speedSection(results: SpeedResults): string {
  const { server, current, baselineRun: base, ratios, profile } = results;
  const row = (what: string, a: string, b: string, r: string) => `| ${what} | ${a} | ${b} | ${r} |`;
  return [
    `Measured by \`npm run bench\` on ${results.date} (${results.machine.cpus} cores, Node ${results.machine.node}): a full run (\`--max-examples ${results.maxExamples}\`, seed ${results.seed}) against a fresh sandbox per run that answers like the live API — every answer after ${server.latencyMs} ms, media pending after ${server.pendingMs / 1000} s and done after ${server.completeMs / 1000} s — the current suite and the suite as of \`${results.baseline.slice(0, 7)}\` side by side, interleaved, ${results.pairs} pairs, medians. Wall and CPU are the child process's (start-up included).`,
    '',
    '| | current | baseline | current ÷ baseline |',
    '| --- | --- | --- | --- |',
    row('wall time', s(current.wallMs), s(base.wallMs), `${ratios.wall}×`),
    row('CPU (user + system)', s(current.cpuMs), s(base.cpuMs), `${ratios.cpu}×`),
    row('requests', String(current.requests), String(base.requests), `${ratios.requests}×`),
    row('cells judged', String(current.judged), String(base.judged), ''),
    '',
    `Where a run's time goes, phase by phase: before (\`${results.before.slice(0, 7)}\`, the suite before this work with only the profile option added) → after (the current suite), one profiled run each:`,
    '',
    '| phase | span before | span after | requests | request time (summed) |',
    '| --- | --- | --- | --- | --- |',
    ...phaseChanges(results.profileBefore, profile).map((p) => `| ${p.phase} | ${p.before} | ${p.after} | ${p.requests} | ${p.requestTime} |`),
    '',
    "A phase's span runs from its first start to its last end (before, each operation ran its phases one after another, so those spans overlap).",
    '',
    ...engineAndWaits(results.profileBefore, profile),
    '',
    "The current suite's profile in full:",
    '',
    '```',
    ...profileLines(profile),
    '```',
  ].join('\n');
}
