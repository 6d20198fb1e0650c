// describeConformance inside a vitest file: one test per operation × check, run once in beforeAll.
import { describe, expect, it } from 'vitest';
import { describeConformance } from '../../src/vitest.js';

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
