// Boundary tests for every limit and case-sensitive enum: each value on both sides of the edge, with
// the exact path-precise message, checked by zod and by a JSON Schema validator on the emitted document.
import { describe, expect, it } from 'vitest';
import { checkGenerationRequest } from '../../src/rules/check.js';
import { formatIssue } from '../../src/rules/issues.js';
import { newest } from '../support/documents.js';
import { jsonSchemaValidator } from '../support/json-schema.js';

const jsonSchema = jsonSchemaValidator(newest).requestBody('generateMedia');
const base = { model: 'JuggernautXL', prompt: { positive: 'a lighthouse' } };

type Case = [name: string, item: Record<string, unknown>, error: string | null];

const cases: Case[] = [
  ['cfg_scale 3.99', { ...base, cfg_scale: 3.99 }, '[0].cfg_scale: must be ≥ 4'],
  ['cfg_scale 4', { ...base, cfg_scale: 4 }, null],
  ['cfg_scale 127', { ...base, cfg_scale: 127 }, null],
  ['cfg_scale 127.01', { ...base, cfg_scale: 127.01 }, '[0].cfg_scale: must be ≤ 127'],
  ['steps 9', { ...base, steps: 9 }, '[0].steps: must be ≥ 10'],
  ['steps 10', { ...base, steps: 10 }, null],
  ['steps 3020', { ...base, steps: 3020 }, null],
  ['steps 3021', { ...base, steps: 3021 }, '[0].steps: must be ≤ 3020'],
  ['steps 10.5', { ...base, steps: 10.5 }, '[0].steps: must be a whole number, got 10.5'],
  ['batch_size 0', { ...base, batch_size: 0 }, '[0].batch_size: must be ≥ 1'],
  ['batch_size 1', { ...base, batch_size: 1 }, null],
  ['video_anyone prompt 500', { video_anyone: { media_id: 'm', prompt: 'x'.repeat(500) } }, null],
  ['video_anyone prompt 501', { video_anyone: { media_id: 'm', prompt: 'x'.repeat(501) } }, '[0].video_anyone.prompt: at most 500 characters'],
  // 500 characters that are 1,000 UTF-16 units: the limit counts characters, as JSON Schema does.
  ['video_anyone prompt 500 emoji', { video_anyone: { media_id: 'm', prompt: '😀'.repeat(500) } }, null],
  ['video_anyone prompt 501 emoji', { video_anyone: { media_id: 'm', prompt: '😀'.repeat(501) } }, '[0].video_anyone.prompt: at most 500 characters'],
  [
    'video_anyone both ids',
    { video_anyone: { media_id: 'm', asset_id: 'a', prompt: 'p' } },
    '[0].video_anyone.media_id: give exactly one of media_id and asset_id',
  ],
  ['video_anyone no id', { video_anyone: { prompt: 'p' } }, '[0].video_anyone.media_id: give exactly one of media_id and asset_id'],
  ['video_anyone asset_id only', { video_anyone: { asset_id: 'a', prompt: 'p' } }, null],
  ['sampler exact', { ...base, sampler: 'DPM++ 2M Karras' }, null],
  [
    'sampler wrong case',
    { ...base, sampler: 'dpm++ 2m karras' },
    '[0].sampler: must be one of "DPM++ 2M Karras", "DPM++ 2M SDE Karras", "DPM++ 2S a Karras", "DPM++ SDE", "DPM++ SDE Karras", "Euler a" (case-sensitive); got "dpm++ 2m karras", did you mean "DPM++ 2M Karras"?',
  ],
  [
    'sampler Euler A',
    { ...base, sampler: 'Euler A' },
    '[0].sampler: must be one of "DPM++ 2M Karras", "DPM++ 2M SDE Karras", "DPM++ 2S a Karras", "DPM++ SDE", "DPM++ SDE Karras", "Euler a" (case-sensitive); got "Euler A", did you mean "Euler a"?',
  ],
  ['quality Plus', { ...base, quality: 'Plus' }, null],
  ['quality plus', { ...base, quality: 'plus' }, '[0].quality: must be one of "Plus", "Regular" (case-sensitive); got "plus", did you mean "Plus"?'],
  [
    'quality REGULAR',
    { ...base, quality: 'REGULAR' },
    '[0].quality: must be one of "Plus", "Regular" (case-sensitive); got "REGULAR", did you mean "Regular"?',
  ],
  ['aspect_ratio 16:9', { ...base, aspect_ratio: '16:9' }, null],
  ['aspect_ratio 16:10', { ...base, aspect_ratio: '16:10' }, '[0].aspect_ratio: must be one of "1:1", "2:3", "3:2", "4:5", "16:9", "9:16"; got "16:10"'],
  ['character.mode balanced', { ...base, character: { character_id: 'c', mode: 'balanced' } }, null],
  [
    'character.mode Balanced',
    { ...base, character: { character_id: 'c', mode: 'Balanced' } },
    '[0].character.mode: must be one of "flexible", "balanced", "strong" (case-sensitive); got "Balanced", did you mean "balanced"?',
  ],
  ['Flux control_net plain', { model: 'Flux', control_net: { asset_id: 'a', name: 'Canny' } }, null],
  [
    'Flux control_net resize_mode',
    { model: 'Flux', control_net: { asset_id: 'a', name: 'Canny', resize_mode: 0 } },
    '[0].control_net.resize_mode: not supported with Flux',
  ],
  [
    'Flux style control_net control_mode',
    { style_detail: { name: 'B&W', base_model: 'flux' }, control_net: { asset_id: 'a', name: 'Canny', control_mode: 1 } },
    '[0].control_net.control_mode: not supported with Flux',
  ],
  ['non-Flux control_net resize_mode', { model: 'JuggernautXL', control_net: { asset_id: 'a', name: 'Normal', resize_mode: 0 } }, null],
  ['flux (lower case) model is not Flux', { model: 'flux', control_net: { asset_id: 'a', name: 'Canny', resize_mode: 0 } }, null],
  ['narrator script + voice', { narrator: { script: 's', voice: 'Rachel' } }, null],
  ['narrator audio', { narrator: { audio_asset_id: 'a' } }, null],
  ['narrator script without voice', { narrator: { script: 's' } }, '[0].narrator.voice: required with script (or give audio_asset_id)'],
  ['narrator nothing', { narrator: {} }, '[0].narrator.script: required (or give audio_asset_id)'],
  // The docs' own example sends all five narrator fields: accepted, with a warning.
  ['narrator both', { narrator: { script: 's', voice: 'v', audio_asset_id: 'a' } }, null],
  ['narrator audio and script without voice', { narrator: { script: 's', audio_asset_id: 'a' } }, null],
  // "should carry only one of": an item naming no kind is a warning, not an error.
  ['no kind', { prompt: { positive: 'p' } }, null],
  // No source forbids unknown fields: a warning (an error only in strict mode).
  ['unknown field', { ...base, steps_count: 20 }, null],
  [
    'Flux chosen by style_detail over a non-Flux model',
    { style_detail: { name: 'B&W', base_model: 'flux' }, model: 'JuggernautXL', control_net: { asset_id: 'a', name: 'Canny', resize_mode: 0 } },
    '[0].control_net.resize_mode: not supported with Flux',
  ],
  ['Flux model outranked by a style', { style: 'Bokeh', model: 'Flux', control_net: { asset_id: 'a', name: 'Canny', resize_mode: 0 } }, null],
  [
    'Flux model outranked by a segment',
    { segment: { asset_id: 'a', find: 'x', replace: 'y' }, model: 'Flux', control_net: { asset_id: 'a', name: 'Canny', control_mode: 0 } },
    null,
  ],
  ['true_touch scale_factor below 1 (assumption)', { true_touch: { asset_id: 'a', scale_factor: 0.5 } }, '[0].true_touch.scale_factor: must be ≥ 1'],
  ['prompt as a string', { ...base, prompt: 'a lighthouse' }, '[0].prompt: expected object, got string'],
  [
    'character.mode calm',
    { ...base, character: { character_id: 'c', mode: 'calm' } },
    '[0].character.mode: must be one of "flexible", "balanced", "strong"; got "calm"',
  ],
];

