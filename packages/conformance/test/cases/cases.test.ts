// The hand-written and generated requests are what the contract says they are: every invalid case
// is invalid by the schema package, every valid one valid (in the sandbox's catalogue context).

import { checkGenerationRequest, checkRequestBody, GenerationRequest, operationList, validate } from '@mediagen/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryFor, breachBasis, casesFor, invalidGenerationBody, propertiesFor, validGenerationBody } from '../../src/index.js';
import { emptyFixtures, type Fixtures, generationContext } from '../../src/requests/fixtures.js';
import { sandboxLikeFixtures } from '../support/fixtures.js';

const bodyOrQueryInvalid = (operationId: string, c: { body?: unknown; query?: Record<string, unknown> }) => {
  const op = operationList.find((o) => o.operationId === operationId)!;
  const body = op.body && c.body !== undefined ? validate(op.body, c.body).success : true;
  const query = op.query ? validate(op.query, c.query ?? {}).success : true;
  return !(body && query);
};

/** Invalid by the schema, or (a rule needing the target's facts) by the rules with the fixtures' context. */
const breaksARule = (operationId: string, c: { body?: unknown; query?: Record<string, unknown>; basis?: { rule: string } }, fixtures: Fixtures) => {
  if (c.basis) return true;
  const op = operationList.find((o) => o.operationId === operationId)!;
  return bodyOrQueryInvalid(operationId, c) || breachBasis(op, { body: c.body }, generationContext(fixtures)) !== undefined;
};

describe('hand-written cases', () => {
  for (const fixtures of [emptyFixtures(false, 't'), sandboxLikeFixtures()]) {
    const where = fixtures.real ? 'real ids' : 'example ids';
    it(`every negative case breaks a rule of the schema (${where})`, () => {
      let count = 0;
      for (const op of operationList) {
        for (const c of casesFor(op, fixtures).negative) {
          count++;
          expect(breaksARule(op.operationId, c, fixtures), `${op.operationId}: ${c.label}`).toBe(true);
        }
      }
      expect(count).toBeGreaterThan(60);
    });

    it(`every positive case is valid by the schema (${where})`, () => {
      for (const op of operationList) {
        for (const c of casesFor(op, fixtures).positive) {
          expect(bodyOrQueryInvalid(op.operationId, c), `${op.operationId}: ${c.label}`).toBe(false);
        }
      }
    });
  }

  it('sends what the schema only warns about as tolerance probes, never as negatives', () => {
    const fixtures = emptyFixtures(false, 't');
    const probes = operationList.flatMap((op) => casesFor(op, fixtures).probes.map((c) => ({ op, c })));
    const labels = probes.map(({ c }) => c.label);
    for (const wanted of [
      'unknown field "colour"',
      'unknown field in prompt',
      'narrator with both audio_asset_id and script',
      'unknown field "age"',
      'unknown field "name"',
    ]) {
      expect(
        labels.some((l) => l.includes(wanted)),
        wanted,
      ).toBe(true);
    }
    for (const { op, c } of probes) {
      expect(bodyOrQueryInvalid(op.operationId, c), `${op.operationId}: ${c.label}`).toBe(false);
      const check =
        op.operationId === 'generateMedia' || op.operationId === 'estimateGeneration' ? checkGenerationRequest(c.body) : checkRequestBody(op.body!, c.body);
      expect(check.warnings.length, `${op.operationId}: ${c.label}`).toBeGreaterThan(0);
    }
  });

  it('covers the seed limits and rules the brief names', () => {
    const labels = casesFor(operationList.find((o) => o.operationId === 'estimateGeneration')!, emptyFixtures(false, 't')).negative.map((c) => c.label);
    for (const wanted of [
      'cfg_scale 3.99',
      'cfg_scale 127.01',
      'steps 9',
      'steps 3021',
      'sampler "euler a"',
      'quality "plus"',
      'aspect_ratio',
      'character.mode "Balanced"',
      '501 characters',
      'both media_id and asset_id',
      'Flux model with control_net.resize_mode',
      'narrator script without voice',
      'empty array',
    ]) {
      expect(
        labels.some((l) => l.includes(wanted)),
        wanted,
      ).toBe(true);
    }
    const listing = casesFor(operationList.find((o) => o.operationId === 'listModels')!, emptyFixtures(false, 't')).negative.map((c) => c.label);
    expect(listing).toContain('page_size 51 (maximum 50)');
  });

  it('with real ids, the rules that need the target\u2019s facts are under test too', () => {
    const labels = casesFor(operationList.find((o) => o.operationId === 'estimateGeneration')!, sandboxLikeFixtures()).negative.map((c) => c.label);
    for (const wanted of ['a model no listing names', 'of another base model', 'video_anyone with a square input', 'narrator video above 30 fps']) {
      expect(
        labels.some((l) => l.includes(wanted)),
        wanted,
      ).toBe(true);
    }
    const character = casesFor(operationList.find((o) => o.operationId === 'createCharacter')!, sandboxLikeFixtures()).negative;
    expect(character.find((c) => c.label.includes('already exists'))?.basis?.rule).toBe('unique_character_name');
  });

  it('generation boundaries and examples are valid in the sandbox catalogue context', () => {
    const fixtures = sandboxLikeFixtures();
    for (const c of casesFor(operationList.find((o) => o.operationId === 'generateMedia')!, fixtures).positive) {
      const result = checkGenerationRequest(c.body, generationContext(fixtures));
      expect(result.errors, c.label).toEqual([]);
    }
  });
});

