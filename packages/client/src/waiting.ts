// What takes requests and seconds anyway: waiting for a generation to finish, uploading a file,
// walking the pages of a listing. The client loads this module on first use (a dynamic import, see
// later.ts), so bundlers put it, the polling and the upload PUT in a chunk of their own and the core
// entry does not carry them. It imports nothing from the core at run time: the error classes and
// timers come in the Kit (see kit.ts).
import type { UploadFileInput } from './client.js';
import type { Lister, PageParams } from './pagination.js';
import type { Kit } from './kit.js';
import type { GenerationOutcome, GenerationProgress, PollOptions, WaitForGenerationOptions } from './polling.js';
import type { Transport } from './transport.js';
import type { AssetV2, Generation, PagedList, RequestOptions, UploadAssetRequest, UploadAssetV2Query, UploadSlotV2 } from './types.js';
import { contentTypeFor, putBytes } from './upload.js';

export const POLL_DEFAULTS = { intervalMs: 2_000, timeoutMs: 600_000 } as const;

export interface Poll<T> {
  /** What is waited for, for messages: `generation gen_01`. */
  what: string;
  operationId: string;
  /** One poll; must honour the signal. */
  fetch(signal: AbortSignal): Promise<T>;
  isDone(value: T): boolean;
  onEach?(value: T): void;
  /** How far it got, for the timeout message: `2 of 4 media terminal`. */
  describe?(value: T): string;
}

export async function poll<T>(kit: Kit, spec: Poll<T>, options: PollOptions = {}): Promise<T> {
  const { AbortError } = kit;
  const intervalMs = options.intervalMs ?? POLL_DEFAULTS.intervalMs;
  const timeoutMs = options.timeoutMs ?? POLL_DEFAULTS.timeoutMs;
  const outer = options.signal;
  const aborted = () => new AbortError(`waiting for ${spec.what} was aborted.`, spec.operationId);
  if (outer?.aborted) throw aborted();
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    Number.isFinite(timeoutMs) && timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  const onAbort = () => controller.abort();
  outer?.addEventListener('abort', onAbort, { once: true });
  let last: T | undefined;
  let polled = false;
  try {
    for (;;) {
      last = await spec.fetch(controller.signal);
      polled = true;
      spec.onEach?.(last);
      if (spec.isDone(last)) return last;
      await kit.sleep(intervalMs, controller.signal);
    }
  } catch (error) {
    if (timedOut) {
      const progress = polled && spec.describe ? ` (${spec.describe(last as T)})` : '';
      throw new kit.TimeoutError(`${spec.what} did not finish within ${timeoutMs} ms${progress}.`, spec.operationId, timeoutMs);
    }
    if (error === kit.ABORTED || error instanceof AbortError) throw aborted();
    throw error;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
}

export function progressOf(kit: Kit, generation: Generation): GenerationProgress {
  const media = Array.isArray(generation.media) ? generation.media : [];
  let done = 0;
  for (const item of media) if (kit.terminal.has(item.status)) done++;
  return { generation, done, total: media.length };
}

export function outcomeOf(generation: Generation): GenerationOutcome {
  const media = Array.isArray(generation.media) ? generation.media : [];
  const succeeded = media.filter((item) => item.status === 'success');
  const failed = media.filter((item) => item.status === 'failed');
  return { generation, succeeded, failed, ok: failed.length === 0 };
}

/** Polls getGeneration (through `get`) until every media item is `success` or `failed`. */
export function waitForGeneration(
  kit: Kit,
  get: (generationId: string, options: RequestOptions) => Promise<Generation>,
  generationId: string,
  waitOptions: WaitForGenerationOptions = {},
): Promise<GenerationOutcome> {
  return poll(
    kit,
    {
      what: `generation ${generationId}`,
      operationId: 'getGeneration',
      fetch: (signal) => get(generationId, { signal }),
      isDone: (generation) => {
        const progress = progressOf(kit, generation);
        return progress.total > 0 && progress.done === progress.total;
      },
      onEach: (generation) => waitOptions.onProgress?.(progressOf(kit, generation)),
      describe: (generation) => {
        const progress = progressOf(kit, generation);
        return `${progress.done} of ${progress.total} media finished`;
      },
    },
    waitOptions,
  ).then(outcomeOf);
}

/** What `uploadFile` needs of the client. */
export interface UploadDeps {
  transport: Transport;
  uploadV2(body: UploadAssetRequest, query?: UploadAssetV2Query, options?: RequestOptions): Promise<UploadSlotV2>;
  get(assetId: string, options?: RequestOptions): Promise<AssetV2>;
}

/** Both steps of an upload: a v2 slot, then the bytes PUT to its URL; optionally waits for the asset. */
export async function uploadFile(kit: Kit, { transport, uploadV2, get }: UploadDeps, input: UploadFileInput): Promise<AssetV2> {
  const requestOptions: RequestOptions = {};
  if (input.signal) requestOptions.signal = input.signal;
  if (input.timeoutMs !== undefined) requestOptions.timeoutMs = input.timeoutMs;
  const type = input.type ?? 'image';
  const slot = await uploadV2({ size: { height: input.size.height, width: input.size.width } }, { type }, requestOptions);
  await putBytes(kit, slot.upload_url, input.bytes, {
    fetch: transport.fetch,
    assetId: slot.id,
    contentType: contentTypeFor(input.bytes, type, input.contentType),
    timeoutMs: input.timeoutMs ?? transport.timeoutMs,
    maxRetries: transport.maxRetries,
    retryBaseDelayMs: transport.retryBaseDelayMs,
    retryMaxDelayMs: transport.retryMaxDelayMs,
    signal: input.signal,
  });
  transport.log('debug', `uploadFile: asset ${slot.id} bytes sent`);
  const pending: AssetV2 = { id: slot.id, type: slot.type, status: 'pending', size: slot.size, url: slot.url };
  if (!input.wait) return pending;
  const pollOptions: PollOptions = input.wait === true ? {} : { ...input.wait };
  if (input.signal && !pollOptions.signal) pollOptions.signal = input.signal;
  return poll(
    kit,
    {
      what: `asset ${slot.id}`,
      operationId: 'getAssetV2',
      fetch: (signal) => get(slot.id, { signal }),
      isDone: (asset) => asset.status !== 'pending',
      describe: (asset) => `status ${asset.status}`,
    },
    pollOptions,
  );
}

/** Every page of a listing: `page` from the query's (or 1) until `page · page_size ≥ total`, an empty page, or no pagination. */
export async function* pages<Q extends PageParams, T>(
  lister: Lister<Q, T>,
  query?: Q,
  options?: RequestOptions,
): AsyncGenerator<PagedList<T>, void, undefined> {
  let page = query?.page ?? 1;
  for (;;) {
    const items = await lister({ ...query, page } as Q, options);
    yield items;
    const pagination = items.pagination;
    if (items.length === 0 || !pagination) return;
    const current = typeof pagination.page === 'number' ? pagination.page : page;
    const size = typeof pagination.page_size === 'number' ? pagination.page_size : (query?.page_size ?? items.length);
    if (typeof pagination.total !== 'number' || current * size >= pagination.total) return;
    page = current + 1;
  }
}
