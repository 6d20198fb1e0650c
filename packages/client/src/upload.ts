// The second step of an upload: the bytes go to the presigned `upload_url` with a plain PUT. The
// API key is not sent there (the URL carries its own signature), and the URL itself never appears
// in messages (its query string is a credential too). Loaded on first use, through `waiting.ts`;
// what it needs of the core comes in the Kit.
import type { Kit } from './kit.js';
import type { FetchLike } from './transport.js';
import type { AssetType } from './types.js';

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
export async function putBytes(kit: Kit, url: string, bytes: UploadBytes, options: PutOptions): Promise<void> {
  const { AbortError, UploadError, isRetryableStatus } = kit;
  const host = hostOf(url);
  const what = `upload of asset ${options.assetId}`;
  const aborted = () => new AbortError(`${what} was aborted.`, 'uploadAssetV2');
  for (let attempt = 0; ; attempt++) {
    if (options.signal?.aborted) throw aborted();
    const guard = kit.attemptSignal(options.timeoutMs, options.signal);
    let failure: InstanceType<typeof UploadError>;
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
      failure = new UploadError(`${what} to ${host} failed: ${response.status} ${response.statusText}`.trim(), options.assetId, response.status);
      if (!isRetryableStatus(response.status)) throw failure;
    } catch (error) {
      if (error instanceof UploadError && !isRetryableStatus(error.status ?? 0)) throw error;
      if (guard.timedOut) {
        failure = new UploadError(`${what} to ${host} got no answer within ${options.timeoutMs} ms`, options.assetId, undefined);
      } else if (options.signal?.aborted) {
        throw aborted();
      } else if (error instanceof UploadError) {
        failure = error;
      } else {
        const reason = (error as { cause?: { code?: string } })?.cause?.code ?? (error instanceof Error ? error.message : String(error));
        failure = new UploadError(`${what} could not reach ${host}: ${reason}`, options.assetId, undefined, error);
      }
    } finally {
      guard.done();
    }
    if (attempt >= options.maxRetries) throw failure;
    try {
      await kit.sleep(kit.backoffDelay(attempt, options.retryBaseDelayMs, options.retryMaxDelayMs), options.signal);
    } catch (error) {
      if (error === kit.ABORTED) throw aborted();
      throw error;
    }
  }
}
