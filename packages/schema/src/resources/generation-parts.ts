// What a generation item is made of: the enums and kinds of its fields, and the objects it holds (prompt,
// character settings, control nets, facelock, LoRAs, style detail, segment, true touch, video anyone,
// narrator). generation-request.ts assembles the item and the request from them.
import { requestObject } from '../common.js';
import { assumed, assumption, caseSensitive, fromDocs, fromInterface } from '../provenance.js';
import { z } from '../zod.js';

/** Counts characters as JSON Schema does (code points), not UTF-16 units as String#length does. */
export function maxChars(max: number) {
  return z
    .string()
    .refine((s) => [...s].length <= max, { message: `at most ${max} characters`, params: { constraint: 'length' } })
    .openapi({ maxLength: max });
}

export const ASPECT_RATIOS = ['1:1', '2:3', '3:2', '4:5', '16:9', '9:16'] as const;
export const AspectRatio = fromDocs(z.enum(ASPECT_RATIOS).openapi('AspectRatio', { example: '1:1' }), 'generate');

export const QUALITIES = ['Plus', 'Regular'] as const;
export const Quality = caseSensitive(fromDocs(z.enum(QUALITIES).openapi('Quality', { description: 'Case sensitive.', example: 'Plus' }), 'generate'));

export const SAMPLERS = ['DPM++ 2M Karras', 'DPM++ 2M SDE Karras', 'DPM++ 2S a Karras', 'DPM++ SDE', 'DPM++ SDE Karras', 'Euler a'] as const;
export const Sampler = caseSensitive(fromDocs(z.enum(SAMPLERS).openapi('Sampler', { description: 'Case sensitive.', example: 'DPM++ 2M Karras' }), 'generate'));

export const CHARACTER_MODES = ['flexible', 'balanced', 'strong'] as const;
export const CharacterMode = fromInterface(
  z.enum(CHARACTER_MODES).openapi('CharacterMode', {
    description:
      '`flexible`: stylized characters and image generations. `balanced`: realistic images. `strong`: character similarity matters most. ' +
      'No default is documented. Replaces the deprecated `weight` and `enable_facelock`.',
    example: 'balanced',
  }),
  'requestBody',
  'string enum: `flexible`, `balanced`, `strong`',
);

/** The model name that selects Flux (case sensitive, as in the docs). */
export const FLUX_MODEL = 'Flux';
/** The `style_detail.base_model` value of Flux styles. */
export const FLUX_BASE_MODEL = 'flux';

/** The kinds of generation by priority, highest first (`style_detail` chooses a style: it shares `style`'s rank). */
export const KIND_PRIORITY = ['segment', 'style', 'model', 'true_touch', 'narrator', 'video_anyone'] as const;
export type GenerationKind = (typeof KIND_PRIORITY)[number];
/** The fields that choose a generation's kind, highest priority first. */
export const KIND_FIELDS = ['segment', 'style', 'style_detail', 'model', 'true_touch', 'narrator', 'video_anyone'] as const;

/**
 * What a kind field says of its rank. The priority is told field by field (in the description of the
 * kind's own object, or of the field when it is a plain value), so a document of an older API date,
 * which lacks a later kind's field, lacks its rank too.
 */
const kindRank = (field: (typeof KIND_FIELDS)[number]): string => {
  const rank = KIND_PRIORITY.indexOf(field === 'style_detail' ? 'style' : field) + 1;
  return `A kind of generation, of rank ${rank}${field === 'style_detail' ? ' (as `style`)' : ''}: with several kinds, the lowest rank wins.`;
};
/** A plain-valued kind field (model, style), with its rank. */
export const kind = <T extends z.ZodType>(field: 'model' | 'style', schema: T): T => schema.openapi({ description: kindRank(field) });

