// The rules that need outside facts, and the warnings for fields a kind ignores.
import { describe, expect, it } from 'vitest';
import { checkGenerationRequest, normalizeBaseModel } from '../../src/rules/check.js';
import { formatIssue, type Issue } from '../../src/rules/issues.js';
import { generationKind } from '../../src/rules/kinds.js';

const messages = (issues: Issue[]) => issues.map(formatIssue);
const catalogue = {
  models: [
    { name: 'JuggernautXL', base_model: 'SDXL' },
    { name: 'DreamShaper', base_model: 'SD 1.5' },
  ],
  styles: [
    { name: 'Bokeh', base_model: 'sd1.5' },
    { name: 'B&W', base_model: 'flux' },
  ],
  loras: [
    { name: 'xl_detail', base_model: 'sdxl' },
    { name: 'film_grain', base_model: 'SD 1.5' },
  ],
};

describe('kind priority', () => {
  it.each([
    [{ segment: {}, style: 'a', model: 'm' }, 'segment'],
    [{ style_detail: {}, model: 'm', true_touch: {} }, 'style'],
    [{ model: 'm', narrator: {} }, 'model'],
    [{ true_touch: {}, narrator: {}, video_anyone: {} }, 'true_touch'],
    [{ narrator: {}, video_anyone: {} }, 'narrator'],
    [{ video_anyone: {} }, 'video_anyone'],
    [{ prompt: {} }, undefined],
  ])('%j is %s', (item, kind) => expect(generationKind(item as never)).toBe(kind));
});

describe('warnings for ignored fields', () => {
  it('a segment generation reads only its own object', () => {
    const r = checkGenerationRequest([{ segment: { asset_id: 'a', find: 'x', replace: 'y' }, steps: 20, model: 'M' }]);
    expect(r.ok).toBe(true);
    expect(messages(r.warnings)).toEqual([
      '[0].model: ignored: a segment generation reads only its own object',
      '[0].steps: ignored: a segment generation reads only its own object',
    ]);
  });
  it('style takes priority over model and lower kinds', () => {
    const r = checkGenerationRequest([{ style: 'Bokeh', model: 'M', true_touch: { asset_id: 'a' } }]);
    expect(messages(r.warnings)).toEqual([
      '[0].model: ignored: style takes priority over model',
      '[0].true_touch: ignored: style takes priority over true_touch',
    ]);
  });
  it('Flux ignores all but facelock, character, control_net, aspect_ratio, batch_size, prompt, seed', () => {
    const r = checkGenerationRequest([
      { model: 'Flux', cfg_scale: 7, steps: 20, sampler: 'Euler a', seed: 1, aspect_ratio: '1:1', character: { character_id: 'c', weight: 0.5 } },
    ]);
    expect(messages(r.warnings)).toEqual([
      '[0].cfg_scale: ignored with Flux',
      '[0].sampler: ignored with Flux',
      '[0].steps: ignored with Flux',
      '[0].character.weight: ignored with Flux',
    ]);
  });
  it('deprecated character fields are reported outside Flux', () => {
    const r = checkGenerationRequest([{ model: 'M', character: { character_id: 'c', enable_facelock: true } }]);
    expect(r.warnings.map((w) => [formatIssue(w), w.code])).toEqual([['[0].character.enable_facelock: deprecated: use character.mode', 'deprecated_field']]);
  });
  it('a clean standard request has no warnings', () => {
    expect(checkGenerationRequest([{ model: 'M', steps: 20, cfg_scale: 7 }]).warnings).toEqual([]);
  });
});

