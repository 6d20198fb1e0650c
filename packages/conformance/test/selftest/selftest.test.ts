// Does the suite catch broken servers? Every entry of the catalogue must fail through the check and the
// rule it names; the runs are in shards (broken-<n>.test.ts, each on a core of its own), and this file
// holds what makes their sum the whole catalogue: the shards cover it, each target exactly once, and a
// test file runs each shard. Whether the suite passes faithful servers is faithful.test.ts's.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brokenTargets } from '../../src/selftest/index.js';
import { brokenShards, SHARDS } from './broken-shards.js';

const here = dirname(fileURLToPath(import.meta.url));

describe('self-test: the broken-target catalogue', () => {
  it('has at least 15 broken targets, each naming a check', () => {
    expect(brokenTargets.length).toBeGreaterThanOrEqual(15);
    expect(new Set(brokenTargets.map((t) => t.id)).size).toBe(brokenTargets.length);
    expect(new Set(brokenTargets.map((t) => t.upstream))).toEqual(new Set(['sandbox', 'prism']));
  });

  it('names for every broken target a rule whose basis is a source, unless the fault is against an assumption (--strict)', async () => {
    const { ruleById } = await import('@mediagen/schema');
    for (const target of brokenTargets) expect(ruleById(target.rule)?.source === 'assumption', target.id).toBe(target.strict !== undefined);
  });

  it('is run whole by its shards: every target in exactly one, none empty', () => {
    const shards = brokenShards();
    expect(shards.length).toBe(SHARDS);
    for (const shard of shards) expect(shard.length).toBeGreaterThan(0);
    expect(
      shards
        .flat()
        .map((t) => t.id)
        .sort(),
    ).toEqual(brokenTargets.map((t) => t.id).sort());
  });

  it('has a test file for each shard, running that shard (and no file for a shard that is not there)', () => {
    const files = readdirSync(here).filter((name) => /^broken-\d+\.test\.ts$/.test(name));
    expect(files.sort()).toEqual(Array.from({ length: SHARDS }, (_, i) => `broken-${i + 1}.test.ts`).sort());
    for (const [i, file] of files.entries()) {
      const n = Number(/\d+/.exec(file)![0]);
      expect(readFileSync(join(here, file), 'utf8'), `${file} (file ${i + 1})`).toMatch(new RegExp(`^describeBrokenShard\\(${n}\\);$`, 'm'));
    }
  });

  it('shares the runs out about evenly, the targets in front of Prism together', () => {
    const runs = brokenShards().map((shard) => shard.reduce((n, t) => n + (t.strict ? 2 : 1), 0));
    // No shard more than one target's runs (at most 2) above the lightest, the Prism group aside.
    const prismRuns = brokenTargets.filter((t) => t.upstream === 'prism').reduce((n, t) => n + (t.strict ? 2 : 1), 0);
    expect(Math.max(...runs) - Math.min(...runs)).toBeLessThanOrEqual(Math.max(2, prismRuns));
    expect(brokenShards().filter((shard) => shard.some((t) => t.upstream === 'prism')).length).toBe(1);
  });
});
