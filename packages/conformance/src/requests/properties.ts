// Generated requests per operation: valid ones (the contract allows them; positive) and invalid ones
// (a valid request with one rule broken; negative). Both come from the schemas; ids and names that
// must exist on the target are drawn from the run's fixtures.

import {
  ASPECT_RATIOS,
  CHARACTER_MODES,
  checkGenerationRequest,
  GenerationItem,
  GenerationRequest,
  type OperationSpec,
  QUALITIES,
  SAMPLERS,
  validate,
  type z,
} from '@mediagen/schema';
import fc from 'fast-check';
import { arbitraryFor } from './arbitrary.js';
import type { RequestCase } from './cases.js';
import { type Fixtures, generationContext } from './fixtures.js';

export interface OperationProperties {
  positive?: fc.Arbitrary<RequestCase>;
  negative?: fc.Arbitrary<RequestCase>;
}

const describeBody = (body: unknown) => {
  const text = JSON.stringify(body);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

/** Valid generation request bodies, bound to what exists on the target. */
export function validGenerationBody(fixtures: Fixtures): fc.Arbitrary<unknown[]> {
  const { catalogue } = fixtures;
  const names = (list: { name: string }[], fallback: string[]) => (list.length ? list.map((i) => i.name) : fallback);
  const image = fixtures.imageAssetId ?? 'ast_01';
  const item = arbitraryFor(GenerationItem, {
    absentWeight: (path) => (path.length === 1 ? 3 : 1),
    override: (field, parent) => {
      const top = parent.length === 0;
      if (top && field === 'model') return fc.constantFrom(...names(catalogue.models, ['JuggernautXL', 'Flux']));
      if (top && field === 'style') return fc.constantFrom(...names(catalogue.styles, ['Bokeh']));
      if (top && field === 'style_detail') {
        const styles = catalogue.styles.length ? catalogue.styles : [{ name: 'Black & White', base_model: 'flux' }];
        return fc.constantFrom(...styles.map((s) => ({ name: s.name, base_model: s.base_model })));
      }
      if (top && field === 'batch_size') return fc.constant(1);
      if (top && field === 'character') {
        return fc.record(
          { character_id: fc.constant(fixtures.characterId ?? 'chr_01'), mode: fc.constantFrom(...CHARACTER_MODES) },
          { requiredKeys: ['character_id'] },
        );
      }
      if (top && field === 'video_anyone') {
        return fc.record(
          {
            // The docs' shape: an uploaded image's asset id passed as media_id.
            media_id: fc.constant(fixtures.portraitAssetId ?? 'ast_01'),
            prompt: fc.string({ minLength: 1, maxLength: 40 }),
            duration: fc.integer({ min: 1, max: 10 }),
          },
          { requiredKeys: ['media_id', 'prompt'] },
        );
      }
      if (top && field === 'narrator') {
        const voices = names(catalogue.voices, ['Rachel']);
        return fc.oneof(
          fc.record({ image_asset_id: fc.constant(image), script: fc.string({ minLength: 1, maxLength: 40 }), voice: fc.constantFrom(...voices) }),
          fc.record({ image_asset_id: fc.constant(image), audio_asset_id: fc.constant(fixtures.audioAssetId ?? 'ast_aud01') }),
        );
      }
      if (field === 'name' && parent[parent.length - 1] === '*' && parent[parent.length - 2] === 'loras') {
        return fc.constantFrom(...names(catalogue.loras, ['lora_name']));
      }
      if (field === 'name' && parent[parent.length - 1] === 'control_net') return fc.constantFrom(...names(catalogue.controlnets, ['Canny']));
      if (field === 'asset_id') return fc.constant(image);
      return undefined;
    },
  });
  // One item per batch, which every plan allows.
  const context = { ...generationContext(fixtures), plan: { maxBatchSize: 1 } };
  return fc.array(item, { minLength: 1, maxLength: 2 }).filter((body) => {
    const result = checkGenerationRequest(body, context);
    return result.ok && (!fixtures.real || result.unchecked.length === 0);
  });
}

type Mutation = { label: string; apply: (item: Record<string, unknown>) => void } | { label: string; whole: unknown };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.oneof(fc.integer({ min: -10_000, max: 9 }), fc.integer({ min: 3021, max: 1_000_000 })).map((steps) => ({
    label: `steps ${steps}`,
    apply: (item: Record<string, unknown>) => void (item.steps = steps),
  })),
  fc
    .oneof(fc.double({ min: -1000, max: 4, maxExcluded: true, noNaN: true }), fc.double({ min: 127, max: 100_000, minExcluded: true, noNaN: true }))
    .map((cfg) => ({ label: `cfg_scale ${cfg}`, apply: (item: Record<string, unknown>) => void (item.cfg_scale = cfg) })),
  fc.tuple(fc.constantFrom(...SAMPLERS), fc.boolean()).map(([sampler, upper]) => {
    const wrong = upper ? sampler.toUpperCase() : sampler.toLowerCase();
    return { label: `sampler ${JSON.stringify(wrong)}`, apply: (item: Record<string, unknown>) => void (item.sampler = wrong) };
  }),
  fc
    .constantFrom(...QUALITIES)
    .map((q) => ({ label: `quality ${JSON.stringify(q.toLowerCase())}`, apply: (item: Record<string, unknown>) => void (item.quality = q.toLowerCase()) })),
  fc.constantFrom(...ASPECT_RATIOS).map((r) => {
    const wrong = r.replace(':', 'x');
    return { label: `aspect_ratio ${JSON.stringify(wrong)}`, apply: (item: Record<string, unknown>) => void (item.aspect_ratio = wrong) };
  }),
  fc.integer({ min: -100, max: 0 }).map((n) => ({ label: `batch_size ${n}`, apply: (item: Record<string, unknown>) => void (item.batch_size = n) })),
  fc
    .stringMatching(/^[a-z][a-z_]{0,7}$/)
    .filter((key) => !(key in GenerationItem.shape))
    .map((key) => ({ label: `unknown field ${JSON.stringify(key)}`, apply: (item: Record<string, unknown>) => void (item[key] = 1) })),
  fc.constant<Mutation>({ label: 'empty array', whole: [] }),
);

