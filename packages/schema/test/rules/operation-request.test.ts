// checkOperationRequest: the one judgement of a request for an operation (client, mocks, media-validate,
// conformance suite). Each part against its schema, each kind of body with its own rules, strict,
// the generation context with and without facts, warnings, parts not given, and the parsed value.
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/operations.js';
import { checkGenerationRequest, checkRequestBody, type GenerationContext } from '../../src/rules/check.js';
import { formatIssue, type Issue, validate } from '../../src/rules/issues.js';
import { checkOperationRequest } from '../../src/rules/operation-request.js';

const lines = (issues: readonly Issue[]) => issues.map(formatIssue);
/** An issue as a reader of verdicts needs it: where, what, which rule, on what basis. */
const judged = (issues: readonly Issue[]) => issues.map((i) => [formatIssue(i), i.rule, i.source]);

const item = (extra: Record<string, unknown> = {}) => ({ model: 'JuggernautXL', prompt: { positive: 'a lighthouse' }, ...extra });
const catalogue = {
  models: [{ name: 'JuggernautXL', base_model: 'SDXL' }],
  loras: [
    { name: 'xl_detail', base_model: 'sdxl' },
    { name: 'film_grain', base_model: 'SD 1.5' },
  ],
};

describe('path parameters', () => {
  it('are judged with the operation schema, keeping rule and basis', () => {
    const r = checkOperationRequest(operations.getGeneration, { params: { generation_id: '' } });
    expect(r.ok).toBe(false);
    expect(judged(r.errors)).toEqual([['generation_id: at least 1 character', 'getGeneration.path.generation_id.length', 'assumption']]);
    expect(r.value).toBeUndefined();
  });

  it('valid ones come back decoded as given; an operation without path parameters keeps what it was given', () => {
    expect(checkOperationRequest(operations.getMedia, { params: { media_id: 'm 1/2' } }).value?.params).toEqual({ media_id: 'm 1/2' });
    expect(checkOperationRequest(operations.listModels, { params: {} }).value?.params).toEqual({});
  });
});

describe('query', () => {
  it('is judged with the operation schema', () => {
    const r = checkOperationRequest(operations.listGenerations, { query: { page_size: '500', status: 'done' } });
    expect(lines(r.errors)).toEqual(['status: must be one of "success", "failed"; got "done"', 'page_size: must be ≤ 50']);
  });

  it('comes back parsed, defaults applied', () => {
    const r = checkOperationRequest(operations.uploadAssetV2, { query: {}, body: { size: { height: 512, width: 512 } } });
    expect(r).toMatchObject({ ok: true, value: { query: { type: 'image' }, body: { size: { height: 512, width: 512 } } } });
    expect(checkOperationRequest(operations.listGenerations, { query: { page: '2' } }).value?.query).toEqual({ page: 2 });
  });
});

describe('a generation body', () => {
  it('gets the schema rules, path-precise, with rule ids and bases', () => {
    const body = [item({ steps: 3021 }), { video_anyone: { media_id: 'm', prompt: 'x'.repeat(501) } }];
    const r = checkOperationRequest(operations.generateMedia, { body });
    expect(r.ok).toBe(false);
    expect(judged(r.errors)).toEqual([
      ['[0].steps: must be ≤ 3020', 'GenerationItem.steps.range', 'interface'],
      ['[1].video_anyone.prompt: at most 500 characters', expect.any(String), expect.any(String)],
    ]);
    expect(r.errors).toEqual(checkGenerationRequest(body).errors);
  });

  it('warns of unknown fields (with a did-you-mean) and of fields its kind ignores, and stays valid', () => {
    const r = checkOperationRequest(operations.estimateGeneration, {
      body: [item({ stpes: 20 }), { segment: { asset_id: 'a', find: 'x', replace: 'y' }, steps: 20 }],
    });
    expect(r.ok).toBe(true);
    expect(judged(r.warnings)).toEqual([
      ['[0].stpes: not a field of the contract; did you mean "steps"?', 'unknown_field', 'assumption'],
      ['[1].steps: ignored: a segment generation reads only its own object', expect.any(String), expect.any(String)],
    ]);
    expect(r.warnings.every((w) => w.severity === 'warning')).toBe(true);
    expect(r.value?.body).toEqual([
      { model: 'JuggernautXL', prompt: { positive: 'a lighthouse' } },
      { segment: { asset_id: 'a', find: 'x', replace: 'y' }, steps: 20 },
    ]);
  });

  it('under strict, an unknown field is an error and nothing is a warning of it', () => {
    const r = checkOperationRequest(operations.generateMedia, { body: [item({ Seed: 1 })] }, { strict: true });
    expect(r.ok).toBe(false);
    expect(r.errors.map((e) => [formatIssue(e), e.severity])).toEqual([['[0].Seed: not a field of the contract; did you mean "seed"?', 'error']]);
    expect(r.warnings).toEqual([]);
  });

  it('without facts, the rules that need them are named in unchecked, never passed or failed', () => {
    const body = [item({ batch_size: 8, loras: [{ name: 'film_grain', weight: 1 }] })];
    const r = checkOperationRequest(operations.generateMedia, { body });
    expect(r.ok).toBe(true);
    expect(r.unchecked).toEqual(['[0].batch_size: plan maximum (no plan given)', '[0].loras: base model match (no LoRA listing given)']);
  });

  it('with facts, applies every rule that needs them: the plan only when given', () => {
    const body = [item({ batch_size: 8, loras: [{ name: 'film_grain', weight: 1 }] })];
    const withCatalogue = checkOperationRequest(operations.generateMedia, { body }, { context: { catalogue } });
    expect(judged(withCatalogue.errors)).toEqual([
      ['[0].loras[0].name: LoRA "film_grain" is for SD 1.5 but the model "JuggernautXL" is SDXL', 'lora_base_model', 'interface'],
    ]);
    expect(withCatalogue.unchecked).toEqual(['[0].batch_size: plan maximum (no plan given)']);
    const context: GenerationContext = { catalogue, plan: { maxBatchSize: 4, name: 'Starter' } };
    const withPlan = checkOperationRequest(operations.generateMedia, { body }, { context });
    expect(lines(withPlan.errors)).toEqual([
      '[0].batch_size: must be ≤ 4 (the maximum of the Starter plan)',
      '[0].loras[0].name: LoRA "film_grain" is for SD 1.5 but the model "JuggernautXL" is SDXL',
    ]);
    expect(withPlan.unchecked).toEqual([]);
  });

  it('reads input metadata from the context', () => {
    const body = [{ video_anyone: { asset_id: 'ast_1', prompt: 'dance' } }];
    const inputs = { ast_1: { width: 1000, height: 1000 } };
    expect(checkOperationRequest(operations.generateMedia, { body }).unchecked).toEqual([
      '[0].video_anyone.asset_id: aspect ratio 3:5 or 5:3 (no metadata for "ast_1")',
    ]);
    const r = checkOperationRequest(operations.generateMedia, { body }, { context: { inputs } });
    expect(judged(r.errors)).toEqual([
      ['[0].video_anyone.asset_id: input image is 1000×1000 (1:1); video_anyone needs 3:5 or 5:3', 'video_anyone_aspect_ratio', expect.any(String)],
    ]);
  });
});

