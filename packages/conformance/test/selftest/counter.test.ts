// Counter-servers: for every assumption of the rules table, a server that refutes it and keeps every
// stated obligation — derived from the table (answers that break an assumed response constraint,
// requests served or refused against an assumed request rule) or written as a recipe — must pass a
// default run with the assumption listed refuted, and fail under --strict. What no server refutes is
// listed with its reason, and the reason is held here. Beside them: every stated behaviour rule some
// check asserts is broken by a server of the broken-target catalogue (which the self-test runs).
import { ErrorEnvelope, GenerationRequest, type OperationSpec, operationList, operations, rules, validate } from '@mediagen/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkEnvelope } from '../../src/checks/response.js';
import { answerSchema, breakAnswer, breakable } from '../../src/selftest/counter/answers.js';
import {
  type CounterRunResult,
  counterCounts,
  counterPlan,
  formatCounter,
  lenientAcceptor,
  RECIPES,
  runCounterServers,
  statedRuleCoverage,
  tableAssumptions,
  UNREFUTED,
} from '../../src/selftest/counter/index.js';
import { brokenTargets, faithfulVariants } from '../../src/selftest/index.js';
import type { ProxyRequest, ProxyTools } from '../../src/selftest/proxy.js';
import { exchange } from '../support/exchange.js';

const plan = counterPlan();
const keysOf = (runId: string) => [...plan.derivations].filter(([, d]) => 'runs' in d && d.runs.includes(runId)).map(([key]) => key);
const noTools: ProxyTools = { apiKey: 'k', upstream: async () => ({ status: 0, headers: {}, body: '' }) };
const request = (op: OperationSpec, body?: unknown, query: Record<string, string> = {}): ProxyRequest => ({
  method: op.method.toUpperCase(),
  path: op.path,
  query: new URLSearchParams(query),
  headers: { 'x-api-key': 'k' },
  operationId: op.operationId,
  ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
});