export const Prompt = requestObject(
  'Prompt',
  {
    positive: fromDocs(z.string().openapi({ example: 'a man looking into the camera' }), 'generate'),
    negative: fromDocs(z.string().optional().openapi({ example: 'nsfw, deformed, extra limbs, bad anatomy' }), 'generate'),
  },
  'The prompt. With a character, write the character name in `positive`.',
);
export type Prompt = z.infer<typeof Prompt>;

export const CharacterSettings = requestObject(
  'CharacterSettings',
  {
    character_id: fromDocs(z.string().openapi({ example: 'chr_01' }), 'generate'),
    mode: CharacterMode.optional(),
    weight: fromDocs(z.number().optional().openapi({ deprecated: true, example: 0.6 }), 'generate'),
    enable_facelock: fromDocs(z.boolean().optional().openapi({ deprecated: true, example: true }), 'generate'),
  },
  'Character-based generation.',
);
export type CharacterSettings = z.infer<typeof CharacterSettings>;

/** control_mode and resize_mode: the docs show `0` (an integer, the type is read from it). */
const controlNetMode = (field: string) =>
  fromDocs(z.int().optional().openapi({ example: 0 }), 'generate', undefined, {
    type: assumption(`${field} is a whole number (the docs show only 0)`),
  });

export const ControlNet = requestObject(
  'ControlNet',
  {
    asset_id: fromDocs(z.string().openapi({ example: 'ast_01' }), 'generate'),
    name: fromDocs(z.string().openapi({ example: 'Normal' }), 'generate', 'names from GET /pub/v1/controlnets'),
    control_mode: controlNetMode('control_mode'),
    resize_mode: controlNetMode('resize_mode'),
  },
  'Pose control.',
);
export type ControlNet = z.infer<typeof ControlNet>;

export const Facelock = requestObject('Facelock', {
  asset_id: fromDocs(z.string().openapi({ example: 'ast_01' }), 'generate'),
});
export type Facelock = z.infer<typeof Facelock>;

export const LoraRef = requestObject('LoraRef', {
  name: fromDocs(z.string().openapi({ example: 'lora_name' }), 'generate'),
  weight: fromDocs(z.number().openapi({ example: 0.5 }), 'generate'),
});
export type LoraRef = z.infer<typeof LoraRef>;

export const StyleDetail = requestObject(
  'StyleDetail',
  {
    name: fromDocs(z.string().openapi({ example: 'Black & White' }), 'generate'),
    base_model: fromDocs(z.string().openapi({ example: 'flux' }), 'generate', 'seen: flux; docs mention sd/sdxl'),
  },
  'A style by name and base model: the required way to choose a Flux style, and the way to choose any style now that `style` is being phased out. ' +
    `Flux is the chosen kind with a \`style_detail\` whose \`base_model\` is \`flux\`, or with \`model: "Flux"\`. ${kindRank('style_detail')}`,
);
export type StyleDetail = z.infer<typeof StyleDetail>;

export const Segment = requestObject(
  'Segment',
  {
    asset_id: fromDocs(z.string().openapi({ example: 'ast_01' }), 'generate'),
    find: fromDocs(z.string().openapi({ example: 'red shirt' }), 'generate'),
    replace: fromDocs(z.string().openapi({ example: 'blue shirt' }), 'generate'),
  },
  `Find-and-replace editing of an uploaded image. ${kindRank('segment')}`,
);
export type Segment = z.infer<typeof Segment>;

export const TrueTouch = requestObject(
  'TrueTouch',
  {
    asset_id: fromDocs(z.string().openapi({ example: 'ast_01' }), 'generate'),
    enhance_strength: fromDocs(z.number().min(0).optional().openapi({ example: 0.5 }), 'generate', 'range not shown', {
      range: assumption('the service rejects a negative enhance_strength'),
    }),
    scale_factor: fromDocs(z.number().min(1).optional().openapi({ example: 1.5 }), 'generate', 'range not shown', {
      range: assumption('the service rejects a scale_factor below 1'),
    }),
  },
  `Enhances and upscales the uploaded image \`asset_id\`. ${kindRank('true_touch')}`,
);
export type TrueTouch = z.infer<typeof TrueTouch>;