/** Invalid generation bodies: a valid one with one rule broken in one item. */
export function invalidGenerationBody(fixtures: Fixtures): fc.Arbitrary<{ body: unknown; label: string }> {
  return fc
    .tuple(validGenerationBody(fixtures), mutationArb, fc.nat())
    .map(([body, mutation, index]) => {
      if ('whole' in mutation) return { body: mutation.whole, label: mutation.label };
      const copy = structuredClone(body) as Record<string, unknown>[];
      const at = index % copy.length;
      mutation.apply(copy[at]!);
      return { body: copy, label: `[${at}] ${mutation.label}` };
    })
    .filter(({ body }) => !validate(GenerationRequest, body).success);
}

const queryString = (value: Record<string, unknown>): Record<string, string | number> => {
  const out: Record<string, string | number> = {};
  for (const [key, v] of Object.entries(value)) if (v !== undefined) out[key] = typeof v === 'number' ? v : String(v);
  return out;
};

function enumValues(schema: z.ZodType): string[] | undefined {
  let def = (schema as unknown as { _zod: { def: { type: string; innerType?: z.ZodType; entries?: Record<string, string> } } })._zod.def;
  while (def.innerType) def = (def.innerType as unknown as { _zod: { def: typeof def } })._zod.def;
  return def.type === 'enum' ? Object.values(def.entries ?? {}) : undefined;
}

/** Generated queries for an operation with a query (ids drawn from the fixtures when real). */
function validQuery(op: OperationSpec, fixtures: Fixtures): fc.Arbitrary<Record<string, string | number>> {
  const query = op.query!;
  return arbitraryFor(query, {
    override: (field) => {
      if (field === 'generation_id') return fc.constantFrom(fixtures.generationId ?? 'gen_01', 'gen_does_not_exist');
      if (field === 'media_id') return fc.constantFrom(fixtures.mediaIds[0] ?? 'media_01', 'media_does_not_exist');
      if (field === 'page') return fc.integer({ min: 1, max: 5 });
      return undefined;
    },
  })
    .map((value) => queryString(value as Record<string, unknown>))
    .filter((value) => validate(query, value).success);
}

