// The ledger: one entry per dated change of the interface description, newest last. This is the only
// place an API version is described; the documents under openapi/versions/, the request and response
// transforms and CHANGELOG-API.md are all derived from these entries and the newest schema.
import {
  enumValueAdded,
  fieldAdded,
  fieldDeprecated,
  fieldRenamed,
  queryParamAdded,
  queryParamRenamed,
  ruleAdded,
  type VersionChange,
} from './instructions.js';

/** Listings that gained the `type` query parameter on 2024-11-08. */
const CATALOGUE_LISTINGS = ['listModels', 'listStyles', 'listControlnets', 'listLoras'];

export const ledger: readonly VersionChange[] = [
  {
    date: '2024-09-04',
    name: 'Rename images to media and add narrator generations',
    description:
      'Generation responses call their items `media` (was `images`) and their dimensions `dim` (was `image_size` ' +
      'in the generate response, `size` in listings); every media item gains `type`. The list query parameter ' +
      '`image_id` becomes `media_id`. Narrator generations are accepted in the generation request.',
    instructions: [
      fieldRenamed('GenerationResult', 'images', 'media'),
      fieldRenamed('GeneratedMedia', 'image_size', 'dim'),
      fieldAdded('GeneratedMedia', 'type', { upgradeDefault: 'image' }),
      fieldRenamed('Generation', 'images', 'media'),
      fieldRenamed('Media', 'size', 'dim'),
      fieldAdded('Media', 'type', { upgradeDefault: 'image' }),
      queryParamRenamed(['listGenerations'], 'image_id', 'media_id'),
      fieldAdded('GenerationItem', 'narrator'),
    ],
  },
  {
    date: '2024-11-08',
    name: 'Accept Flux models and styles and add style_detail',
    description:
      'Flux models (`model: "Flux"`) and Flux styles are accepted; a style is chosen with `style_detail` ' +
      '`{ name, base_model }`, which generate responses echo beside `style`. The model, style, control net ' +
      'and LoRA listings take a `type` query parameter.',
    instructions: [fieldAdded('GenerationItem', 'style_detail'), fieldAdded('GeneratedMedia', 'style_detail'), queryParamAdded(CATALOGUE_LISTINGS, 'type')],
  },
  {
    date: '2024-12-04',
    name: 'List control nets for Flux',
    description:
      '`GET /pub/v1/controlnets?type=flux` lists the control nets for Flux models and styles; with Flux, ' +
      '`control_net` does not take `resize_mode` or `control_mode`.',
    instructions: [enumValueAdded('ControlnetType', 'flux'), ruleAdded('GenerationItem', 'flux_control_net_modes')],
  },
  {
    date: '2025-03-06',
    name: 'Add video_anyone image-to-video generations',
    description:
      'A `video_anyone` generation turns an image (`media_id` of a generated image or `asset_id` of an uploaded ' +
      'one, aspect ratio 3:5 or 5:3) into a video, guided by a prompt of at most 500 characters.',
    instructions: [fieldAdded('GenerationItem', 'video_anyone')],
  },
  {
    date: '2025-05-07',
    name: 'Add mode to character generations',
    description:
      '`character.mode` chooses how closely a character is followed: `flexible`, `balanced` or `strong`. ' +
      '`weight` and `enable_facelock` are deprecated in its favour.',
    instructions: [
      fieldAdded('CharacterSettings', 'mode'),
      fieldDeprecated('CharacterSettings', 'weight', { use: 'mode' }),
      fieldDeprecated('CharacterSettings', 'enable_facelock', { use: 'mode' }),
    ],
  },
];

/** Dates of the ledger, oldest first. */
export const ledgerDates: readonly string[] = ledger.map((change) => change.date);
/** The date of the newest shape, the one the hand-written schemas describe. */
export const latestDate: string = ledgerDates[ledgerDates.length - 1]!;
