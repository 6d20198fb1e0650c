// Assets coming and going: an upload operation reserves a `pending` asset with an upload token;
// bytes sent to its upload URL make it `active` within the upload budgets (files held, bytes held);
// archiving frees its bytes. Fixtures carry no token, so nothing can write them.
import type { Dim } from '@mediagen/schema';
import { pngSize } from '@mediagen/schema/util';
import { roomFor } from './generations.js';
import type { ResolvedOptions } from './options.js';
import type { NewId } from './rng.js';
import { type AssetRecord, type AssetType, BudgetError, NotFoundError, type SandboxStore } from './store.js';
import { newUploadToken, sameToken } from './uploads.js';
import { webmInfo } from './webm.js';

/** The upload URL's token does not open this asset (or the asset does not exist: the answer is the same). */
export class UploadRefused extends Error {
  constructor() {
    super('the upload URL is not signed for this asset; use the upload_url the upload operation returned');
    this.name = 'UploadRefused';
  }
}

const MIB = 1024 * 1024;
const inMib = (bytes: number) => `${Math.round((bytes / MIB) * 10) / 10} MiB`;

export class AssetDesk {
  private heldBytes = 0;
  private heldUploads = 0;

  constructor(
    private readonly store: SandboxStore,
    private readonly options: ResolvedOptions,
    private readonly newId: NewId,
  ) {}

  /** A `pending` asset waiting for its bytes, with its upload token. */
  create(type: AssetType, size: Dim): AssetRecord & { uploadToken: string } {
    roomFor(this.store, this.options, 1);
    const asset: AssetRecord & { uploadToken: string } = {
      id: this.newId('ast_', this.store.assets),
      type,
      status: 'pending',
      size: { ...size },
      createdMs: this.options.now(),
      tags: ['api'],
      uploadToken: newUploadToken(),
    };
    if (type === 'video') {
      asset.duration = 5;
      asset.frames = 150;
    } else if (type === 'audio') asset.duration = 5;
    this.store.addAsset(asset);
    return asset;
  }

  /** Bytes sent to an upload URL: the asset becomes `active`; a PNG's or a WebM's own facts replace the declared ones. */
  receive(id: string, token: string | undefined, bytes: Uint8Array, contentType: string | undefined): AssetRecord {
    const asset = this.store.assets.get(id);
    if (!asset || !sameToken(token, asset.uploadToken)) throw new UploadRefused();
    if (asset.status === 'archive') throw new NotFoundError('asset', id);
    this.checkRoom(id, bytes.length);
    const replacing = asset.bytes !== undefined;
    const previous = replacing ? (asset.byteLength ?? 0) : 0;
    this.heldBytes += bytes.length - previous;
    if (!replacing) this.heldUploads++;
    asset.bytes = bytes;
    asset.byteLength = bytes.length;
    if (contentType) asset.contentType = contentType;
    asset.status = 'active';
    const png = pngSize(bytes);
    if (png) asset.size = png;
    // A WebM's own size, frame count and duration replace the placeholders (a narrator's limits read them).
    const video = asset.type === 'video' ? webmInfo(bytes) : undefined;
    if (video) {
      asset.size = { width: video.width, height: video.height };
      asset.frames = video.frames;
      asset.duration = video.duration;
    }
    return asset;
  }

  /** Throws BudgetError when `length` bytes for asset `id` would not fit the upload budgets. */
  checkRoom(id: string, length: number): void {
    const { uploadTotalBytes, uploads } = this.options.budgets;
    const asset = this.store.assets.get(id);
    const previous = asset?.bytes !== undefined ? (asset.byteLength ?? 0) : 0;
    if (asset?.bytes === undefined && this.heldUploads + 1 > uploads)
      throw new BudgetError(`the sandbox holds ${this.heldUploads} uploaded files and may hold ${uploads} (--max-uploads); archive assets first`);
    if (this.heldBytes - previous + length > uploadTotalBytes)
      throw new BudgetError(
        `this upload of ${inMib(length)} would take the sandbox's uploads past ${inMib(uploadTotalBytes)} (--max-upload-total; ` +
          `${inMib(this.heldBytes)} held); archive assets first`,
      );
  }

  /** Archives assets by id, freeing their bytes; unknown or archived ids are `missing`. */
  archive(ids: readonly string[]): { archived: AssetRecord[]; missing: string[] } {
    const archived: AssetRecord[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const asset = this.store.assets.get(id);
      if (!asset || asset.status === 'archive') missing.push(id);
      else {
        this.store.archiveAsset(asset);
        this.free(asset);
        archived.push(asset);
      }
    }
    return { archived, missing };
  }

  /** Bytes and files of uploads held now. */
  held(): { bytes: number; uploads: number } {
    return { bytes: this.heldBytes, uploads: this.heldUploads };
  }

  private free(asset: AssetRecord): void {
    if (asset.bytes === undefined) return;
    this.heldBytes -= asset.byteLength ?? asset.bytes.length;
    this.heldUploads--;
    delete asset.bytes;
    delete asset.uploadToken;
  }
}
