// One run of a built suite against a running server, in a process of its own so that its CPU (user +
// system, start-up included) is its own: `npm run bench` spawns this for the current suite and for the
// baseline alike. Plain JavaScript, so it runs any build of the suite as it is.
// Usage: node child.mjs SUITE_ENTRY BASE_URL API_KEY SEED MAX_EXAMPLES [--profile]
// Prints one JSON line: wall and CPU, requests, cells judged, failures, and the profile when asked.
import { pathToFileURL } from 'node:url';

const [entry, baseUrl, apiKey, seed, maxExamples, flag] = process.argv.slice(2);
/** The reason of a cell whose every judgement was an assumption's verdict: judged, though neither passed nor failed. */
const ASSUMPTIONS_ONLY = /every judgement here was about an assumption/;

const suite = await import(pathToFileURL(entry).href);
let profile;
const started = performance.now();
const report = await suite.runConformance({
  baseUrl,
  apiKey,
  seed: Number(seed),
  maxExamples: Number(maxExamples),
  ...(flag === '--profile' ? { profile: (p) => (profile = p) } : {}),
});
const runMs = performance.now() - started;
const cells = report.operations.flatMap((op) => op.results);
const cpu = process.cpuUsage();
process.stdout.write(
  `${JSON.stringify({
    runMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    requests: report.summary.requests,
    judged: cells.filter((c) => c.outcome !== 'skipped' || ASSUMPTIONS_ONLY.test(c.reason ?? '')).length,
    passed: report.summary.passed,
    failed: report.summary.failed,
    verdicts: report.provenance.reduce((n, p) => n + p.counts.confirmed + p.counts.refuted, 0),
    failures: cells.filter((c) => c.outcome === 'failed').map((c) => `${c.operationId} › ${c.check}: ${c.failures[0]?.message ?? ''}`),
    ...(profile ? { profile } : {}),
  })}\n`,
);
