// Generations and their media as the service answers them: the generate response (media just
// `initiated`), the generation record of get/list, and one media item. Renamed fields (images→media,
// image_size/size→dim) and `type` are described in the newest shape only; older shapes come from the
// ledger in ../ledger/changes.ts.
import { Dim, responseObject } from '../common.js';
import { assumed, fromDocs, fromInterface } from '../provenance.js';
import { GENERATION_FILTER_STATUSES, LEGACY_IMAGE_STATUSES, MEDIA_STATUSES, MEDIA_TYPES } from '../util/facts.js';
import { z } from '../zod.js';

export const MediaType = fromDocs(z.enum(MEDIA_TYPES).openapi('MediaType', { example: 'image' }), 'get generation and get media list image, video');

export const MediaStatus = fromDocs(z.enum(MEDIA_STATUSES).openapi('MediaStatus', { example: 'success' }));

// The docs' generate example is cut where `style_detail` begins: its shape is assumed to echo the request's.
export const StyleDetailEcho = responseObject('StyleDetailEcho', {
  name: assumed(z.string().openapi({ example: 'Black & White' }), 'the echoed style_detail carries the style name as name'),
  base_model: assumed(z.string().openapi({ example: 'flux' }), 'the echoed style_detail carries base_model'),
});

export const GeneratedMedia = responseObject(
  'GeneratedMedia',
  {
    id: fromDocs(z.string().openapi({ example: 'media_01' })),
    dim: fromDocs(Dim, 'renamed from image_size on 2024-09-04'),
    type: fromInterface(MediaType, 'added on 2024-09-04; not in the visible part of the docs example'),
    status: fromDocs(MediaStatus),
    model: fromDocs(z.string().optional().openapi({ example: 'JuggernautXL' })),
    style: fromDocs(z.string().optional().openapi({ example: 'Bokeh' })),
    style_detail: fromDocs(StyleDetailEcho.optional(), 'object shape assumed from the request field'),
  },
  'A media item as the generate response lists it, before it has been produced.',
);
export type GeneratedMedia = z.infer<typeof GeneratedMedia>;

export const GenerationResult = responseObject(
  'GenerationResult',
  {
    generation_id: fromDocs(z.string().openapi({ example: 'gen_01' })),
    credits_remaining: fromDocs(z.number().openapi({ example: 20 })),
    media: fromDocs(z.array(GeneratedMedia), 'renamed from images on 2024-09-04'),
  },
  'What a generation request returns: the generation id, the remaining credits and the media being made.',
);
export type GenerationResult = z.infer<typeof GenerationResult>;

export const Media = responseObject(
  'Media',
  {
    id: fromDocs(z.string().openapi({ example: 'media_01' })),
    dim: fromDocs(Dim, 'renamed from size on 2024-09-04'),
    type: fromDocs(MediaType),
    status: fromDocs(MediaStatus),
    url: fromDocs(z.string().optional().openapi({ example: 'object-url' }), 'set on success, empty on failure, absent while pending'),
  },
  'One media item of a generation.',
);
export type Media = z.infer<typeof Media>;

export const Generation = responseObject(
  'Generation',
  {
    generation_id: fromDocs(z.string().openapi({ example: 'gen_01' })),
    created_at: fromDocs(z.int().openapi({ example: 1675732000, description: 'Unix time in seconds.' })),
    media: fromDocs(z.array(Media), 'renamed from images on 2024-09-04'),
  },
  'A generation (a batch of media) as get and list return it.',
);
export type Generation = z.infer<typeof Generation>;

export const DeletedId = responseObject('DeletedId', {
  id: fromDocs(z.string().openapi({ example: 'gen_01' }), 'id of the deleted generation or media'),
});
export type DeletedId = z.infer<typeof DeletedId>;

export const Estimate = responseObject(
  'Estimate',
  {
    estimated: fromDocs(z.number().openapi({ example: 5 }), 'credits the request would cost'),
    balance: fromDocs(z.number().openapi({ example: 20 }), 'credits available now'),
  },
  'The credit cost of a would-be generation and the current balance.',
);
export type Estimate = z.infer<typeof Estimate>;

export const ListGenerationsQuery = {
  status: fromDocs(z.enum(GENERATION_FILTER_STATUSES).optional().openapi({ example: 'success' })),
  media_id: fromInterface(z.string().optional().openapi({ example: 'media_01' }), 'renamed from image_id on 2024-09-04'),
  generation_id: fromDocs(z.string().optional().openapi({ example: 'gen_01' })),
};

export const ImageStatus = responseObject('ImageStatus', {
  image_id: fromDocs(z.string().openapi({ example: 'img_01' })),
  status: assumed(
    z.enum(LEGACY_IMAGE_STATUSES).openapi({ example: 'success' }),
    'deprecated status endpoints answer pending while an image is being made (docs list success, failed, censored)',
  ),
});
export type ImageStatus = z.infer<typeof ImageStatus>;

export const DeletedImage = responseObject(
  'DeletedImage',
  {
    id: assumed(z.string().optional().openapi({ example: 'img_01' }), 'delete image answers data.id like the other deletes'),
  },
  'Answer of the deprecated delete image operation (no example is documented).',
);
