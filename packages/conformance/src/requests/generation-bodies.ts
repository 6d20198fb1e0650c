// The generation bodies the suite sends: a plain valid item for any target, the bodies the contract
// may forbid (each the candidate negative or tolerance probe of one rule), and the boundary-valid and
// example bodies beside them. Items that need the target's own facts (its listings, its uploaded
// inputs) take them from the run's fixtures.
import { operations } from '@mediagen/schema';
import { type Basis, ruleBasis } from '../model/basis.js';
import { bindToTarget, type Fixtures } from './fixtures.js';

/**
 * Lax JSON types: a number sent as a numeric string, or null for a field. The schema rejects them,
 * but a server reading JSON laxly (as pydantic does by default) takes "20" as 20 and null as absent,
 * so refusing them is an assumption of ours (a behaviour rule), not a documented rule.
 */
const LAX_JSON_TYPES: Basis = ruleBasis('json_types_strict');

export const FLUX = 'flux';
const isFlux = (item: { base_model: string }) => item.base_model.toLowerCase() === FLUX;

/**
 * A plain valid generation item on any target. It asks for a listed aspect ratio other than the
 * square the example shows, so that what every plain generation made can be weighed against what it
 * asked for (`aspect_ratio_honoured`) at no extra request.
 */
export function baseItem(fixtures: Fixtures): Record<string, unknown> {
  const model = fixtures.real ? (fixtures.catalogue.models.find((m) => !isFlux(m))?.name ?? 'JuggernautXL') : 'JuggernautXL';
  return { model, prompt: { positive: 'a lighthouse at dusk' }, steps: 20, cfg_scale: 7, aspect_ratio: '2:3' };
}

const fluxItem = (fixtures: Fixtures, controlNet: Record<string, unknown>) => ({
  model: 'Flux',
  prompt: { positive: 'a lighthouse at dusk' },
  control_net: {
    asset_id: fixtures.imageAssetId ?? 'ast_01',
    name: fixtures.catalogue.controlnets.find(isFlux)?.name ?? 'Canny',
    ...controlNet,
  },
});

/** A video_anyone item in the docs' shape: the uploaded portrait's asset id passed as media_id. */
const videoAnyone = (fixtures: Fixtures, fields: Record<string, unknown>) => ({
  video_anyone: { media_id: fixtures.portraitAssetId ?? 'ast_01', prompt: 'Camera static, a woman riding a bicycle', ...fields },
});

const trueTouch = (fixtures: Fixtures, fields: Record<string, unknown>) => ({
  true_touch: { asset_id: fixtures.imageAssetId ?? 'ast_01', ...fields },
});

const narrator = (fixtures: Fixtures, fields: Record<string, unknown>) => ({
  narrator: { image_asset_id: fixtures.imageAssetId ?? 'ast_01', ...fields },
});

/** Bodies that break a rule needing the target's own facts (its listings, its uploaded inputs), when the run has them. */
function contextBodies(fixtures: Fixtures, base: Record<string, unknown>): { label: string; body: unknown; basis?: Basis }[] {
  if (!fixtures.real) return [];
  const out: { label: string; body: unknown; basis?: Basis }[] = [];
  // A name no listing names, for each kind of name the listings hold.
  const whole = (name: 'models' | 'styles' | 'loras') => fixtures.wholeListings.includes(name) && fixtures.catalogue[name].length > 0;
  if (whole('models')) out.push({ label: 'a model no listing names', body: [{ ...base, model: `no-such-model-${fixtures.runTag}` }] });
  if (whole('styles')) {
    const { model: _model, ...styled } = base;
    out.push({ label: 'a style no listing names', body: [{ ...styled, style: `no-such-style-${fixtures.runTag}` }] });
  }
  if (whole('loras')) out.push({ label: 'a LoRA no listing names', body: [{ ...base, loras: [{ name: `no-such-lora-${fixtures.runTag}`, weight: 0.5 }] }] });
  // A LoRA of the other base model than the item's model.
  const model = fixtures.catalogue.models.find((m) => m.name === base.model);
  const otherLora = model && fixtures.catalogue.loras.find((l) => l.base_model.toLowerCase() !== model.base_model.toLowerCase() && !isFlux(l));
  if (otherLora) out.push({ label: `LoRA "${otherLora.name}" of another base model`, body: [{ ...base, loras: [{ name: otherLora.name, weight: 0.5 }] }] });
  // video_anyone takes a 3:5 or 5:3 input: the square image asset is neither.
  if (fixtures.imageAssetId) out.push({ label: 'video_anyone with a square input (1:1)', body: [videoAnyone(fixtures, { media_id: fixtures.imageAssetId })] });
  // Narrator videos above the limits (an uploaded video whose real frame rate is above 30).
  if (fixtures.fastVideoAssetId) {
    out.push({
      label: 'narrator video above 30 fps',
      body: [narrator(fixtures, { video_asset_id: fixtures.fastVideoAssetId, script: 'Hello', voice: voiceOf(fixtures) })],
    });
  }
  // Each size limit alone: a video one pixel too wide, and one one pixel too high.
  if (fixtures.wideVideoAssetId) {
    out.push({
      label: 'narrator video wider than 1920 (1921×1080)',
      body: [narrator(fixtures, { video_asset_id: fixtures.wideVideoAssetId, script: 'Hello', voice: voiceOf(fixtures) })],
    });
  }
  if (fixtures.tallVideoAssetId) {
    out.push({
      label: 'narrator video higher than 1080 (1920×1081)',
      body: [narrator(fixtures, { video_asset_id: fixtures.tallVideoAssetId, script: 'Hello', voice: voiceOf(fixtures) })],
    });
  }
  // An input no upload made: the schema cannot tell, the target can.
  out.push({
    label: 'true_touch on an asset no upload made',
    body: [trueTouch(fixtures, { asset_id: `ast_never_uploaded_${fixtures.runTag}` })],
    basis: ruleBasis('reference_exists'),
  });
  return out;
}

