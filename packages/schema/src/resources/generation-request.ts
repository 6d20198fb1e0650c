// The generation request: the body of POST /pub/v1/generations and of the estimate, a JSON *array*
// of generation items. Each item is one kind of generation (standard with a model or style, segment,
// true_touch, narrator, video_anyone), decided by priority; see ../rules/kinds.ts for the warnings
// about fields a kind ignores and ../rules/check.ts for the rules that need outside facts.
//
// Every rule JSON Schema can say is also written into the emitted document (as `.openapi()`
// metadata beside the zod refinement), so Prism and any validator enforce it too; the property test
// in test/agreement proves the two verdicts agree.
import { requestObject } from '../common.js';
import { assumption, fromDocs, fromInterface } from '../provenance.js';
import { z } from '../zod.js';

/** Counts characters as JSON Schema does (code points), not UTF-16 units as String#length does. */
export function maxChars(max: number) {
  return z
    .string()
    .refine((s) => [...s].length <= max, { message: `at most ${max} characters`, params: { constraint: 'length' } })
    .openapi({ maxLength: max });
}

export const ASPECT_RATIOS = ['1:1', '2:3', '3:2', '4:5', '16:9', '9:16'] as const;
export const AspectRatio = fromDocs(z.enum(ASPECT_RATIOS).openapi('AspectRatio', { example: '1:1' }));

export const QUALITIES = ['Plus', 'Regular'] as const;
export const Quality = fromDocs(z.enum(QUALITIES).openapi('Quality', { description: 'Case sensitive.', example: 'Plus' }));

export const SAMPLERS = ['DPM++ 2M Karras', 'DPM++ 2M SDE Karras', 'DPM++ 2S a Karras', 'DPM++ SDE', 'DPM++ SDE Karras', 'Euler a'] as const;
export const Sampler = fromDocs(z.enum(SAMPLERS).openapi('Sampler', { description: 'Case sensitive.', example: 'DPM++ 2M Karras' }));

export const CHARACTER_MODES = ['flexible', 'balanced', 'strong'] as const;
export const CharacterMode = fromInterface(
  z.enum(CHARACTER_MODES).openapi('CharacterMode', {
    description: '`flexible`: stylized characters and image generations. `balanced`: realistic images. `strong`: character similarity matters most.',
    example: 'balanced',
  }),
);

/** The model name that selects Flux (case sensitive, as in the docs). */
export const FLUX_MODEL = 'Flux';
/** The `style_detail.base_model` value of Flux styles. */
export const FLUX_BASE_MODEL = 'flux';

export const Prompt = requestObject(
  'Prompt',
  {
    positive: fromDocs(z.string().openapi({ example: 'a man looking into the camera' })),
    negative: fromDocs(z.string().optional().openapi({ example: 'nsfw, deformed, extra limbs, bad anatomy' })),
  },
  'The prompt. With a character, write the character name in `positive`.',
);
export type Prompt = z.infer<typeof Prompt>;

export const CharacterSettings = requestObject(
  'CharacterSettings',
  {
    character_id: fromDocs(z.string().openapi({ example: 'chr_01' })),
    mode: CharacterMode.optional(),
    weight: fromDocs(z.number().optional().openapi({ deprecated: true, example: 0.6 }), 'deprecated in favour of mode'),
    enable_facelock: fromDocs(z.boolean().optional().openapi({ deprecated: true, example: true }), 'deprecated in favour of mode'),
  },
  'Character-based generation. No default `mode` is documented.',
);
export type CharacterSettings = z.infer<typeof CharacterSettings>;

export const ControlNet = requestObject(
  'ControlNet',
  {
    asset_id: fromDocs(z.string().openapi({ example: 'ast_01' })),
    name: fromDocs(z.string().openapi({ example: 'Normal' }), 'names from GET /pub/v1/controlnets'),
    control_mode: fromDocs(z.int().optional().openapi({ example: 0 }), 'not supported with Flux'),
    resize_mode: fromDocs(z.int().optional().openapi({ example: 0 }), 'not supported with Flux'),
  },
  'Pose control. With a Flux model or style, `resize_mode` and `control_mode` are not supported.',
);
export type ControlNet = z.infer<typeof ControlNet>;