function invalidQuery(op: OperationSpec, fixtures: Fixtures): fc.Arbitrary<{ query: Record<string, string | number>; label: string }> {
  const query = op.query!;
  const shape = query.shape;
  const mutations: fc.Arbitrary<{ key: string; value: string | number }>[] = [];
  if ('page_size' in shape) {
    mutations.push(fc.oneof(fc.integer({ min: 51, max: 100_000 }), fc.integer({ min: -100, max: 0 })).map((value) => ({ key: 'page_size', value })));
  }
  if ('page' in shape) mutations.push(fc.integer({ min: -100, max: 0 }).map((value) => ({ key: 'page', value })));
  for (const [key, schema] of Object.entries(shape)) {
    const values = enumValues(schema);
    if (values?.length) mutations.push(fc.constantFrom(...values).map((v) => ({ key, value: v.toUpperCase() === v ? `${v}_x` : v.toUpperCase() })));
  }
  if (mutations.length === 0) return fc.constant({ query: {}, label: 'none' }).filter(() => false);
  return fc
    .tuple(validQuery(op, fixtures), fc.oneof(...mutations))
    .map(([valid, { key, value }]) => ({ query: { ...valid, [key]: value }, label: `${key}=${value}` }))
    .filter(({ query: q }) => !validate(query, q).success);
}

export interface PropertyScope {
  /** Operations that create or spend may receive generated requests (local targets only). */
  writes: boolean;
}

/** The generated-request properties of one operation, or none. */
export function propertiesFor(op: OperationSpec, fixtures: Fixtures, scope: PropertyScope): OperationProperties {
  const id = op.operationId;
  const params = op.exampleParams ? { params: op.exampleParams } : {};
  const exampleQuery = op.exampleQuery;
  if (op.generationBody && (!op.spendsCredits || scope.writes)) {
    return {
      // Valid generations are generated against the estimate only: they would each spend credits.
      ...(!op.spendsCredits
        ? { positive: validGenerationBody(fixtures).map((body) => ({ operationId: id, label: `generated ${describeBody(body)}`, body })) }
        : {}),
      negative: invalidGenerationBody(fixtures).map(({ body, label }) => ({ operationId: id, label: `generated, ${label}`, body })),
    };
  }
  if (op.body && scope.writes && !op.generationBody) {
    const body = op.body;
    const valid = arbitraryFor(body, {
      override: (field) =>
        field === 'asset_id' ? fc.constant(fixtures.imageAssetId ?? 'ast_01') : field === 'ids' ? fc.constant(['ast_does_not_exist']) : undefined,
    }).filter((value) => validate(body, value).success);
    const broken = fc
      .tuple(valid, fc.constantFrom('drop', 'extra', 'type'), fc.nat())
      .map(([value, how, n]) => {
        const copy = { ...(value as Record<string, unknown>) };
        const keys = Object.keys(copy);
        const key = keys[n % Math.max(keys.length, 1)];
        if (how === 'drop' && key) delete copy[key];
        else if (how === 'type' && key) copy[key] = typeof copy[key] === 'number' ? 'not a number' : 12345;
        else copy.unexpected_field = true;
        return { body: copy, label: how === 'extra' ? 'unknown field "unexpected_field"' : `${how === 'drop' ? 'without' : 'wrong type for'} ${key}` };
      })
      .filter(({ body: b }) => !validate(body, b).success);
    const query = exampleQuery ? { query: exampleQuery } : {};
    return {
      ...(op.creates?.kind === 'asset' ? { positive: valid.map((b) => ({ operationId: id, label: `generated ${describeBody(b)}`, body: b, ...query })) } : {}),
      negative: broken.map(({ body: b, label }) => ({ operationId: id, label: `generated, ${label}`, body: b, ...query })),
    };
  }
  if (op.method === 'get' && op.query && Object.keys(op.query.shape).length > 0) {
    return {
      positive: validQuery(op, fixtures).map((q) => ({
        operationId: id,
        label: `generated ?${new URLSearchParams(q as Record<string, string>)}`,
        query: q,
        ...params,
      })),
      negative: invalidQuery(op, fixtures).map(({ query: q, label }) => ({ operationId: id, label: `generated, ${label}`, query: q, ...params })),
    };
  }
  return {};
}
