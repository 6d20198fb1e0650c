// The README's Budgets table says what the code does: each budget of DEFAULT_BUDGETS has a row, with
// its default as the code has it, and its flag (when it has one) is one the CLI knows; the memory
// ceiling the README promises is the one the hostile tests assert.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { USAGE } from '../../src/cli/main.js';
import { DEFAULT_BUDGETS, type RunBudgets } from '../../src/index.js';
import { packageRoot, RSS_CEILING_MIB } from '../hostile/suite-process.js';

const readme = readFileSync(join(packageRoot, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('### Budgets'), readme.indexOf('\n### ', readme.indexOf('### Budgets') + 4));

/** A default as the README writes it: seconds for times, MiB for sizes, the count otherwise. */
function shown(name: keyof RunBudgets, value: number): string {
  if (name.endsWith('Ms')) return `${value / 1000} s`;
  if (name.endsWith('Bytes')) return `${value / (1024 * 1024)} MiB`;
  return String(value);
}

describe('the README\u2019s Budgets section', () => {
  it('has a row per budget, with the default from the code and a flag the CLI knows', () => {
    expect(section.length).toBeGreaterThan(100);
    for (const [name, value] of Object.entries(DEFAULT_BUDGETS) as [keyof RunBudgets, number][]) {
      const row = section.split('\n').find((line) => line.includes(`\`budgets.${name}\``));
      expect(row, `a row for budgets.${name}`).toBeDefined();
      const [, , def, flag] = row!.split('|').map((cell) => cell.trim());
      expect(def, `default of ${name}`).toBe(shown(name, value));
      if (flag !== 'none') expect(USAGE).toContain(flag!.replace(/`/g, ''));
    }
  });

  it('promises the memory ceiling the hostile tests assert', () => {
    expect(section).toContain(`under ${RSS_CEILING_MIB} MiB`);
  });
});