describe('generated requests', () => {
  it('valid generation bodies are valid with the context; invalid ones are not', () => {
    const fixtures = sandboxLikeFixtures();
    fc.assert(
      fc.property(validGenerationBody(fixtures), (body) => checkGenerationRequest(body, generationContext(fixtures)).ok),
      { numRuns: 100, seed: 3 },
    );
    fc.assert(
      fc.property(invalidGenerationBody(fixtures), ({ body }) => !validate(GenerationRequest, body).success),
      { numRuns: 100, seed: 4 },
    );
  });

  it('query and body properties respect the schemas', () => {
    const fixtures = emptyFixtures(false, 't');
    for (const op of operationList) {
      const properties = propertiesFor(op, fixtures, { writes: true });
      if (properties.positive) {
        fc.assert(
          fc.property(properties.positive, (c) => !bodyOrQueryInvalid(op.operationId, c)),
          { numRuns: 30, seed: 5 },
        );
      }
      if (properties.negative) {
        fc.assert(
          fc.property(properties.negative, (c) => bodyOrQueryInvalid(op.operationId, c)),
          { numRuns: 30, seed: 6 },
        );
      }
    }
  });

  it('derives structure from zod: bounds, enums, optional fields', () => {
    const steps = operationList.find((o) => o.operationId === 'listModels')!.query!;
    fc.assert(
      fc.property(arbitraryFor(steps), (q) => validate(steps, q).success),
      { numRuns: 100, seed: 7 },
    );
  });
});

describe('the basis of an invalid request', () => {
  it('is documented for a documented rule and an assumption (named) for an assumed one', async () => {
    const { operationById } = await import('@mediagen/schema');
    const generate = operationById('generateMedia')!;
    const item = { model: 'JuggernautXL', prompt: { positive: 'a lighthouse' } };
    expect(breachBasis(generate, { body: [{ ...item, steps: 3021 }] })?.source).not.toBe('assumption');
    // A field the contract does not name, or a narrator with both inputs, is a warning: no breach.
    expect(breachBasis(generate, { body: [{ ...item, colour: 'blue' }] })).toBeUndefined();
    expect(
      breachBasis(generate, { body: [{ narrator: { image_asset_id: 'ast_01', script: 'Hi', voice: 'Rachel', audio_asset_id: 'ast_02' } }] }),
    ).toBeUndefined();
    expect(breachBasis(generate, { body: [{ ...item, steps: 'many' }] })?.source).not.toBe('assumption');
    // The rule is the schema's.
    expect(breachBasis(generate, { body: [{ true_touch: { asset_id: 'ast_01', scale_factor: 0.5 } }] })).toMatchObject({
      source: 'assumption',
      rule: 'TrueTouch.scale_factor.range',
    });
    expect(breachBasis(generate, { body: [{ ...item, steps: 3021 }] })).toMatchObject({ rule: 'GenerationItem.steps.range' });
    // A body that breaks a documented rule and an assumed one is documented.
    expect(breachBasis(generate, { body: [{ ...item, true_touch: { asset_id: 'ast_01', scale_factor: 0.5 }, steps: 3021 }] })?.source).not.toBe('assumption');
    expect(breachBasis(generate, { body: [item] })).toBeUndefined();
    expect(breachBasis(operationById('listModels')!, { query: { type: 'SDXL' } })?.source).toBe('assumption');
  });
});
