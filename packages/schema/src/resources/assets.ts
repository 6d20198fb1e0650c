// Assets: uploaded images, videos and audio used as inputs (facelock, control_net, segment,
// true_touch, narrator, video_anyone, characters). Upload is two steps: ask for a slot (v1 or v2),
// then send the bytes to the returned presigned `upload_url`.
import { Dim, PageQuery, SizeInput, requestObject, responseObject } from '../common.js';
import { assumed, fromDocs } from '../provenance.js';
import { z } from '../zod.js';

export const ASSET_TYPES = ['image', 'video', 'audio'] as const;
export const AssetType = z.enum(ASSET_TYPES).openapi('AssetType', { example: 'image' });
/** `pending` after upload and `archive` after archiving are documented; `active`/`failed` are assumed. */
export const ASSET_STATUSES = ['pending', 'active', 'failed', 'archive'] as const;
export const AssetStatus = z.enum(ASSET_STATUSES).openapi('AssetStatus', { example: 'pending' });

export const UploadAssetRequest = requestObject(
  'UploadAssetRequest',
  { size: fromDocs(SizeInput) },
  'The approximate size of the file about to be uploaded.',
);
export type UploadAssetRequest = z.infer<typeof UploadAssetRequest>;

export const AssetFile = responseObject('AssetFile', {
  size: fromDocs(Dim),
  url: fromDocs(z.string().openapi({ example: 'https://s3-asset-url' })),
});

export const AssetV1 = responseObject('AssetV1', {
  id: fromDocs(z.string().openapi({ example: 'ast_xxxxxxxx' })),
  data: fromDocs(AssetFile),
  status: assumed(AssetStatus, 'asset status is one of pending, active, failed, archive'),
  tags: fromDocs(z.array(z.string()).openapi({ example: ['api'] })),
  type: fromDocs(AssetType),
});
export type AssetV1 = z.infer<typeof AssetV1>;

export const UploadSlotV1 = responseObject('UploadSlotV1', {
  asset: fromDocs(AssetV1),
  upload_url: fromDocs(z.string().openapi({ example: 'https://s3-presigned-url' })),
});
export type UploadSlotV1 = z.infer<typeof UploadSlotV1>;

export const ArchiveAssetsRequest = requestObject('ArchiveAssetsRequest', {
  ids: fromDocs(z.array(z.string()).min(1).openapi({ example: ['ast_01'] })),
});
export type ArchiveAssetsRequest = z.infer<typeof ArchiveAssetsRequest>;

export const UploadAssetV2Query = {
  type: fromDocs(AssetType.optional(), 'image (default), video (mp4, webm) or audio (mp3)'),
};

export const UploadSlotV2 = responseObject('UploadSlotV2', {
  id: fromDocs(z.string().openapi({ example: 'ast_xxxxxxxx' })),
  type: fromDocs(AssetType),
  size: fromDocs(Dim),
  url: fromDocs(z.string().openapi({ example: 'https://s3-asset-url' })),
  upload_url: fromDocs(z.string().openapi({ example: 'https://s3-presigned-url' })),
});
export type UploadSlotV2 = z.infer<typeof UploadSlotV2>;

export const AssetV2 = responseObject(
  'AssetV2',
  {
    id: fromDocs(z.string().openapi({ example: 'ast_xxxxxxxx' })),
    type: fromDocs(AssetType),
    status: assumed(AssetStatus, 'asset status is one of pending, active, failed, archive'),
    size: fromDocs(Dim, 'docs name the detail "size"'),
    url: fromDocs(z.string().openapi({ example: 'https://s3-asset-url' })),
    duration: assumed(z.number().min(0).optional().openapi({ example: 5 }), 'videos and audio carry duration in seconds'),
    frames: assumed(z.int().min(0).optional().openapi({ example: 150 }), 'videos carry their total frame count as frames'),
  },
  'An uploaded asset as v2 describes it.',
);
export type AssetV2 = z.infer<typeof AssetV2>;

export const ListAssetsV2Query = { ...PageQuery };