const voiceOf = (fixtures: Fixtures) => fixtures.catalogue.voices[0]?.name ?? 'Rachel';

/** Generation request bodies the contract may forbid (the candidates for negatives and probes). */
export function invalidGenerationBodies(fixtures: Fixtures): { label: string; body: unknown; basis?: Basis }[] {
  const base = baseItem(fixtures);
  const item = (fields: Record<string, unknown>) => [{ ...base, ...fields }];
  return [
    { label: 'cfg_scale 3.99 (minimum 4)', body: item({ cfg_scale: 3.99 }) },
    { label: 'cfg_scale 127.01 (maximum 127)', body: item({ cfg_scale: 127.01 }) },
    { label: 'steps 9 (minimum 10)', body: item({ steps: 9 }) },
    { label: 'steps 3021 (maximum 3020)', body: item({ steps: 3021 }) },
    { label: 'steps 20.5 (whole number)', body: item({ steps: 20.5 }) },
    { label: 'steps "20" (a string)', body: item({ steps: '20' }), basis: LAX_JSON_TYPES },
    { label: 'sampler "euler a" (case-sensitive)', body: item({ sampler: 'euler a' }) },
    { label: 'sampler "DPM++ 2M KARRAS" (case-sensitive)', body: item({ sampler: 'DPM++ 2M KARRAS' }) },
    { label: 'quality "plus" (case-sensitive)', body: item({ quality: 'plus' }) },
    { label: 'quality "REGULAR" (case-sensitive)', body: item({ quality: 'REGULAR' }) },
    { label: 'aspect_ratio "1X1" (not an allowed ratio)', body: item({ aspect_ratio: '1X1' }) },
    { label: 'aspect_ratio "3:5" (not an allowed ratio)', body: item({ aspect_ratio: '3:5' }) },
    // A mode the interface does not list: its enum is stated, so this one must not be served.
    { label: 'character.mode "extreme" (not a listed mode)', body: item({ character: { character_id: fixtures.characterId ?? 'chr_01', mode: 'extreme' } }) },
    {
      label: 'character.mode "Balanced" (case-sensitive)',
      body: item({ character: { character_id: fixtures.characterId ?? 'chr_01', mode: 'Balanced' } }),
    },
    { label: 'video_anyone prompt of 501 characters', body: [videoAnyone(fixtures, { prompt: 'a'.repeat(501) })] },
    {
      label: 'video_anyone with both media_id and asset_id',
      body: [videoAnyone(fixtures, { asset_id: fixtures.portraitAssetId ?? 'ast_01', media_id: fixtures.mediaIds[0] ?? 'media_01' })],
    },
    { label: 'video_anyone with neither media_id nor asset_id', body: [{ video_anyone: { prompt: 'a bicycle' } }] },
    { label: 'video_anyone duration 2.5 (whole seconds)', body: [videoAnyone(fixtures, { duration: 2.5 })] },
    { label: 'Flux model with control_net.resize_mode', body: [fluxItem(fixtures, { resize_mode: 0 })] },
    { label: 'Flux model with control_net.control_mode', body: [fluxItem(fixtures, { control_mode: 0 })] },
    {
      label: 'Flux style_detail with control_net.resize_mode',
      body: [
        {
          style_detail: { name: 'Black & White', base_model: FLUX },
          prompt: { positive: 'a lighthouse' },
          control_net: { asset_id: fixtures.imageAssetId ?? 'ast_01', name: 'Canny', resize_mode: 1 },
        },
      ],
    },
    { label: 'narrator script without voice', body: [narrator(fixtures, { script: 'Hello there' })] },
    {
      label: 'narrator with both audio_asset_id and script',
      body: [narrator(fixtures, { script: 'Hello', voice: voiceOf(fixtures), audio_asset_id: fixtures.audioAssetId ?? 'ast_aud' })],
    },
    { label: 'narrator with neither script nor audio', body: [narrator(fixtures, {})] },
    { label: 'true_touch enhance_strength -1 (non-negative)', body: [trueTouch(fixtures, { enhance_strength: -1 })] },
    { label: 'true_touch scale_factor 0.5 (at least 1)', body: [trueTouch(fixtures, { scale_factor: 0.5 })] },
    { label: 'unknown field "colour" in an item', body: item({ colour: 'blue' }) },
    { label: 'unknown field in prompt', body: item({ prompt: { positive: 'a lighthouse', weight: 2 } }) },
    { label: 'prompt as a plain string (must be { positive })', body: item({ prompt: 'a lighthouse' }) },
    { label: 'empty array', body: [] },
    { label: 'an object instead of an array', body: { ...base } },
    { label: 'an item that chooses no kind', body: [{ prompt: { positive: 'a lighthouse' }, steps: 20 }] },
    // What the docs say a service ignores, sent to see that it is ignored (tolerance probes: only a 5xx fails).
    { label: 'a model item that also carries true_touch (the model takes priority)', body: item({ ...trueTouch(fixtures, {}) }) },
    {
      label: 'a segment item that also carries a model and facelock (segment reads only its own object)',
      body: [
        {
          ...base,
          segment: { asset_id: fixtures.imageAssetId ?? 'ast_01', find: 'cat', replace: 'dog' },
          facelock: { asset_id: fixtures.imageAssetId ?? 'ast_01' },
        },
      ],
    },
    {
      label: 'a Flux style_detail item that also carries sampler and cfg_scale (ignored with Flux)',
      body: [{ style_detail: { name: 'Black & White', base_model: FLUX }, prompt: { positive: 'a lighthouse' }, sampler: 'DPM++ 2M Karras', cfg_scale: 7 }],
    },
    { label: 'batch_size 0 (minimum 1)', body: item({ batch_size: 0 }) },
    { label: 'seed 1.5 (whole number)', body: item({ seed: 1.5 }) },
    { label: 'cfg_scale null', body: item({ cfg_scale: null }), basis: LAX_JSON_TYPES },
    { label: 'loras item without weight', body: item({ loras: [{ name: fixtures.catalogue.loras[0]?.name ?? 'lora_name' }] }) },
    ...contextBodies(fixtures, base),
  ];
}

/** Boundary-valid and example generation bodies. */
export function validGenerationBodies(fixtures: Fixtures): { label: string; body: unknown }[] {
  const base = baseItem(fixtures);
  const item = (fields: Record<string, unknown>) => [{ ...base, ...fields }];
  const examples = Object.entries(operations.generateMedia.requestExamples).map(([name, example]) => ({
    label: `example "${name}"`,
    body: bindToTarget(example.value, fixtures),
  }));
  return [
    ...examples,
    { label: 'steps 10 (minimum)', body: item({ steps: 10 }) },
    { label: 'steps 3020 (maximum)', body: item({ steps: 3020 }) },
    { label: 'cfg_scale 4 (minimum)', body: item({ cfg_scale: 4 }) },
    { label: 'cfg_scale 127 (maximum)', body: item({ cfg_scale: 127 }) },
    { label: 'video_anyone prompt of 500 characters', body: [videoAnyone(fixtures, { prompt: 'a'.repeat(500) })] },
    { label: 'sampler "Euler a", quality "Regular", aspect_ratio "9:16"', body: item({ sampler: 'Euler a', quality: 'Regular', aspect_ratio: '9:16' }) },
  ];
}
