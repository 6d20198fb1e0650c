// The README's budget table says what runs: each row's default is the value in EDGE_LIMITS or
// SANDBOX_DEFAULTS.budgets that its option names, and its flag is the one the CLI maps to that
// option. Every bound is in the table, once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDGET_FLAGS, EDGE_FLAGS } from '../../src/cli/args.js';
import { EDGE_LIMITS, SANDBOX_DEFAULTS } from '../../src/index.js';
import { packageRoot } from '../cli-process.js';

const MIB = 1024 * 1024;

/** A default as the README writes it: 1 MiB, 30 s, 100,000. */
function written(name: string, value: number): string {
  if (/Bytes(InFlight)?$/.test(name)) return value % MIB === 0 ? `${value / MIB} MiB` : `${value / 1024} KiB`;
  if (/Ms$/.test(name)) return `${value / 1000} s`;
  return value.toLocaleString('en-US');
}

function budgetRows(): { default: string; flag: string; option: string }[] {
  const readme = readFileSync(join(packageRoot, 'README.md'), 'utf8');
  const section = readme.split(/^#{2,3} /m).find((part) => part.startsWith('Budgets'));
  if (!section) throw new Error('README.md has no "### Budgets" section');
  // The section's first table: from its header to the first line that is not a row.
  const lines = section.split('\n');
  const start = lines.findIndex((line) => line.startsWith('| Bound'));
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('|'));
  return lines
    .slice(start + 2, end)
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .map((cells) => ({ default: cells[2]!, flag: cells[3]!.replace(/`/g, ''), option: cells[4]!.replace(/`/g, '') }));
}

describe('the README budget table', () => {
  const rows = budgetRows();
  const bounds = [
    ...Object.entries(EDGE_LIMITS).map(([name, value]) => ({
      option: `limits.${name}`,
      name,
      value,
      flag: `--${EDGE_FLAGS[name as keyof typeof EDGE_FLAGS]}`,
    })),
    ...Object.entries(SANDBOX_DEFAULTS.budgets).map(([name, value]) => ({
      option: `budgets.${name}`,
      name,
      value,
      flag: `--${BUDGET_FLAGS[name as keyof typeof BUDGET_FLAGS]}`,
    })),
  ];

  it('has one row per bound, no other', () => {
    expect(rows.map((row) => row.option).sort()).toEqual(bounds.map((bound) => bound.option).sort());
  });

  it.each(bounds)('$option: its default and flag', ({ option, name, value, flag }) => {
    const row = rows.find((r) => r.option === option)!;
    expect(row.default).toBe(written(name, value));
    expect(row.flag).toBe(flag);
  });
});