export const Facelock = requestObject('Facelock', {
  asset_id: fromDocs(z.string().openapi({ example: 'ast_01' })),
});
export type Facelock = z.infer<typeof Facelock>;

export const LoraRef = requestObject('LoraRef', {
  name: fromDocs(z.string().openapi({ example: 'lora_name' })),
  weight: fromDocs(z.number().openapi({ example: 0.5 })),
});
export type LoraRef = z.infer<typeof LoraRef>;

export const StyleDetail = requestObject(
  'StyleDetail',
  {
    name: fromDocs(z.string().openapi({ example: 'Black & White' })),
    base_model: fromDocs(z.string().openapi({ example: 'flux' }), 'seen: flux; docs mention sd/sdxl'),
  },
  'A style by name and base model; the required way to choose a Flux style.',
);
export type StyleDetail = z.infer<typeof StyleDetail>;

export const Segment = requestObject(
  'Segment',
  {
    asset_id: fromDocs(z.string().openapi({ example: 'ast_01' })),
    find: fromDocs(z.string().openapi({ example: 'red shirt' })),
    replace: fromDocs(z.string().openapi({ example: 'blue shirt' })),
  },
  'Find-and-replace editing of an uploaded image.',
);
export type Segment = z.infer<typeof Segment>;

export const TrueTouch = requestObject(
  'TrueTouch',
  {
    asset_id: fromDocs(z.string().openapi({ example: 'ast_01' })),
    enhance_strength: fromDocs(z.number().min(0).optional().openapi({ example: 0.5 }), 'range not shown', {
      range: assumption('the service rejects a negative enhance_strength'),
    }),
    scale_factor: fromDocs(z.number().min(1).optional().openapi({ example: 1.5 }), 'range not shown', {
      range: assumption('the service rejects a scale_factor below 1'),
    }),
  },
  'Enhances and upscales the uploaded image `asset_id`.',
);
export type TrueTouch = z.infer<typeof TrueTouch>;

const exactlyOne = (a: string, b: string) => (v: Record<string, unknown>) => (v[a] === undefined) !== (v[b] === undefined);

/** Marks a refinement's issue with the id of the rule it enforces (see ../rules/catalog.ts). */
export const ruleParams = (rule: string) => ({ params: { rule } });

export const VideoAnyone = requestObject(
  'VideoAnyone',
  {
    media_id: fromDocs(z.string().optional().openapi({ example: 'media_01' }), 'the docs example passes an asset id here'),
    asset_id: fromInterface(z.string().optional().openapi({ example: 'ast_01' })),
    prompt: fromInterface(maxChars(500).openapi({ example: 'Camera static, a woman riding a bicycle' }), 'at most 500 characters'),
    duration: fromDocs(z.int().min(1).optional().openapi({ example: 5 }), 'allowed values not shown', {
      type: assumption('duration is a whole number of seconds'),
      range: assumption('the service rejects a duration below 1'),
    }),
  },
  'Image to video. The input image (a generated `media_id` or an uploaded `asset_id`, exactly one) must have aspect ratio 3:5 or 5:3.',
)
  .refine(exactlyOne('media_id', 'asset_id'), {
    message: 'give exactly one of media_id and asset_id',
    path: ['media_id'],
    ...ruleParams('video_anyone_input'),
  })
  .openapi({ oneOf: [{ required: ['media_id'] }, { required: ['asset_id'] }] });
export type VideoAnyone = z.infer<typeof VideoAnyone>;

export const Narrator = requestObject(
  'Narrator',
  {
    image_asset_id: fromDocs(z.string().optional().openapi({ example: 'ast_imgxxxxx' })),
    video_asset_id: fromDocs(z.string().optional().openapi({ example: 'ast_vidxxxxx' }), 'video ≤ 30 fps, ≤ 1920×1080'),
    script: fromInterface(z.string().optional().openapi({ example: 'Thank you for trying Narrator' })),
    voice: fromDocs(z.string().optional().openapi({ example: 'Rachel' }), 'names from GET /pub/v1/voices'),
    audio_asset_id: fromInterface(z.string().optional().openapi({ example: 'ast_audxxxxx' })),
  },
  'A talking video. Either `script` with `voice`, or an uploaded `audio_asset_id`. The docs\u2019 own example sends both; which wins is not documented.',
)
  .superRefine((v, ctx) => {
    if (v.audio_asset_id !== undefined) return;
    if (v.script === undefined) {
      ctx.addIssue({ code: 'custom', path: ['script'], message: 'required (or give audio_asset_id)', ...ruleParams('narrator_input') });
    } else if (v.voice === undefined) {
      ctx.addIssue({ code: 'custom', path: ['voice'], message: 'required with script (or give audio_asset_id)', ...ruleParams('narrator_input') });
    }
  })
  .openapi({ anyOf: [{ required: ['script', 'voice'] }, { required: ['audio_asset_id'] }] });