describe('any other body', () => {
  it('gets its schema, with rule ids', () => {
    const r = checkOperationRequest(operations.createCharacter, { body: { asset_id: 'a', character_type: 'cartoon', name: 'n', prompt: 'p' } });
    expect(judged(r.errors)).toEqual([
      ['character_type: must be one of "realistic", "stylized"; got "cartoon"', expect.stringMatching(/character_type\.enum$/), expect.any(String)],
    ]);
    expect(lines(checkOperationRequest(operations.archiveAssets, { body: { ids: [] } }).errors)).toEqual(['ids: at least 1 item']);
  });

  it('warns of unknown fields with a did-you-mean; strict makes them errors', () => {
    const lax = checkOperationRequest(operations.archiveAssets, { body: { ids: ['ast_1'], idz: 1 } });
    expect(lax.ok).toBe(true);
    expect(judged(lax.warnings)).toEqual([['idz: not a field of the contract; did you mean "ids"?', 'unknown_field', 'assumption']]);
    expect(lax.value?.body).toEqual({ ids: ['ast_1'] });
    const strict = checkOperationRequest(operations.archiveAssets, { body: { ids: ['ast_1'], idz: 1 } }, { strict: true });
    expect(strict.ok).toBe(false);
    expect(strict.errors.map((e) => [formatIssue(e), e.severity])).toEqual([['idz: not a field of the contract; did you mean "ids"?', 'error']]);
    expect(strict.warnings).toEqual([]);
    expect(strict.value).toBeUndefined();
  });

  it('judges as checkRequestBody does, and ignores a generation context', () => {
    const body = { asset_id: 'a', character_type: 'realistic', name: 'n', prompt: 'p', nmae: 'x' };
    const r = checkOperationRequest(operations.createCharacter, { body }, { context: { plan: { maxBatchSize: 1 } } });
    const direct = checkRequestBody(operations.createCharacter.body, body);
    expect([r.ok, r.errors, r.warnings, r.unchecked]).toEqual([direct.ok, direct.errors, direct.warnings, direct.unchecked]);
    expect(r.value?.body).toEqual(direct.value);
  });
});

describe('parts', () => {
  it('issues come path parameters first, then the query, then the body', () => {
    const r = checkOperationRequest(operations.uploadAssetV2, { params: {}, query: { type: 'gif' }, body: { size: { height: 512 } } });
    expect(lines(r.errors)).toEqual(['type: must be one of "image", "video", "audio"; got "gif"', 'size.width: required']);
  });

  it('a part not given is not judged: what a recording or a body-only check does not hold fails nothing', () => {
    expect(checkOperationRequest(operations.getGeneration, {})).toMatchObject({ ok: true, errors: [], value: { params: undefined } });
    expect(checkOperationRequest(operations.generateMedia, { query: {} })).toMatchObject({ ok: true, errors: [], value: { body: undefined } });
    // The body alone, as conformance's request errors judge it: a query not given raises nothing.
    expect(checkOperationRequest(operations.uploadAssetV2, { body: { size: { height: 1, width: 1 } } }).ok).toBe(true);
  });

  it('with whole, a part left out is one the request does not carry, and is judged so', () => {
    expect(judged(checkOperationRequest(operations.getGeneration, {}, { whole: true }).errors)).toEqual([
      ['generation_id: required', 'getGeneration.path.generation_id.required', 'live-docs'],
    ]);
    expect(lines(checkOperationRequest(operations.generateMedia, {}, { whole: true }).errors)).toEqual(['(root): required']);
    expect(checkOperationRequest(operations.listModels, {}, { whole: true }).value).toEqual({ params: {}, query: {}, body: undefined });
  });

  it('an operation without a body keeps one given as it is, unjudged', () => {
    expect(checkOperationRequest(operations.listModels, { query: {}, body: { anything: 1 } }).value?.body).toEqual({ anything: 1 });
  });

  it('agrees with each part judged on its own', () => {
    const query = { page: '0', page_size: 'x' };
    const r = checkOperationRequest(operations.listCharacters, { params: {}, query });
    expect(r.errors).toEqual(validate(operations.listCharacters.query, query).errors);
  });
});
