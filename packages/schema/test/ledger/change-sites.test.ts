// Which ledger changes touch which call: the change sites between two versions, read from the transform
// plan and the emitted dated documents, agree with the plan's own path translation and with where each
// component sits in the documents.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { changeSites, componentSites, componentsAt, latestDate, ledger, translatePath } from '../../src/index.js';
import { BASELINE } from '../../src/ledger/dates.js';
import type { JsonObject } from '../../src/util/json.js';

const documentOf = (version: string): JsonObject =>
  JSON.parse(readFileSync(new URL(`../../openapi/versions/${version}.json`, import.meta.url), 'utf8')) as JsonObject;

describe('changeSites', () => {
  const all = changeSites(BASELINE, latestDate, documentOf);

  it('finds sites for the ledger, each dated by its entry and said against the version just before it, oldest entry first', () => {
    expect(all.length).toBeGreaterThan(10);
    const dates = ledger.map((e) => e.date);
    expect(all.map((s) => dates.indexOf(s.date))).toEqual([...all.map((s) => dates.indexOf(s.date))].sort((a, b) => a - b));
    for (const site of all) expect(site.previous).toBe(dates.indexOf(site.date) === 0 ? BASELINE : dates[dates.indexOf(site.date) - 1]);
  });

  it('gives the whole range as the entries one by one', () => {
    const oneByOne = ledger.flatMap((entry, i) => changeSites(i === 0 ? BASELINE : ledger[i - 1]!.date, entry.date, documentOf));
    expect(oneByOne).toEqual(all);
    expect(changeSites(latestDate, latestDate, documentOf)).toEqual([]);
  });

  it('says a renamed field as the plan translates it: its old path at the version before is its new path at the entry', () => {
    const renamed = all.filter((s) => s.kind === 'renamed');
    expect(renamed.length).toBeGreaterThan(0);
    for (const site of renamed) {
      expect(site.before).not.toBe(site.after);
      expect(translatePath(site.operationId, site.location, site.before!, site.previous, site.date), JSON.stringify(site)).toBe(site.after);
    }
  });

  it("puts a rule where its component sits in the entry's document, on requests only", () => {
    const constrained = all.filter((s) => s.kind === 'constrained');
    expect(constrained.length).toBeGreaterThan(0);
    for (const site of constrained) {
      expect(site.location.kind).toBe('body');
      const sites = componentSites(documentOf(site.date));
      const entry = ledger.find((e) => e.date === site.date)!;
      const rule = entry.instructions.find((i) => i.op === 'rule_added' && i.rule === site.rule);
      expect(rule && 'schema' in rule && componentsAt(sites, site.operationId, site.location, site.after).includes(rule.schema), JSON.stringify(site)).toBe(
        true,
      );
    }
  });
});
