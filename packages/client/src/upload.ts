// The second step of an upload: the bytes go to the presigned `upload_url` with a plain PUT. The
// API key is not sent there (the URL carries its own signature), and the URL itself never appears
// in messages (its query string is a credential too).
import { AbortError, UploadError } from './errors.js';
import { ABORTED, attemptSignal, backoffDelay, isRetryableStatus, sleep } from './timing.js';
import type { AssetType } from './types.js';
import type { FetchLike } from './transport.js';

/** The bytes of a file: a Blob (or File), an ArrayBuffer or a typed array. */
export type UploadBytes = Blob | ArrayBuffer | ArrayBufferView;

const DEFAULT_CONTENT_TYPES: Record<string, string> = { image: 'image/png', video: 'video/mp4', audio: 'audio/mpeg' };

/** The Content-Type to send: the caller's, the Blob's own, or a default for the asset type. */
export function contentTypeFor(bytes: UploadBytes, type: AssetType | undefined, contentType: string | undefined): string {
  if (contentType) return contentType;
  if (typeof Blob !== 'undefined' && bytes instanceof Blob && bytes.type) return bytes.type;
  return DEFAULT_CONTENT_TYPES[type ?? 'image'] ?? 'application/octet-stream';
}

export interface PutOptions {
  fetch: FetchLike;
  assetId: string;
  contentType: string;
  timeoutMs: number;
  maxRetries: number;
  retryBaseDelayMs: number;
  retryMaxDelayMs: number;
  signal?: AbortSignal | undefined;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return 'the upload URL';
  }
};

/** PUTs the bytes; retries connection failures and 408/429/5xx (a PUT may be repeated). */
export async function putBytes(url: string, bytes: UploadBytes, options: PutOptions): Promise<void> {
  const host = hostOf(url);
  for (let attempt = 0; ; attempt++) {
    if (options.signal?.aborted) throw new AbortError(`upload of asset ${options.assetId} was aborted.`, 'uploadAssetV2');
    const guard = attemptSignal(options.timeoutMs, options.signal);
    let failure: UploadError;
    try {
      const response = await options.fetch(url, {
        method: 'PUT',
        body: bytes as BodyInit,
        headers: { 'Content-Type': options.contentType },
        ...(guard.signal ? { signal: guard.signal } : {}),
      });
      // Drain the answer so the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return;
      failure = new UploadError(
        `upload of asset ${options.assetId} to ${host} failed: ${response.status} ${response.statusText}`.trim(),
        options.assetId,
        response.status,
      );
      if (!isRetryableStatus(response.status)) throw failure;
    } catch (error) {
      if (error instanceof UploadError && !isRetryableStatus(error.status ?? 0)) throw error;
      if (guard.timedOut) {
        failure = new UploadError(`upload of asset ${options.assetId} to ${host} got no answer within ${options.timeoutMs} ms`, options.assetId, undefined);
      } else if (options.signal?.aborted) {
        throw new AbortError(`upload of asset ${options.assetId} was aborted.`, 'uploadAssetV2');
      } else if (error instanceof UploadError) {
        failure = error;
      } else {
        const reason = (error as { cause?: { code?: string } })?.cause?.code ?? (error instanceof Error ? error.message : String(error));
        failure = new UploadError(`upload of asset ${options.assetId} could not reach ${host}: ${reason}`, options.assetId, undefined, error);
      }
    } finally {
      guard.done();
    }
    if (attempt >= options.maxRetries) throw failure;
    try {
      await sleep(backoffDelay(attempt, options.retryBaseDelayMs, options.retryMaxDelayMs), options.signal);
    } catch (error) {
      if (error === ABORTED) throw new AbortError(`upload of asset ${options.assetId} was aborted.`, 'uploadAssetV2');
      throw error;
    }
  }
}