describe('rules with context', () => {
  it('batch size ≤ the plan maximum', () => {
    const body = [{ model: 'M', batch_size: 5 }];
    expect(messages(checkGenerationRequest(body, { plan: { maxBatchSize: 4, name: 'Basic' } }).errors)).toEqual([
      '[0].batch_size: must be ≤ 4 (the maximum of the Basic plan)',
    ]);
    expect(checkGenerationRequest(body, { plan: { maxBatchSize: 5 } }).ok).toBe(true);
    expect(checkGenerationRequest(body).unchecked).toEqual(['[0].batch_size: plan maximum (no plan given)']);
  });

  it('every LoRA shares the base model of the model or style', () => {
    const ok = checkGenerationRequest([{ model: 'JuggernautXL', loras: [{ name: 'xl_detail', weight: 0.5 }] }], { catalogue });
    expect(ok.errors).toEqual([]);
    const bad = checkGenerationRequest(
      [
        {
          style: 'Bokeh',
          loras: [
            { name: 'film_grain', weight: 1 },
            { name: 'xl_detail', weight: 1 },
          ],
        },
      ],
      { catalogue },
    );
    expect(messages(bad.errors)).toEqual(['[0].loras[1].name: LoRA "xl_detail" is for sdxl but the style "Bokeh" is sd1.5']);
    // Flux does not read loras: they are ignored (a warning), so the base-model rule does not apply.
    const flux = checkGenerationRequest([{ style_detail: { name: 'B&W', base_model: 'flux' }, loras: [{ name: 'xl_detail', weight: 1 }] }], { catalogue });
    expect(flux.errors).toEqual([]);
    expect(flux.warnings.map((w) => [formatIssue(w), w.rule])).toEqual([['[0].loras: ignored with Flux', 'flux_ignored_fields']]);
    // Nor does a segment generation, which reads only its own object.
    const segment = checkGenerationRequest(
      [{ segment: { asset_id: 'a', find: 'x', replace: 'y' }, style: 'Bokeh', loras: [{ name: 'xl_detail', weight: 1 }] }],
      { catalogue },
    );
    expect(segment.errors).toEqual([]);
    expect(bad.errors.map((e) => [e.rule, e.source])).toEqual([['lora_base_model', 'interface']]);
    const unknown = checkGenerationRequest([{ model: 'Nope', loras: [{ name: 'ghost', weight: 1 }] }], { catalogue });
    expect(messages(unknown.errors)).toEqual([
      '[0].model: unknown model "Nope" (not in the catalogue)',
      '[0].loras[0].name: unknown LoRA "ghost" (not in the catalogue)',
    ]);
    expect(unknown.unchecked).toEqual(['[0].loras: base model match (base model of the style or model not known)']);
    expect(checkGenerationRequest([{ model: 'M', loras: [{ name: 'x', weight: 1 }] }]).unchecked).toEqual([
      '[0].loras: base model match (no LoRA listing given)',
    ]);
  });

  it('names from the listings must exist, with or without LoRAs', () => {
    const r = checkGenerationRequest(
      [{ model: 'Nope' }, { style: 'Gone' }, { style_detail: { name: 'Missing', base_model: 'flux' } }, { model: 'JuggernautXL' }],
      { catalogue },
    );
    expect(messages(r.errors)).toEqual([
      '[0].model: unknown model "Nope" (not in the catalogue)',
      '[1].style: unknown style "Gone" (not in the catalogue)',
      '[2].style_detail.name: unknown style "Missing" (not in the catalogue)',
    ]);
    // A listing that is not given is not held against the request.
    expect(checkGenerationRequest([{ model: 'Nope' }], { catalogue: { styles: [] } }).ok).toBe(true);
  });

  it('normalizes base model spellings', () => {
    expect(normalizeBaseModel('SD 1.5')).toBe(normalizeBaseModel('sd1.5'));
    expect(normalizeBaseModel('sd')).toBe('sd15');
    expect(normalizeBaseModel('SDXL')).toBe('sdxl');
    expect(normalizeBaseModel('SDXL')).not.toBe(normalizeBaseModel('SD 1.5'));
  });

  it('video_anyone input must be 3:5 or 5:3', () => {
    const body = (id: string) => [{ video_anyone: { asset_id: id, prompt: 'walk' } }];
    const inputs = {
      tall: { width: 768, height: 1280 },
      wide: { width: 1280, height: 768 },
      square: { width: 512, height: 512 },
      near: { width: 770, height: 1280 },
    };
    expect(checkGenerationRequest(body('tall'), { inputs }).ok).toBe(true);
    expect(checkGenerationRequest(body('wide'), { inputs }).ok).toBe(true);
    expect(checkGenerationRequest(body('near'), { inputs }).ok).toBe(true);
    expect(messages(checkGenerationRequest(body('square'), { inputs }).errors)).toEqual([
      '[0].video_anyone.asset_id: input image is 512×512 (1:1); video_anyone needs 3:5 or 5:3',
    ]);
    expect(checkGenerationRequest(body('unknown'), { inputs }).unchecked).toEqual([
      '[0].video_anyone.asset_id: aspect ratio 3:5 or 5:3 (no metadata for "unknown")',
    ]);
  });

  it('narrator video ≤ 30 fps, ≤ 1080 high, ≤ 1920 wide', () => {
    const body = [{ narrator: { video_asset_id: 'v', audio_asset_id: 'a' } }];
    const at = (v: { width: number; height: number; frames?: number; duration?: number }) => checkGenerationRequest(body, { inputs: { v } });
    expect(at({ width: 1920, height: 1080, frames: 300, duration: 10 }).ok).toBe(true);
    expect(messages(at({ width: 1920, height: 1080, frames: 301, duration: 10 }).errors)).toEqual([
      '[0].narrator.video_asset_id: video is 30.1 fps (301 frames / 10 s); at most 30',
    ]);
    expect(messages(at({ width: 1921, height: 1081, frames: 300, duration: 10 }).errors)).toEqual([
      '[0].narrator.video_asset_id: video height 1081 is above 1080',
      '[0].narrator.video_asset_id: video width 1921 is above 1920',
    ]);
    expect(at({ width: 640, height: 480 }).unchecked).toEqual(['[0].narrator.video_asset_id: frame rate (frames and duration not given)']);
  });

  it('returns schema errors without running context rules', () => {
    const r = checkGenerationRequest([{ model: 'M', steps: 3021, batch_size: 9 }], { plan: { maxBatchSize: 4 } });
    expect(messages(r.errors)).toEqual(['[0].steps: must be ≤ 3020']);
    expect(r.value).toBeUndefined();
  });
});
