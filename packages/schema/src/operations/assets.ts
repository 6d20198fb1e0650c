// The table's Assets operations, in the document's order.
import { envelope, pagedEnvelope } from '../common.js';
import * as docs from '../examples/live-docs.js';
import { assumption, documented } from '../provenance.js';
import {
  ArchiveAssetsRequest,
  AssetV1,
  AssetV2,
  ListAssetsV2Query,
  UploadAssetRequest,
  UploadAssetV2Query,
  UploadSlotV1,
  UploadSlotV2,
} from '../resources/assets.js';
import { z } from '../zod.js';
import { assumedList, BY_ID_ERRORS, listedData, listedPagination, one, pathParams, QUERY_ERRORS, query, WRITE_ERRORS } from './parts.js';
import type { OperationEntry } from './vocabulary.js';

/** The Assets operations: uploads (v1, v2), listing and archiving. */
export const assetOperations = {
  uploadAsset: {
    body: UploadAssetRequest,
    method: 'post',
    path: '/pub/v1/assets/upload',
    tag: 'Assets',
    summary: 'Upload an asset (v1)',
    description: 'Reserves an image asset and returns a presigned `upload_url` to send the bytes to.',
    requestExamples: one('docs example', docs.uploadAssetRequest),
    success: {
      status: 201,
      description: 'The asset and the upload URL.',
      schema: envelope('UploadSlotV1Envelope', UploadSlotV1, documented('uploadAsset')),
      examples: one('docs example', docs.uploadAssetResponse),
    },
    errors: WRITE_ERRORS,
    effect: 'create',
    paged: false,
    creates: { kind: 'asset', idAt: ['asset', 'id'] },
    provenance: documented('uploadAsset'),
  },
  archiveAssets: {
    body: ArchiveAssetsRequest,
    method: 'post',
    path: '/pub/v1/assets/archive',
    tag: 'Assets',
    summary: 'Archive assets',
    description: 'Archives (deletes) assets by id.',
    requestExamples: one('docs example', docs.archiveAssetsRequest),
    success: {
      status: 200,
      description: 'A list of deleted assets.',
      schema: envelope('ArchivedAssetsEnvelope', z.array(AssetV1), documented('archiveAsset')),
      // The docs' example fills err with a placeholder beside its payload; that a served request's err is
      // empty is ours (served_err_empty), so the example a mock serves first is the docs' payload with err empty.
      examples: {
        served: {
          summary: 'the docs example, its placeholder err emptied (a served request\u2019s err is empty: an assumption)',
          value: { ...docs.archiveAssetsResponse, err: {} },
        },
        docs: { summary: 'docs example (with its filled err)', value: docs.archiveAssetsResponse },
      },
    },
    errors: WRITE_ERRORS,
    effect: 'delete',
    paged: false,
    deletes: { kind: 'asset', from: { bodyList: 'ids' } },
    provenance: documented('archiveAsset'),
  },
  uploadAssetV2: {
    query: query(UploadAssetV2Query),
    body: UploadAssetRequest,
    method: 'post',
    path: '/pub/v2/assets/upload',
    tag: 'Assets',
    summary: 'Upload an asset (v2)',
    description: 'Reserves an image, video (mp4, webm) or audio (mp3) asset and returns a presigned `upload_url`.',
    exampleQuery: { type: 'image' },
    requestExamples: one('docs example', docs.uploadAssetRequest),
    success: {
      status: 201,
      description: 'The asset and the upload URL.',
      schema: envelope('UploadSlotV2Envelope', UploadSlotV2, documented('uploadAssetV2')),
      examples: one('docs example', docs.uploadAssetV2Response),
    },
    errors: WRITE_ERRORS,
    effect: 'create',
    paged: false,
    creates: { kind: 'asset', idAt: ['id'] },
    provenance: documented('uploadAssetV2'),
  },
  getAssetV2: {
    params: pathParams('asset_id'),
    method: 'get',
    path: '/pub/v2/assets/{asset_id}',
    tag: 'Assets',
    summary: 'Get an asset (v2)',
    description: 'Size, type, status, URL, and for videos and audio duration (and frames for videos).',
    exampleParams: { asset_id: 'ast_01' },
    success: {
      status: 200,
      description: 'The asset.',
      schema: envelope('AssetV2Envelope', AssetV2, assumption('get asset v2 answers the asset object in data (the page gives a description only)')),
      examples: one('shape assumed', {
        data: { id: 'ast_01', type: 'video', status: 'active', size: { height: 1280, width: 768 }, url: 'https://s3-asset-url', duration: 5, frames: 150 },
        err: {},
      }),
    },
    errors: BY_ID_ERRORS,
    effect: 'read',
    paged: false,
    provenance: documented('getAssetV2', 'description only; field names assumed'),
  },
  listAssetsV2: {
    query: query(ListAssetsV2Query),
    method: 'get',
    path: '/pub/v2/assets',
    tag: 'Assets',
    summary: 'List assets (v2)',
    description: 'All uploaded assets, paginated.',
    success: {
      status: 200,
      description: 'The assets.',
      schema: pagedEnvelope('AssetV2Page', z.array(AssetV2), listedData('v2 asset'), listedPagination('v2 asset')),
      examples: {
        docs: assumedList([{ id: 'ast_01', type: 'image', status: 'active', size: { height: 512, width: 512 }, url: 'https://s3-asset-url' }]),
      },
    },
    errors: QUERY_ERRORS,
    effect: 'read',
    paged: true,
    provenance: documented('listAssetsV2', 'description only; pagination parameters assumed'),
  },
} satisfies Record<string, OperationEntry>;
