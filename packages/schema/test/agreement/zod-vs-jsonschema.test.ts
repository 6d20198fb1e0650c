// Property-based agreement: on generated generation requests (valid and invalid, fixed seed), the
// zod verdict equals the verdict of a JSON Schema 2020-12 validator running the emitted document.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ASPECT_RATIOS, CHARACTER_MODES, QUALITIES, SAMPLERS } from '../../src/resources/generation-parts.js';
import { GenerationRequest } from '../../src/resources/generation-request.js';
import { newest } from '../support/documents.js';
import { jsonSchemaValidator } from '../support/json-schema.js';
import { knownDifferences } from './known-differences.js';

export const RUNS = 10_000;
export const SEED = 20250507;

const jsonSchema = jsonSchemaValidator(newest).requestBody('generateMedia');

/** Wrong in type: what a caller's bug sends. */
const garbage = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.string({ maxLength: 4 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constant([]),
  fc.constant({}),
);
const bigInt = fc.constantFrom(2 ** 53, -(2 ** 53), 1e20);
const wrongCase = (values: readonly string[]) => fc.constantFrom(...values).map((v) => (v.toLowerCase() === v ? v.toUpperCase() : v.toLowerCase()));
const near = (min: number, max: number) => fc.constantFrom(min - 0.01, max + 0.01, min - 1, max + 1);
const inRange = (min: number, max: number) => fc.oneof(fc.constantFrom(min, max), fc.double({ min, max, noNaN: true }));
const intIn = (min: number, max: number) => fc.integer({ min, max });
const id = fc.constantFrom('ast_01', 'media_01');

/** A field: values the contract accepts, and values it rejects. */
interface Field {
  good: fc.Arbitrary<unknown>;
  bad: fc.Arbitrary<unknown>;
}
const field = (good: fc.Arbitrary<unknown>, ...bad: fc.Arbitrary<unknown>[]): Field => ({ good, bad: fc.oneof(garbage, ...bad) });

/**
 * An object from fields: the `required` ones always, others sometimes; then zero, one or two
 * mutations (a field set to a bad value, a required field dropped, an unknown field added).
 */
function object(fields: Record<string, Field>, required: string[] = []): Field {
  const names = Object.keys(fields);
  const good = fc.record(Object.fromEntries(names.map((n) => [n, fields[n]!.good])), { requiredKeys: required as never[] });
  const mutation = fc.oneof(
    fc.constantFrom(...names).chain((n) => fields[n]!.bad.map((v) => (o: Record<string, unknown>) => ({ ...o, [n]: v }))),
    fc.constantFrom('unknown', 'Steps').map((k) => (o: Record<string, unknown>) => ({ ...o, [k]: 1 })),
    ...(required.length
      ? [
          fc.constantFrom(...required).map((k) => (o: Record<string, unknown>) => {
            const c = { ...o };
            delete c[k];
            return c;
          }),
        ]
      : []),
  );
  const bad = fc.tuple(good, fc.array(mutation, { minLength: 1, maxLength: 2 })).map(([o, ms]) => ms.reduce((acc, m) => m(acc), o as Record<string, unknown>));
  return { good, bad: fc.oneof({ weight: 4, arbitrary: bad }, { weight: 1, arbitrary: garbage }) };
}

const prompt = object({ positive: field(fc.string({ maxLength: 6 })), negative: field(fc.string({ maxLength: 6 })) }, ['positive']);
const character = object(
  {
    character_id: field(id),
    mode: field(fc.constantFrom(...CHARACTER_MODES), wrongCase(CHARACTER_MODES)),
    weight: field(fc.double({ min: 0, max: 1, noNaN: true })),
    enable_facelock: field(fc.boolean()),
  },
  ['character_id'],
);
const controlNet = object(
  {
    asset_id: field(id),
    name: field(fc.constantFrom('Canny', 'Depth')),
    control_mode: field(intIn(0, 2), bigInt, fc.constant(0.5)),
    resize_mode: field(intIn(0, 2)),
  },
  ['asset_id', 'name'],
);
const lora = object({ name: field(fc.constantFrom('lora_name', 'film')), weight: field(fc.double({ min: -1, max: 2, noNaN: true })) }, ['name', 'weight']);
const narratorFields = {
  script: field(fc.string({ maxLength: 5 })),
  voice: field(fc.constantFrom('Rachel')),
  audio_asset_id: field(id),
  image_asset_id: field(id),
  video_asset_id: field(id),
};
const narratorAny = object(narratorFields);
/** Good narrators follow the one-of rule (script with voice, or audio); bad ones include any mix. */
const narrator: Field = {
  good: fc.oneof(
    fc.record({ script: narratorFields.script.good, voice: narratorFields.voice.good, image_asset_id: id }, { requiredKeys: ['script', 'voice'] }),
    fc.record({ audio_asset_id: id, video_asset_id: id }, { requiredKeys: ['audio_asset_id'] }),
  ),
  bad: fc.oneof(narratorAny.good, narratorAny.bad),
};
const videoAnyoneAny = object(
  {
    media_id: field(id),
    asset_id: field(id),
    prompt: field(
      fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('x'.repeat(500), '😀'.repeat(500))),
      fc.constantFrom('x'.repeat(501), '😀'.repeat(501)),
    ),
    duration: field(intIn(1, 10), intIn(-2, 0)),
  },
  ['prompt'],
);
/** Good inputs name exactly one of media_id and asset_id; bad ones may name none or both. */
const videoAnyone: Field = {
  good: fc.tuple(videoAnyoneAny.good, fc.constantFrom('media_id', 'asset_id')).map(([o, keep]) => {
    const c = { ...(o as Record<string, unknown>) };
    delete c[keep === 'media_id' ? 'asset_id' : 'media_id'];
    c[keep] = 'ast_01';
    return c;
  }),
  bad: fc.oneof(videoAnyoneAny.good, videoAnyoneAny.bad),
};

