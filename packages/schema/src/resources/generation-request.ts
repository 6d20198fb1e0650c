// The generation request: the body of POST /pub/v1/generations and of the estimate, a JSON *array*
// of generation items. Each item is one kind of generation (standard with a model or style, segment,
// true_touch, narrator, video_anyone), decided by priority; see ../rules/kinds.ts for the warnings
// about fields a kind ignores and ../rules/check.ts for the rules that need outside facts.
//
// Every rule JSON Schema can say is also written into the emitted document (as `.openapi()`
// metadata beside the zod refinement), so Prism and any validator enforce it too; the property test
// in test/agreement proves the two verdicts agree.
import { requestObject } from '../common.js';
import { assumption, fromDocs, fromInterface, stated } from '../provenance.js';
import { z } from '../zod.js';
import {
  AspectRatio,
  CharacterSettings,
  ControlNet,
  Facelock,
  FLUX_BASE_MODEL,
  FLUX_MODEL,
  kind,
  LoraRef,
  Narrator,
  Prompt,
  Quality,
  ruleParams,
  Sampler,
  Segment,
  StyleDetail,
  TrueTouch,
  VideoAnyone,
} from './generation-parts.js';

type KindFields = { segment?: unknown; style?: unknown; model?: string | undefined; style_detail?: { base_model: string } | undefined };

/**
 * True when Flux is the item's *chosen* kind: a Flux style (`style_detail.base_model` "flux") when a
 * style is chosen, or the model "Flux" when the model is (a segment outranks both, a style outranks
 * the model).
 */
const isFlux = (item: KindFields): boolean => {
  if (item.segment !== undefined) return false;
  if (item.style !== undefined || item.style_detail !== undefined) return item.style_detail?.base_model === FLUX_BASE_MODEL;
  return item.model === FLUX_MODEL;
};

/** A branch that holds when `field` is given (a named one-field branch of the emitted document). */
const given = (field: string) => ({ title: `${field} given`, required: [field] });

/** The same condition in JSON Schema, for the emitted document. */
const FLUX_CHOSEN = {
  anyOf: [
    {
      title: 'Flux style chosen',
      required: ['style_detail'],
      properties: { style_detail: { required: ['base_model'], properties: { base_model: { const: FLUX_BASE_MODEL } } } },
      not: { required: ['segment'] },
    },
    {
      title: 'Flux model chosen',
      required: ['model'],
      properties: { model: { const: FLUX_MODEL } },
      not: { anyOf: [given('segment'), given('style'), given('style_detail')] },
    },
  ],
};

const itemShape = {
  aspect_ratio: AspectRatio.optional(),
  batch_size: fromDocs(z.int().min(1).optional().openapi({ example: 1 }), 'generate', 'maximum depends on the plan', {
    range: assumption('the service rejects a batch_size below 1'),
  }),
  cfg_scale: fromDocs(z.number().min(4).max(127).optional().openapi({ example: 7 }), 'generate', 'guidance', {
    range: stated('limits', '4 <= x <= 127'),
  }),
  character: fromDocs(CharacterSettings.optional(), 'generate'),
  control_net: fromDocs(ControlNet.optional(), 'generate'),
  facelock: fromDocs(Facelock.optional(), 'generate'),
  loras: fromDocs(z.array(LoraRef).optional(), 'generate', 'every LoRA shares the base model of the style or model'),
  model: kind('model', fromDocs(z.string().optional().openapi({ example: 'JuggernautXL' }), 'generate')),
  narrator: fromInterface(Narrator.optional(), 'requestBody', 'Narrator generation.'),
  // The interface describes prompt as a string: a server that takes one keeps the interface, so refusing it is ours.
  prompt: fromDocs(Prompt.optional(), 'generate', 'object, not the string the interface description shows', {
    type: assumption('the service refuses a prompt that is not a { positive, negative } object (the interface describes prompt as a string)'),
  }),
  quality: Quality.optional(),
  sampler: Sampler.optional(),
  seed: fromDocs(z.int().optional().openapi({ example: 1234 }), 'generate', 'random when omitted'),
  segment: fromDocs(Segment.optional(), 'generate'),
  steps: fromDocs(z.int().min(10).max(3020).optional().openapi({ example: 20 }), 'generate', undefined, {
    range: stated('limits', '10 <= x <= 3020'),
  }),
  style: kind('style', fromDocs(z.string().optional().openapi({ example: 'Bokeh' }), 'generate')),
  style_detail: fromDocs(StyleDetail.optional(), 'generate'),
  true_touch: fromDocs(TrueTouch.optional(), 'generate'),
  video_anyone: fromInterface(VideoAnyone.optional(), 'requestBody', 'Video-anyone generation (conditions below).'),
};

export const GenerationItem = requestObject(
  'GenerationItem',
  itemShape,
  'One generation. It should name one kind (the fields that say they are a kind of generation); if it names several, the kind of the lowest rank wins. ' +
    'Fields the chosen kind ignores, and an item that names no kind, are reported as warnings by `checkGenerationRequest`.',
)
  .superRefine((item, ctx) => {
    if (isFlux(item) && item.control_net) {
      for (const field of ['resize_mode', 'control_mode'] as const) {
        if (item.control_net[field] !== undefined) {
          ctx.addIssue({ code: 'custom', path: ['control_net', field], message: 'not supported with Flux', ...ruleParams('flux_control_net_modes') });
        }
      }
    }
  })
  .openapi({
    allOf: [
      {
        'x-rule': 'flux_control_net_modes',
        title: 'Flux control nets',
        description:
          'When Flux is the chosen kind (`model: "Flux"`, or a `style_detail` whose `base_model` is `flux`, and no `segment`), ' +
          '`control_net` takes neither `resize_mode` nor `control_mode`.',
        if: FLUX_CHOSEN,
        then: {
          properties: { control_net: { not: { anyOf: [given('resize_mode'), given('control_mode')] } } },
        },
      },
    ],
  } as never);
export type GenerationItem = z.infer<typeof GenerationItem>;

export const GenerationRequest = fromDocs(
  z.array(GenerationItem).min(1).openapi('GenerationRequest', { description: 'A JSON array of generation items; even one job is sent as `[ { … } ]`.' }),
  'generate',
  'the body is a JSON array of items',
  {
    length: assumption('the service rejects an empty array'),
    // The interface shows the body as one set of parameters: a server that also takes a single item keeps it.
    type: assumption('the service refuses a body that is not a JSON array (the interface describes one set of parameters)'),
  },
);
export type GenerationRequest = z.infer<typeof GenerationRequest>;

/** What callers may write: `prompt` as a plain string is accepted by the client and sent as `{ positive }`. */
export type GenerationItemInput = Omit<GenerationItem, 'prompt'> & { prompt?: string | Prompt };

export { isFlux };
