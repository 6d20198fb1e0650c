// The README's generated parts: the checks table says, for every check, each rule it asserts with the
// basis the schema gives it, and the CLI block is the --help text; both are current in the README.
import { readFileSync } from 'node:fs';
import { ruleById } from '@mediagen/schema';
import { describe, expect, it } from 'vitest';
import { README, renderChecksTable, renderCliUsage, withGeneratedParts } from '../../scripts/readme.js';
import { NOT_SENT, seedRuleCoverage } from '../../scripts/seed-rules.js';
import { CHECKS } from '../../src/checks/catalog.js';
import { USAGE } from '../../src/cli/main.js';

const LABEL = { interface: 'interface', 'live-docs': 'live docs', assumption: 'assumption' } as const;

describe('README generated parts', () => {
  it('the checks table has one row per check, each named rule with its basis', () => {
    const table = renderChecksTable();
    for (const check of CHECKS) {
      const row = table.split('\n').find((line) => line.startsWith(`| \`${check.id}\` |`));
      expect(row, check.id).toBeDefined();
      for (const id of check.rules.filter((r) => !r.endsWith('.success_status'))) {
        const basis = ruleById(id)?.source;
        expect(basis, id).toBeDefined();
        expect(row, id).toContain(`\`${id}\` (${LABEL[basis as keyof typeof LABEL]})`);
      }
    }
  });

  it('folds the per-operation success statuses by basis, counting every one', () => {
    const statusCheck = CHECKS.find((c) => c.id === 'status_code_conformance')!;
    const statuses = statusCheck.rules.filter((r) => r.endsWith('.success_status'));
    const row = renderChecksTable()
      .split('\n')
      .find((line) => line.includes('status_code_conformance'))!;
    const counted = [...row.matchAll(/success_status` of (\d+) operations/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(counted).toBe(statuses.length);
  });

  it('every named rule of the request is under test: an error by a request that breaks it, a warning by a probe', () => {
    for (const rule of seedRuleCoverage()) {
      if (Object.hasOwn(NOT_SENT, rule.id)) continue;
      if (rule.severity === 'error') expect(rule.negatives, rule.id).not.toEqual([]);
      else expect([...rule.probes, ...rule.positives], rule.id).not.toEqual([]);
    }
    // Only what the run cannot know is left out, and it is sourced (an assumption would just be a verdict).
    expect(Object.keys(NOT_SENT)).toEqual(['plan_batch_size']);
  });

  it('the CLI block is the --help text without its list of checks', () => {
    const block = renderCliUsage();
    expect(block).toContain('--max-credits N');
    expect(USAGE.startsWith(block.slice('```\n'.length, -'\n```'.length))).toBe(true);
    expect(block).not.toContain('Checks:\n');
  });

  it('is current in the README (`npm run emit` rewrites it)', () => {
    const readme = readFileSync(README, 'utf8');
    expect(withGeneratedParts(readme)).toBe(readme);
  });

  it('says which markers are missing, instead of writing anywhere', () => {
    expect(() => withGeneratedParts('# no markers\n')).toThrow(/no generated part checks/);
  });
});