const itemFields: Record<string, Field> = {
  aspect_ratio: field(fc.constantFrom(...ASPECT_RATIOS), fc.constantFrom('16:10', '1:1 ')),
  batch_size: field(intIn(1, 8), intIn(-2, 0), bigInt),
  cfg_scale: field(inRange(4, 127), near(4, 127)),
  character,
  control_net: controlNet,
  facelock: object({ asset_id: field(id) }, ['asset_id']),
  loras: field(fc.array(lora.good, { maxLength: 3 }), fc.array(lora.bad, { minLength: 1, maxLength: 2 })),
  model: field(fc.constantFrom('JuggernautXL', 'Flux', 'flux')),
  narrator,
  prompt,
  quality: field(fc.constantFrom(...QUALITIES), wrongCase(QUALITIES)),
  sampler: field(fc.constantFrom(...SAMPLERS), wrongCase(SAMPLERS)),
  seed: field(fc.integer(), bigInt, fc.constant(1.5)),
  segment: object({ asset_id: field(id), find: field(fc.string({ maxLength: 4 })), replace: field(fc.string({ maxLength: 4 })) }, [
    'asset_id',
    'find',
    'replace',
  ]),
  steps: field(intIn(10, 3020), near(10, 3020), fc.constant(20.5)),
  style: field(fc.constantFrom('Bokeh', '')),
  style_detail: object({ name: field(fc.constantFrom('Black & White')), base_model: field(fc.constantFrom('flux', 'sdxl', 'Flux')) }, ['name', 'base_model']),
  true_touch: object({ asset_id: field(id), enhance_strength: field(inRange(0, 1), fc.constant(-0.5)), scale_factor: field(inRange(1, 4), fc.constant(0.5)) }, [
    'asset_id',
  ]),
  video_anyone: videoAnyone,
};
const item = object(itemFields);

/** Mostly arrays of items, each item good or mutated; sometimes an empty array or not an array. */
const request = fc.oneof(
  { weight: 30, arbitrary: fc.array(fc.oneof(item.good, item.bad), { minLength: 1, maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constant([]) },
  { weight: 1, arbitrary: garbage },
);

describe('zod and the emitted JSON Schema agree', () => {
  it(`on ${RUNS} generated requests (seed ${SEED})`, () => {
    const tally = { valid: 0, invalid: 0, explained: new Map<string, number>() };
    const unexplained: unknown[] = [];
    fc.assert(
      fc.property(request, (body) => {
        const zodOk = GenerationRequest.safeParse(body).success;
        const jsonOk = jsonSchema(body) as boolean;
        if (zodOk) tally.valid++;
        else tally.invalid++;
        if (zodOk === jsonOk) return;
        const known = knownDifferences.find((d) => d.applies(body));
        if (known) tally.explained.set(known.id, (tally.explained.get(known.id) ?? 0) + 1);
        else unexplained.push(body);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    console.log(
      `agreement: ${RUNS} requests, ${tally.valid} valid / ${tally.invalid} invalid by zod, ` +
        `${unexplained.length} unexplained disagreements, explained: ${JSON.stringify(Object.fromEntries(tally.explained))}`,
    );
    expect(unexplained.slice(0, 3)).toEqual([]);
    // The generator must exercise both verdicts substantially, or agreement proves little.
    expect(tally.valid).toBeGreaterThan(RUNS * 0.1);
    expect(tally.invalid).toBeGreaterThan(RUNS * 0.1);
  });

  it('finds disagreements when the document drops a rule (the comparison can fail)', () => {
    const loosened = structuredClone(newest);
    delete loosened.components.schemas.GenerationItem.properties.steps.maximum;
    const loose = jsonSchemaValidator(loosened).requestBody('generateMedia');
    let disagreements = 0;
    fc.assert(
      fc.property(request, (body) => {
        if (GenerationRequest.safeParse(body).success !== loose(body)) disagreements++;
      }),
      { numRuns: 2_000, seed: SEED },
    );
    expect(disagreements).toBeGreaterThan(0);
  });
});
