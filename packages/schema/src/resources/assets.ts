// Assets: uploaded images, videos and audio used as inputs (facelock, control_net, segment,
// true_touch, narrator, video_anyone, characters). Upload is two steps: ask for a slot (v1 or v2),
// then send the bytes to the returned presigned `upload_url`.
import { AssumedPageQuery, Dim, requestObject, responseObject, SizeInput } from '../common.js';
import { assumed, assumption, fromDocs } from '../provenance.js';
import { ASSET_TYPES } from '../util/facts.js';
import { z } from '../zod.js';

export const AssetType = z.enum(ASSET_TYPES).openapi('AssetType', { example: 'image' });
export const AssetStatus = z.string().openapi('AssetStatus', {
  example: 'pending',
  description: 'Seen: `pending` (after upload), `archive` (after archiving); clients also report `active`, `failed`.',
});

export const UploadAssetRequest = requestObject(
  'UploadAssetRequest',
  { size: fromDocs(SizeInput, 'uploadAsset') },
  'The approximate size of the file about to be uploaded.',
);
export type UploadAssetRequest = z.infer<typeof UploadAssetRequest>;

export const AssetFile = responseObject('AssetFile', {
  size: fromDocs(Dim, 'uploadAsset'),
  url: fromDocs(z.string().openapi({ example: 'https://s3-asset-url' }), 'uploadAsset'),
});

export const AssetV1 = responseObject('AssetV1', {
  id: fromDocs(z.string().openapi({ example: 'ast_xxxxxxxx' }), 'uploadAsset'),
  data: fromDocs(AssetFile, 'uploadAsset'),
  status: fromDocs(AssetStatus, 'uploadAsset', 'examples show pending and archive'),
  tags: fromDocs(z.array(z.string()).openapi({ example: ['api'] }), 'uploadAsset'),
  // The v1 examples show `image`; the list image, video, audio is the v2 upload's kinds.
  type: fromDocs(AssetType, 'uploadAsset', 'the examples show image', {
    enum: assumption('a v1 asset\u2019s type is one of the v2 upload kinds image, video, audio (the v1 examples show image)'),
  }),
});
export type AssetV1 = z.infer<typeof AssetV1>;

export const UploadSlotV1 = responseObject('UploadSlotV1', {
  asset: fromDocs(AssetV1, 'uploadAsset'),
  upload_url: fromDocs(z.string().openapi({ example: 'https://s3-presigned-url' }), 'uploadAsset'),
});
export type UploadSlotV1 = z.infer<typeof UploadSlotV1>;

export const ArchiveAssetsRequest = requestObject('ArchiveAssetsRequest', {
  ids: fromDocs(
    z
      .array(z.string())
      .min(1)
      .openapi({ example: ['ast_01'] }),
    'archiveAsset',
    undefined,
    { length: assumption('the service rejects an empty ids list') },
  ),
});
export type ArchiveAssetsRequest = z.infer<typeof ArchiveAssetsRequest>;

export const UploadAssetV2Query = {
  type: fromDocs(AssetType.default('image').openapi({ default: 'image' }), 'uploadAssetV2', 'image (default), video (mp4, webm) or audio (mp3)'),
};

export const UploadSlotV2 = responseObject('UploadSlotV2', {
  id: fromDocs(z.string().openapi({ example: 'ast_xxxxxxxx' }), 'uploadAssetV2'),
  type: fromDocs(AssetType, 'uploadAssetV2', 'the kind the upload asked for'),
  size: fromDocs(Dim, 'uploadAssetV2'),
  url: fromDocs(z.string().openapi({ example: 'https://s3-asset-url' }), 'uploadAssetV2'),
  upload_url: fromDocs(z.string().openapi({ example: 'https://s3-presigned-url' }), 'uploadAssetV2'),
});
export type UploadSlotV2 = z.infer<typeof UploadSlotV2>;

export const AssetV2 = responseObject(
  'AssetV2',
  {
    id: assumed(z.string().openapi({ example: 'ast_xxxxxxxx' }), 'a v2 asset carries its id as id, like the v2 upload response'),
    type: assumed(AssetType, 'a v2 asset carries its kind as type (image, video, audio)'),
    status: assumed(AssetStatus, 'a v2 asset carries its status as status'),
    size: assumed(Dim, 'a v2 asset carries its dimensions as size (the docs name the detail, not the field)'),
    url: assumed(z.string().openapi({ example: 'https://s3-asset-url' }), 'a v2 asset carries its file URL as url'),
    duration: assumed(z.number().min(0).optional().openapi({ example: 5 }), 'videos and audio carry duration in seconds'),
    frames: assumed(z.int().min(0).optional().openapi({ example: 150 }), 'videos carry their total frame count as frames'),
  },
  'An uploaded asset as v2 describes it.',
);
export type AssetV2 = z.infer<typeof AssetV2>;

export const ListAssetsV2Query = { ...AssumedPageQuery };
