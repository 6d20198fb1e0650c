// Both steps of an upload: a v2 slot (an API call, through the client), then the bytes PUT to the
// slot's presigned `upload_url`, in the client's retry loop. The PUT is not an API request: it goes
// to storage, with the configured fetch and not through the API fetch or the middleware, so the
// API key is never added to it (the URL carries its own signature). The URL never appears in
// messages (its query string is a credential too), and its answer is not read (storage may send
// anything back).
import type { AssetType, AssetV2, RequestOptions, UploadAssetRequest, UploadAssetV2Query, UploadBytes, UploadSlotV2 } from '../types.js';
import type { PollOptions, UploadFileInput } from '../waits.js';
import type { Kit, UploadTransport } from './kit.js';
import { poll } from './poll.js';

/** The Content-Type to send: the caller's, the Blob's own, or the contract's default for the asset type. */
function contentTypeFor(kit: Kit, bytes: UploadBytes, type: AssetType, contentType: string | undefined): string {
  if (contentType) return contentType;
  if (typeof Blob !== 'undefined' && bytes instanceof Blob && bytes.type) return bytes.type;
  // An asset type the contract does not list (a caller's cast) gets no guess.
  return Object.hasOwn(kit.uploadContentTypes, type) ? kit.uploadContentTypes[type][0] : 'application/octet-stream';
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return 'the upload URL';
  }
};

/** PUTs the bytes; connection failures, timeouts and 408/429/5xx are retried (a PUT may be repeated). */
async function putBytes(
  kit: Kit,
  transport: UploadTransport,
  slot: UploadSlotV2,
  bytes: UploadBytes,
  contentType: string,
  input: UploadFileInput,
): Promise<void> {
  const { UploadError } = kit;
  const operationId = kit.operations.uploadAssetV2.id;
  const url = slot.upload_url;
  const host = hostOf(url);
  const assetId = transport.redact(slot.id);
  const what = `upload of asset ${assetId}`;
  const timeoutMs = input.timeoutMs === undefined ? transport.retry.timeoutMs : kit.durationOption('timeoutMs', input.timeoutMs);
  await kit.retrying<void>(
    { ...transport.retry, timeoutMs, signal: input.signal, aborted: () => new kit.AbortError(`${what} was aborted.`, operationId) },
    async (guard) => {
      let response: Response;
      try {
        const init: RequestInit = { method: 'PUT', body: bytes as BodyInit, headers: { 'Content-Type': contentType } };
        if (guard.signal) init.signal = guard.signal;
        response = await transport.fetch(url, init);
        // Not read: its size is storage's to choose. Cancelling it closes the connection.
        await response.body?.cancel().catch(() => undefined);
      } catch (error) {
        if (guard.timedOut) return new kit.Failure(new UploadError(`${what} to ${host} got no answer within ${timeoutMs} ms`, assetId, undefined), true);
        if (input.signal?.aborted) throw new kit.AbortError(`${what} was aborted.`, operationId);
        const reason = (error as { cause?: { code?: string } })?.cause?.code ?? (error instanceof Error ? error.message : String(error));
        return new kit.Failure(new UploadError(transport.redact(`${what} could not reach ${host}: ${reason}`), assetId, undefined), true);
      }
      if (response.ok) return;
      const failure = new UploadError(
        transport.redact(`${what} to ${host} failed: ${response.status} ${response.statusText}`.trim()),
        assetId,
        response.status,
      );
      return new kit.Failure(failure, kit.isRetryableStatus(response.status));
    },
  );
}

/** What `uploadFile` needs of the client. */
export interface UploadDeps {
  transport: UploadTransport;
  uploadV2(body: UploadAssetRequest, query?: UploadAssetV2Query, options?: RequestOptions): Promise<UploadSlotV2>;
  get(assetId: string, options?: RequestOptions): Promise<AssetV2>;
}

export async function uploadFile(kit: Kit, { transport, uploadV2, get }: UploadDeps, input: UploadFileInput): Promise<AssetV2> {
  const requestOptions: RequestOptions = {};
  if (input.signal) requestOptions.signal = input.signal;
  if (input.timeoutMs !== undefined) requestOptions.timeoutMs = input.timeoutMs;
  const type = input.type ?? 'image';
  const slot = await uploadV2({ size: { height: input.size.height, width: input.size.width } }, { type }, requestOptions);
  await putBytes(kit, transport, slot, input.bytes, contentTypeFor(kit, input.bytes, type, input.contentType), input);
  transport.log('debug', `uploadFile: asset ${slot.id} bytes sent`);
  const pending: AssetV2 = { id: slot.id, type: slot.type, status: 'pending', size: slot.size, url: slot.url };
  if (!input.wait) return pending;
  const pollOptions: PollOptions = input.wait === true ? {} : { ...input.wait };
  if (input.signal && !pollOptions.signal) pollOptions.signal = input.signal;
  return poll(
    kit,
    {
      what: transport.redact(`asset ${slot.id}`),
      redact: transport.redact,
      operationId: kit.operations.getAssetV2.id,
      fetch: (signal) => get(slot.id, { signal }),
      isDone: (asset) => asset.status !== 'pending',
      describe: (asset) => `status ${asset.status}`,
    },
    pollOptions,
  );
}
