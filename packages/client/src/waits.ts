// The options and results of the client's waits (a generation to its end, an asset out of `pending`)
// and of uploads: what the lazily loaded code (lazy/poll.ts, wait.ts, upload.ts) takes and gives. A
// layer above types.ts, whose records they are made of.
import type { AssetType, Generation, Media, UploadBytes } from './types.js';

export interface PollOptions {
  /** Between two polls, in ms (default 2 000); at least 250 (a smaller value, 0 included, is raised to it). */
  intervalMs?: number | undefined;
  /** For the whole wait, in ms (default 600 000). Throws TimeoutError when it passes. */
  timeoutMs?: number | undefined;
  /**
   * How long a media item may keep a status the API does not document before the wait ends with
   * UnknownStatusError, in ms (default 30 000).
   */
  unknownStatusTimeoutMs?: number | undefined;
  /** Aborts the wait (and the request in flight) with AbortError. */
  signal?: AbortSignal | undefined;
}

export interface GenerationProgress {
  generation: Generation;
  /** Media items that are `success`, `failed` or `censored`. */
  done: number;
  total: number;
}

export interface WaitForGenerationOptions extends PollOptions {
  /** Called after the first poll and whenever a media item's status changes (not on every poll). */
  onProgress?: ((progress: GenerationProgress) => void) | undefined;
}

/** The final record of a generation and what became of its media. */
export interface GenerationOutcome {
  generation: Generation;
  succeeded: Media[];
  failed: Media[];
  /** True when every media item succeeded. */
  ok: boolean;
}

export interface UploadFileInput {
  /** `image` (default), `video` (mp4, webm) or `audio` (mp3). */
  type?: AssetType | undefined;
  bytes: UploadBytes;
  /** Approximate pixel size of the file, as the upload slot request needs it. */
  size: { width: number; height: number };
  /** Sent as the upload's Content-Type; defaults to the Blob's type or one for the asset type. */
  contentType?: string | undefined;
  /** Poll getAssetV2 until the asset leaves `pending` (true, or the polling options). */
  wait?: boolean | PollOptions | undefined;
  signal?: AbortSignal | undefined;
  /** Per attempt of the slot request and of the PUT. */
  timeoutMs?: number | undefined;
}