export type Narrator = z.infer<typeof Narrator>;

/** The fields that choose a generation's kind, highest priority first. */
export const KIND_FIELDS = ['segment', 'style', 'style_detail', 'model', 'true_touch', 'narrator', 'video_anyone'] as const;

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

/** The same condition in JSON Schema, for the emitted document. */
const FLUX_CHOSEN = {
  anyOf: [
    {
      required: ['style_detail'],
      properties: { style_detail: { required: ['base_model'], properties: { base_model: { const: FLUX_BASE_MODEL } } } },
      not: { required: ['segment'] },
    },
    {
      required: ['model'],
      properties: { model: { const: FLUX_MODEL } },
      not: { anyOf: [{ required: ['segment'] }, { required: ['style'] }, { required: ['style_detail'] }] },
    },
  ],
};

const itemShape = {
  aspect_ratio: AspectRatio.optional(),
  batch_size: fromDocs(z.int().min(1).optional().openapi({ example: 1 }), 'maximum depends on the plan', {
    range: assumption('the service rejects a batch_size below 1'),
  }),
  cfg_scale: fromDocs(z.number().min(4).max(127).optional().openapi({ example: 7 }), 'guidance', {
    range: { source: 'interface', note: 'guidance 4 ≤ x ≤ 127' },
  }),
  character: fromDocs(CharacterSettings.optional()),
  control_net: fromDocs(ControlNet.optional()),
  facelock: fromDocs(Facelock.optional()),
  loras: fromDocs(z.array(LoraRef).optional(), 'every LoRA shares the base model of the style or model'),
  model: fromDocs(z.string().optional().openapi({ example: 'JuggernautXL' }), '"Flux" selects Flux'),
  narrator: fromInterface(Narrator.optional()),
  prompt: fromDocs(Prompt.optional(), 'object, not the string the interface description shows'),
  quality: Quality.optional(),
  sampler: Sampler.optional(),
  seed: fromDocs(z.int().optional().openapi({ example: 1234 }), 'random when omitted'),
  segment: fromDocs(Segment.optional()),
  steps: fromDocs(z.int().min(10).max(3020).optional().openapi({ example: 20 }), undefined, {
    range: { source: 'interface', note: 'steps 10 ≤ x ≤ 3020' },
  }),
  style: fromDocs(z.string().optional().openapi({ example: 'Bokeh' }), 'being phased out in favour of style_detail'),
  style_detail: fromDocs(StyleDetail.optional()),
  true_touch: fromDocs(TrueTouch.optional()),
  video_anyone: fromInterface(VideoAnyone.optional()),
};

export const GenerationItem = requestObject(
  'GenerationItem',
  itemShape,
  'One generation. It should name one kind; if it names several, the highest priority wins: segment > style (or style_detail) > model > true_touch > narrator > video_anyone. ' +
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
        if: FLUX_CHOSEN,
        then: {
          properties: { control_net: { not: { anyOf: [{ required: ['resize_mode'] }, { required: ['control_mode'] }] } } },
        },
      },
    ],
  } as never);
export type GenerationItem = z.infer<typeof GenerationItem>;

export const GenerationRequest = fromDocs(
  z.array(GenerationItem).min(1).openapi('GenerationRequest', { description: 'A JSON array of generation items; even one job is sent as `[ { … } ]`.' }),
  'the body is a JSON array of items',
  { length: assumption('the service rejects an empty array') },
);
export type GenerationRequest = z.infer<typeof GenerationRequest>;

/** What callers may write: `prompt` as a plain string is accepted by the client and sent as `{ positive }`. */
export type GenerationItemInput = Omit<GenerationItem, 'prompt'> & { prompt?: string | Prompt };

export { isFlux };
