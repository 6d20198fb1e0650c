// describeConformance inside a vitest file: one test per operation × check, run once in beforeAll.
import { describe, expect, it } from 'vitest';
import { MAX_SHOWN_LINE } from '../../src/report/terminal.js';
import { describeConformance, failureText, MAX_FAILURES_SHOWN, unjudgedText } from '../../src/vitest.js';

const suite = describeConformance({
  title: 'sandbox conformance',
  target: 'sandbox',
  operations: ['listModels', 'getMedia', 'deleteMedia'],
  skip: ['ignored_auth'],
  maxExamples: 4,
});

describe('the registered tests', () => {
  it('ran the suite once and kept the report', () => {
    // The describe block above ran first (vitest runs files top to bottom).
    const report = suite.report();
    expect(report?.ok).toBe(true);
    expect(report?.operations.map((o) => o.operationId).sort()).toEqual(['deleteMedia', 'getMedia', 'listModels']);
    expect(report?.checks.some((c) => c.id === 'ignored_auth')).toBe(false);
  });
});

describe("a failing test's message", () => {
  it('is bounded: each line at most MAX_SHOWN_LINE characters and at most MAX_FAILURES_SHOWN judgements, saying what was cut', () => {
    const body = `{"prompt":"${'x'.repeat(73_000)}"}`;
    const failure = {
      phase: 'examples' as const,
      message: `answer ${'y'.repeat(70_000)}`,
      curl: `curl -X POST 'http://127.0.0.1:1/pub/v1/generations' -d '${body}'`,
    };
    const text = failureText({
      operationId: 'generateMedia',
      check: 'response_schema_conformance',
      severity: 'error',
      outcome: 'failed',
      passes: 0,
      failureCount: 40,
      failures: Array.from({ length: 25 }, () => failure),
    });
    const lines = text.split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(MAX_SHOWN_LINE + 120);
    expect(text).toContain('more characters cut: the whole line is in the JSON, JUnit and HTML reports');
    expect(text).toContain(`… ${40 - MAX_FAILURES_SHOWN} more failing judgement(s)`);
    expect(text.length).toBeLessThan((MAX_FAILURES_SHOWN * 2 + 2) * (MAX_SHOWN_LINE + 120));
    // A short failure is shown whole.
    const short = failureText({
      operationId: 'listModels',
      check: 'envelope_conformance',
      severity: 'error',
      outcome: 'failed',
      passes: 0,
      failureCount: 1,
      failures: [{ phase: 'examples', message: 'no err' }],
    });
    expect(short).toBe('listModels › envelope_conformance: 1 failing judgement(s)\n- [examples] no err');
  });
});

describe('a cell the server left unjudged', () => {
  it('fails its test with the reason, bounded like any line (never a skip)', () => {
    const text = unjudgedText({
      operationId: 'generateMedia',
      check: 'credits_arithmetic',
      severity: 'error',
      outcome: 'skipped',
      reason: 'not sent: …',
      unjudged: `spending ended: ${'z'.repeat(5_000)}`,
      passes: 0,
      failureCount: 0,
      failures: [],
    });
    expect(text).toMatch(/^generateMedia › credits_arithmetic: not judged because of the server's behaviour: spending ended: z+/);
    expect(text.length).toBeLessThan(MAX_SHOWN_LINE + 200);
  });
});