/** The rule each error breaks, and its basis: only interface and live-docs rules are obligations. */
const rulesOf: Record<string, [rule: string, source: string]> = {
  'cfg_scale 3.99': ['GenerationItem.cfg_scale.range', 'interface'],
  'steps 3021': ['GenerationItem.steps.range', 'interface'],
  'video_anyone prompt 501': ['VideoAnyone.prompt.length', 'interface'],
  'video_anyone both ids': ['video_anyone_input', 'assumption'],
  'sampler wrong case': ['GenerationItem.sampler.enum', 'live-docs'],
  // No source calls character.mode case sensitive (quality and sampler are): refusing "Balanced" is our reading.
  'character.mode Balanced': ['enum_values_case_sensitive', 'assumption'],
  'character.mode calm': ['CharacterSettings.mode.enum', 'interface'],
  // The interface describes prompt as a string: refusing one is ours.
  'prompt as a string': ['GenerationItem.prompt.type', 'assumption'],
  // "Not supported" is stated; that such a request is refused (not ignored) is our reading: still an error for a writer.
  'Flux control_net resize_mode': ['flux_control_net_modes', 'assumption'],
  'narrator nothing': ['narrator_input', 'live-docs'],
  'true_touch scale_factor below 1 (assumption)': ['TrueTouch.scale_factor.range', 'assumption'],
  'batch_size 0': ['GenerationItem.batch_size.range', 'assumption'],
};

