// rules(): every constraint and every named rule with its basis, and every issue names one of them.
import { describe, expect, it } from 'vitest';
import * as docs from '../../src/examples/live-docs.js';
import { operations } from '../../src/operations.js';
import { ruleById, rules } from '../../src/rules/catalog.js';
import { checkGenerationRequest, checkRequestBody } from '../../src/rules/check.js';
import { validate } from '../../src/rules/issues.js';
import { didYouMean } from '../../src/rules/unknown-fields.js';

const all = rules();
const ids = new Set(all.map((r) => r.id));

describe('rules()', () => {
  it('lists each rule once, with a basis, a description and a severity', () => {
    expect(ids.size).toBe(all.length);
    for (const rule of all) {
      expect(['interface', 'live-docs', 'assumption'], rule.id).toContain(rule.source);
      expect(['error', 'warning'], rule.id).toContain(rule.severity);
      expect(rule.description.length, rule.id).toBeGreaterThan(5);
      if (rule.source === 'assumption') expect(rule.note, rule.id).toMatch(/\w{3,}/);
    }
  });

  it('derives a rule for every range, enum, length and required-ness of the request schemas', () => {
    for (const id of [
      'GenerationItem.cfg_scale.range',
      'GenerationItem.steps.range',
      'GenerationItem.sampler.enum',
      'GenerationItem.aspect_ratio.enum',
      'VideoAnyone.prompt.length',
      'Prompt.positive.required',
      'CreateCharacterRequest.name.required',
      'ArchiveAssetsRequest.ids.length',
      'listControlnets.query.type.enum',
      'GenerationRequest.length',
    ]) {
      expect(ids, id).toContain(id);
    }
  });

  it('labels what the audit found: documented limits, assumed ranges and required-ness', () => {
    const source = (id: string) => ruleById(id)?.source;
    expect(source('GenerationItem.steps.range')).toBe('interface');
    expect(source('GenerationItem.cfg_scale.range')).toBe('interface');
    expect(source('VideoAnyone.prompt.length')).toBe('interface');
    expect(source('TrueTouch.scale_factor.range')).toBe('assumption');
    expect(source('TrueTouch.enhance_strength.range')).toBe('assumption');
    expect(source('VideoAnyone.duration.range')).toBe('assumption');
    expect(source('Prompt.positive.required')).toBe('assumption');
    expect(source('Segment.find.required')).toBe('assumption');
    expect(source('CreateCharacterRequest.name.required')).toBe('live-docs');
    expect(source('CatalogueQuery.type.enum')).toBe('assumption');
    expect(source('listCharacters.query.page.range')).toBe('live-docs');
    expect(source('unknown_field')).toBe('assumption');
    expect(ruleById('narrator_both_inputs')?.severity).toBe('warning');
    expect(ruleById('one_kind_per_item')?.severity).toBe('warning');
  });

  it('has no strict object anywhere in the request or response schemas', () => {
    expect(all.some((r) => /additionalProperties|unrecognized/.test(r.id))).toBe(false);
    expect(validate(operations.createCharacter.body!, { ...docs.createCharacterRequest, age: 25 }).success).toBe(true);
    expect(
      validate(operations.getMedia.success.schema, { ...docs.getMediaResponse, extra: 1, data: { ...docs.getMediaResponse.data, thumbnail: 'x' } }).success,
    ).toBe(true);
  });
});

describe('issues name their rule', () => {
  it('for schema, refinement, kind and context rules, and unknown fields', () => {
    const result = checkGenerationRequest(
      [
        { model: 'M', steps: 3021, colour: 'red' },
        { narrator: { script: 'hi' } },
        { model: 'Flux', control_net: { asset_id: 'a', name: 'Canny', control_mode: 1 } },
      ],
      { plan: { maxBatchSize: 1 } },
    );
    const issues = [...result.errors, ...result.warnings];
    expect(issues.length).toBeGreaterThanOrEqual(4);
    for (const issue of issues) {
      expect(ids, issue.rule).toContain(issue.rule);
      expect(issue.source).toBe(ruleById(issue.rule)!.source);
    }
  });

  it('for other bodies too, with unknown fields as warnings or strict errors', () => {
    const body = { size: { height: 512, widht: 512 } };
    const lenient = checkRequestBody(operations.uploadAsset.body!, body);
    expect(lenient.errors.map((e) => e.rule)).toEqual(['SizeInput.width.required']);
    expect(lenient.warnings.map((w) => [w.path.join('.'), w.message])).toEqual([['size.widht', 'not a field of the contract; did you mean "width"?']]);
    const strict = checkRequestBody(operations.uploadAsset.body!, body, { strict: true });
    expect(strict.errors.map((e) => e.rule)).toEqual(['SizeInput.width.required', 'unknown_field']);
  });
});

describe('did you mean', () => {
  const fields = ['aspect_ratio', 'batch_size', 'cfg_scale', 'control_net', 'loras', 'model', 'prompt', 'seed', 'steps', 'style', 'style_detail'];
  it.each([
    ['aspectRatio', 'aspect_ratio'],
    ['stpes', 'steps'],
    ['steps_count', 'steps'],
    ['controlnet', 'control_net'],
    ['STYLE', 'style'],
    ['colour', undefined],
    ['x', undefined],
  ])('%s → %s', (name, want) => expect(didYouMean(name, fields)).toBe(want));
});

describe('the v2 upload type', () => {
  it('defaults to image, in zod and in the emitted document', async () => {
    const query = operations.uploadAssetV2.query;
    expect((validate(query, {}).data as { type?: string } | undefined)?.type).toBe('image');
    const { newest } = await import('../support/documents.js');
    const parameter = newest.paths['/pub/v2/assets/upload'].post.parameters.find((p: any) => p.name === 'type');
    expect(JSON.stringify(parameter.schema)).toContain('"default":"image"');
    expect(parameter.required).toBe(false);
  });
});
