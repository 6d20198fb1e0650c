// Generations and their media as the service answers them: the generate response (media just
// `initiated`), the generation record of get/list, and one media item. Renamed fields (images→media,
// image_size/size→dim) and `type` are described in the newest shape only; older shapes come from the
// ledger in ../ledger/changes.ts.
import { Dim, responseObject } from '../common.js';
import { assumed, assumption, documented, fromDocs, fromInterface } from '../provenance.js';
import { GENERATION_FILTER_STATUSES, LEGACY_IMAGE_STATUSES, MEDIA_STATUSES, MEDIA_TYPES } from '../util/facts.js';
import { z } from '../zod.js';

export const MediaType = fromDocs(z.enum(MEDIA_TYPES).openapi('MediaType', { example: 'image' }), 'getMedia', 'get generation and get media list image, video');

export const MediaStatus = z.enum(MEDIA_STATUSES).openapi('MediaStatus', { example: 'success' });

// The docs' generate example is cut where `style_detail` begins: its shape is assumed to echo the request's.
export const StyleDetailEcho = responseObject('StyleDetailEcho', {
  name: assumed(z.string().openapi({ example: 'Black & White' }), 'the echoed style_detail carries the style name as name'),
  base_model: assumed(z.string().openapi({ example: 'flux' }), 'the echoed style_detail carries base_model'),
});

export const GeneratedMedia = responseObject(
  'GeneratedMedia',
  {
    id: fromDocs(z.string().openapi({ example: 'media_01' }), 'generate'),
    dim: fromDocs(Dim, 'generate', 'renamed from image_size on 2024-09-04'),
    type: fromInterface(MediaType, 'mediaItem', 'Kind of media. Added on 2024-09-04.', 'not in the visible part of the docs example', {
      enum: documented('getMedia', 'the values of a media item\u2019s type on the get media page'),
    }),
    // The generate example shows `initiated` only, and no page lists the statuses of a generate answer:
    // that they are drawn from the union the other pages give the same media (initiated, pending,
    // success, failed, censored) is ours. A status outside it here (`queued`) refutes the reading; it
    // fails no server (get and list, whose page lists the values, stay stated).
    status: fromDocs(MediaStatus, 'generate', 'the example shows initiated', {
      enum: assumption(
        'a generate answer\u2019s media status is one of initiated, pending, success, failed, censored (the example shows initiated; no page lists the values)',
      ),
    }),
    model: fromDocs(z.string().optional().openapi({ example: 'JuggernautXL' }), 'generate'),
    style: fromDocs(z.string().optional().openapi({ example: 'Bokeh' }), 'generate'),
    // The example shows the key and is cut where its value begins: the object shape is ours.
    style_detail: fromDocs(StyleDetailEcho.optional(), 'generate', 'the example is cut where its value begins', {
      type: assumption('the echoed style_detail is an object { name, base_model } like the request field'),
    }),
  },
  'A media item as the generate response lists it, before it has been produced.',
);
export type GeneratedMedia = z.infer<typeof GeneratedMedia>;

export const GenerationResult = responseObject(
  'GenerationResult',
  {
    generation_id: fromDocs(z.string().openapi({ example: 'gen_01' }), 'generate'),
    credits_remaining: fromDocs(z.number().openapi({ example: 20 }), 'generate'),
    media: fromDocs(z.array(GeneratedMedia), 'generate', 'renamed from images on 2024-09-04'),
  },
  'What a generation request returns: the generation id, the remaining credits and the media being made.',
);
export type GenerationResult = z.infer<typeof GenerationResult>;

export const Media = responseObject(
  'Media',
  {
    id: fromDocs(z.string().openapi({ example: 'media_01' }), 'getMedia'),
    dim: fromDocs(Dim, 'getMedia', 'renamed from size on 2024-09-04'),
    type: fromDocs(MediaType, 'getMedia'),
    // The get generation page lists pending, success, failed; the contract's list adds the values other
    // pages show for the same media (initiated, censored): the list as written is ours.
    status: fromDocs(MediaStatus, 'getGeneration', undefined, {
      enum: documented(
        'getGeneration',
        'the union of the media statuses the pages list: initiated (generate), pending, success, failed (get, list), censored (status endpoints)',
      ),
    }),
    url: fromDocs(z.string().optional().openapi({ example: 'object-url' }), 'getGeneration', 'set on success, empty on failure, absent while pending'),
  },
  'One media item of a generation.',
);
export type Media = z.infer<typeof Media>;

export const Generation = responseObject(
  'Generation',
  {
    generation_id: fromDocs(z.string().openapi({ example: 'gen_01' }), 'getGeneration'),
    created_at: fromDocs(z.int().openapi({ example: 1675732000, description: 'Unix time in seconds.' }), 'getGeneration'),
    media: fromDocs(z.array(Media), 'getGeneration', 'renamed from images on 2024-09-04'),
  },
  'A generation (a batch of media) as get and list return it.',
);
export type Generation = z.infer<typeof Generation>;

export const DeletedId = responseObject('DeletedId', {
  id: fromDocs(
    z.string().openapi({ example: 'gen_01' }),
    'deleteGeneration',
    'id of the deleted generation (delete media\u2019s `{ id }` is the interface description\u2019s)',
  ),
});
export type DeletedId = z.infer<typeof DeletedId>;

export const Estimate = responseObject(
  'Estimate',
  {
    estimated: fromDocs(z.number().openapi({ example: 5 }), 'estimate', 'credits the request would cost'),
    balance: fromDocs(z.number().openapi({ example: 20 }), 'estimate', 'credits available now'),
  },
  'The credit cost of a would-be generation and the current balance.',
);
export type Estimate = z.infer<typeof Estimate>;

export const ListGenerationsQuery = {
  status: fromDocs(z.enum(GENERATION_FILTER_STATUSES).optional().openapi({ example: 'success' }), 'listGenerations'),
  media_id: fromInterface(
    z.string().optional().openapi({ example: 'media_01' }),
    'listGenerationsEndpoint',
    'Query parameter `media_id` (formerly `image_id`, renamed on 2024-09-04).',
  ),
  generation_id: fromDocs(z.string().optional().openapi({ example: 'gen_01' }), 'listGenerations'),
};

export const ImageStatus = responseObject('ImageStatus', {
  image_id: fromDocs(z.string().openapi({ example: 'img_01' }), 'generationStatus'),
  // The docs list success, failed, censored; pending is ours, so the list as written is too.
  status: fromDocs(z.enum(LEGACY_IMAGE_STATUSES).openapi({ example: 'success' }), 'generationStatus', 'the page lists success, failed, censored', {
    enum: assumption('the deprecated status endpoints answer pending while an image is being made (the docs list success, failed, censored)'),
  }),
});
export type ImageStatus = z.infer<typeof ImageStatus>;

export const DeletedImage = responseObject(
  'DeletedImage',
  {
    id: assumed(z.string().optional().openapi({ example: 'img_01' }), 'delete image answers data.id like the other deletes'),
  },
  'Answer of the deprecated delete image operation (no example is documented).',
);