describe('counter-servers: the plan', () => {
  it('has a counter-server, a recipe or a reason for every assumption of the rules table', () => {
    expect(tableAssumptions().length).toBeGreaterThan(100);
    expect(plan.missing).toEqual([]);
    expect(new Set(plan.derivations.keys())).toEqual(new Set(tableAssumptions().map((a) => a.key)));
    const counts = counterCounts(plan);
    expect(counts.generic.answers + counts.generic.requests + counts.recipe + counts.reused + counts.none.unrefutable + counts.none.unasserted).toBe(
      counts.assumptions,
    );
  });

  it('derives the server of an assumed response or request rule from the table alone (a new one needs no recipe)', () => {
    for (const a of tableAssumptions().filter((x) => x.side === 'response' && !UNREFUTED[x.key] && plan.derivations.get(x.key)?.by === 'generic'))
      expect(breakable(a).length, a.key).toBeGreaterThan(0);
    // A request rule the table holds is tolerated by the acceptor with nothing written for it: steps 9 is put right and served.
    const steps = lenientAcceptor(['GenerationItem.steps.range']).request!(
      request(operations.estimateGeneration, [{ model: 'JuggernautXL', prompt: { positive: 'a' }, steps: 9 }]),
      noTools,
    );
    const body = JSON.parse((steps as ProxyRequest).body!);
    expect(validate(GenerationRequest, body).success).toBe(true);
    expect(body[0].steps).not.toBe(9);
  });

  it('breaks exactly the assumed constraint in each documented example answer where its element sits, nothing else', () => {
    let broken = 0;
    for (const a of tableAssumptions().filter((x) => plan.derivations.get(x.key)?.by === 'generic' && x.side === 'response')) {
      for (const op of operationList) {
        for (const example of Object.values(op.success.examples)) {
          const body = breakAnswer(op, request(op), { status: op.success.status, headers: {}, body: JSON.stringify(example.value) }, [a]);
          if (body === undefined) continue;
          broken++;
          const issues = validate(answerSchema(op, op.success.status, example.value), body).errors.map((i) => i.rule);
          expect(issues.length, `${a.key} in ${op.operationId}`).toBeGreaterThan(0);
          for (const rule of issues) expect(a.rules, `${a.key} in ${op.operationId}: ${rule}`).toContain(rule);
        }
      }
    }
    expect(broken).toBeGreaterThan(20);
  });

  it('names in its recipes only assumptions of the table (a recipe for one that went away fails here)', () => {
    const keys = new Set(tableAssumptions().map((a) => a.key));
    expect(RECIPES.flatMap((entry) => entry.refutes).filter((key) => !keys.has(key))).toEqual([]);
    expect(Object.keys(UNREFUTED).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('reuses only existing servers that say they refute what they are reused for', () => {
    const variants = new Map(faithfulVariants().map((v) => [v.id, v.refutes]));
    const targets = new Map(brokenTargets.map((t) => [t.id, t.strict?.refutes]));
    for (const entry of RECIPES) {
      if (!('reuse' in entry)) continue;
      for (const key of entry.refutes) {
        if (entry.reuse === 'variant') expect(variants.get(entry.id), `${entry.id} for ${key}`).toContain(key);
        else expect(targets.get(entry.id), `${entry.id} for ${key}`).toBe(key);
      }
    }
  });

  it('says why each assumption without a server cannot have one', () => {
    for (const [key, why] of Object.entries(UNREFUTED)) {
      expect(plan.derivations.get(key)?.by, key).toBe('none');
      expect(why.reason.length, key).toBeGreaterThan(20);
    }
    // Any value holds ErrorEnvelope.data: no answer breaks it.
    const failure = { status: 422, headers: {}, body: JSON.stringify({ data: { hint: 1 }, err: { code: 'bad', message: 'no' } }) };
    const data = tableAssumptions().find((a) => a.key === 'ErrorEnvelope.data')!;
    expect(breakAnswer(operations.listVoices, request(operations.listVoices), failure, [data])).toBeUndefined();
    // A failure body that is not an object is no envelope: a stated rule breaks before ErrorEnvelope.type could.
    expect(checkEnvelope(exchange(422, ['not', 'an', 'object']))).toContainEqual(expect.objectContaining({ rule: 'envelope_is_object', ok: false }));
    expect(validate(ErrorEnvelope, ['x']).errors.map((i) => i.rule)).toContain('ErrorEnvelope.type');
  });
});

describe('counter-servers: the runs', () => {
  let results: CounterRunResult[];
  beforeAll(async () => {
    results = await runCounterServers(plan.runs);
    console.log(`\n${formatCounter(plan, results)}\n`);
    // Eleven runs, each twice, three at a time: a minute quiet, many on a loaded machine. The limit only catches a hang.
  }, 1_200_000);

  it.each(plan.runs.map((r) => [r.id]))('%s: no obligation fails by default; --strict fails through what it is there for', (id) => {
    const result = results.find((r) => r.id === id)!;
    expect(result.failures).toEqual([]);
    expect(result.strict?.failed).toBe(true);
    const mine = new Set(keysOf(id));
    expect(result.strict?.through.filter((key) => mine.has(key)).length, `${id}: --strict failed only through ${result.strict?.through}`).toBeGreaterThan(0);
    expect(result.spent).toBeLessThanOrEqual(result.maxCredits);
  });

  it('lists every assumption with a counter-server refuted in a default run of one of its servers', () => {
    const unrefuted = [...plan.derivations].flatMap(([key, d]) =>
      (d.by === 'generic' || d.by === 'recipe') && !results.some((r) => d.runs.includes(r.id) && r.refuted.includes(key)) ? [`${key} (${d.runs})`] : [],
    );
    expect(unrefuted).toEqual([]);
  });

  it('gives no verdict on what it lists as never asserted (the reason still holds)', () => {
    const asserted = [...plan.derivations].flatMap(([key, d]) =>
      d.by === 'none' && results.some((r) => d.runs.includes(r.id) && r.refuted.includes(key)) ? [key] : [],
    );
    expect(asserted).toEqual([]);
  });
});

describe('stated behaviour rules', () => {
  it('each one some check asserts is broken by a server of the broken-target catalogue', () => {
    const coverage = statedRuleCoverage();
    const sourced = rules().filter((r) => r.appliesTo === 'behaviour' && r.source !== 'assumption');
    expect(coverage.length).toBe(sourced.length);
    expect(coverage.filter((c) => c.targets.length === 0).map((c) => c.rule)).toEqual([]);
  });

  it('names a stated rule as broken through an assumption only with the assumption as the rule and --strict', () => {
    for (const target of brokenTargets.filter((t) => t.breaks?.length)) {
      expect(target.strict, target.id).toBeDefined();
      for (const rule of target.breaks!) expect(rules().find((r) => r.id === rule)?.source, rule).not.toBe('assumption');
    }
  });
});