const exactlyOne = (a: string, b: string) => (v: Record<string, unknown>) => (v[a] === undefined) !== (v[b] === undefined);

/** Marks a refinement's issue with the id of the rule it enforces (see ../rules/catalog.ts). */
export const ruleParams = (rule: string) => ({ params: { rule } });

export const VideoAnyone = requestObject(
  'VideoAnyone',
  {
    media_id: fromDocs(z.string().optional().openapi({ example: 'media_01' }), 'generate', 'the docs example passes an asset id here'),
    // The interface names an uploaded image's asset_id as an input, but not the field that carries it
    // (video_anyone's sub-fields are not shown), and the docs pass an asset id in media_id.
    asset_id: assumed(
      z.string().optional().openapi({ example: 'ast_01' }),
      'video_anyone takes an uploaded image as asset_id inside its object (the docs example passes an asset id in media_id)',
    ),
    prompt: fromInterface(maxChars(500).openapi({ example: 'Camera static, a woman riding a bicycle' }), 'limits', 'at most 500 characters'),
    duration: fromDocs(z.int().min(1).optional().openapi({ example: 5 }), 'generate', 'allowed values not shown', {
      type: assumption('duration is a whole number of seconds'),
      range: assumption('the service rejects a duration below 1'),
    }),
  },
  `Image to video. The input image (a generated \`media_id\` or an uploaded \`asset_id\`, exactly one) must have aspect ratio 3:5 or 5:3. ${kindRank('video_anyone')}`,
)
  .refine(exactlyOne('media_id', 'asset_id'), {
    message: 'give exactly one of media_id and asset_id',
    path: ['media_id'],
    ...ruleParams('video_anyone_input'),
  })
  .openapi({
    oneOf: [
      { title: 'generated image (media_id)', required: ['media_id'] },
      { title: 'uploaded image (asset_id)', required: ['asset_id'] },
    ],
  });
export type VideoAnyone = z.infer<typeof VideoAnyone>;

export const Narrator = requestObject(
  'Narrator',
  {
    image_asset_id: fromDocs(z.string().optional().openapi({ example: 'ast_imgxxxxx' }), 'generate'),
    video_asset_id: fromDocs(z.string().optional().openapi({ example: 'ast_vidxxxxx' }), 'generate', 'video ≤ 30 fps, ≤ 1920×1080'),
    script: fromInterface(
      z.string().optional().openapi({ example: 'Thank you for trying Narrator' }),
      'requestBody',
      'Either `script` or `audio_asset_id` is passed',
    ),
    voice: fromDocs(
      z.string().optional().openapi({ example: 'Rachel', description: 'A voice name from GET /pub/v1/voices.' }),
      'generate',
      'names from GET /pub/v1/voices',
    ),
    audio_asset_id: fromInterface(
      z.string().optional().openapi({ example: 'ast_audxxxxx' }),
      'requestBody',
      'Identifier of an uploaded audio asset, used by narrator.',
    ),
  },
  'A talking video. Either `script` with `voice`, or an uploaded `audio_asset_id`. The docs\u2019 own example sends both; which wins is not documented. ' +
    kindRank('narrator'),
)
  .superRefine((v, ctx) => {
    if (v.audio_asset_id !== undefined) return;
    if (v.script === undefined) {
      ctx.addIssue({ code: 'custom', path: ['script'], message: 'required (or give audio_asset_id)', ...ruleParams('narrator_input') });
    } else if (v.voice === undefined) {
      ctx.addIssue({ code: 'custom', path: ['voice'], message: 'required with script (or give audio_asset_id)', ...ruleParams('narrator_input') });
    }
  })
  .openapi({
    anyOf: [
      { title: 'script with voice', required: ['script', 'voice'] },
      { title: 'audio asset', required: ['audio_asset_id'] },
    ],
  });
export type Narrator = z.infer<typeof Narrator>;