describe('limits and enums', () => {
  it.each(Object.entries(rulesOf))('%s breaks %j', (name, [rule, source]) => {
    const item = cases.find(([n]) => n === name)![1];
    expect(checkGenerationRequest([item]).errors.map((e) => [e.rule, e.source, e.severity])).toEqual([[rule, source, 'error']]);
  });

  it('warns, with the rule, where the docs say "should" or say nothing', () => {
    const warnings = (item: Record<string, unknown>) => checkGenerationRequest([item]).warnings.map((w) => [formatIssue(w), w.rule, w.source]);
    expect(warnings({ prompt: { positive: 'p' } })).toEqual([
      ['[0]: names no kind: give one of segment, style, style_detail, model, true_touch, narrator, video_anyone', 'one_kind_per_item', 'live-docs'],
    ]);
    expect(warnings({ narrator: { script: 's', voice: 'v', audio_asset_id: 'a' } })).toEqual([
      ['[0].narrator: gives both script and audio_asset_id; the docs do not say which wins', 'narrator_both_inputs', 'live-docs'],
    ]);
    expect(warnings({ ...base, steps_count: 20, colour: 'red', Seed: 1 })).toEqual([
      ['[0].steps_count: not a field of the contract; did you mean "steps"?', 'unknown_field', 'assumption'],
      ['[0].colour: not a field of the contract', 'unknown_field', 'assumption'],
      ['[0].Seed: not a field of the contract; did you mean "seed"?', 'unknown_field', 'assumption'],
    ]);
  });

  it('makes unknown fields errors in strict mode, at any depth', () => {
    const result = checkGenerationRequest([{ ...base, prompt: { positive: 'p', negatve: 'x' } }], { strict: true });
    expect(result.ok).toBe(false);
    expect(result.errors.map((e) => [formatIssue(e), e.severity])).toEqual([
      ['[0].prompt.negatve: not a field of the contract; did you mean "negative"?', 'error'],
    ]);
    expect(result.warnings).toEqual([]);
    expect(checkGenerationRequest([{ ...base, prompt: { positive: 'p', negatve: 'x' } }]).ok).toBe(true);
  });

  it.each(cases)('%s', (_name, item, error) => {
    const result = checkGenerationRequest([item]);
    expect(result.errors.map(formatIssue)).toEqual(error ? [error] : []);
    expect(jsonSchema([item]), JSON.stringify(jsonSchema.errors)).toBe(error === null);
  });

  it('reports the path of the failing item in a batch', () => {
    const result = checkGenerationRequest([{ ...base }, { ...base, steps: 3021 }]);
    expect(result.errors.map(formatIssue)).toEqual(['[1].steps: must be ≤ 3020']);
  });

  it('rejects an empty request', () => {
    expect(checkGenerationRequest([]).errors.map(formatIssue)).toEqual(['(root): at least 1 item']);
    expect(jsonSchema([])).toBe(false);
  });
});
