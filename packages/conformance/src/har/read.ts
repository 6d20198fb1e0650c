// Reading a HAR 1.2 recording (the suite's own `--reporter har=`, the validating proxy's `--har`, a
// browser's, Playwright's, mitmproxy's or Charles's export) into observed exchanges. Only what the
// checks read is taken; a missing or mistyped part is an error naming the entry (`log.entries[12]
// .request.url`), never a stack trace. The file is read as a stream (stream.ts), twice: a first pass
// reads only the requests, for every X-API-KEY value sent (and the origins the API was called on),
// so every key is known before the second pass reads a single answer: a key an answer shows before
// the entry that first sends it is masked like any other, and no observed exchange, message or
// report ever holds one. A time or date that is not one is said by a note naming the entry, and the
// entry is judged without it.
import { API_KEY_HEADER, clientDateOf, createKeyMasker, isObject, type KeyMasker, MASK } from '@mediagen/schema/util';
import { RunError } from '../model/terms.js';
import { openRegularFile } from '../plumbing/files.js';
import { WRONG_KEY_NOTE } from '../report/har.js';
import { DECLARED_WRONG_KEY, KeyBook, labelInComment, type Observed } from '../traffic/observed.js';
import { routeOf } from '../traffic/routes.js';
import { notHttp, tooDeep } from './odd.js';
import { HarTokenizer, type RawEntry } from './stream.js';
import { timesOf } from './times.js';

/** The largest recording read (read as a stream: memory holds one entry at a time). */
export const MAX_HAR_BYTES = 1024 * 1024 * 1024;
/** The most distinct keys a recording may send: each is masked in everything read. */
export const MAX_RECORDING_KEYS = 64;
/** The longest string value kept of an entry: an answer's text past the answer budget is cut. */
const MAX_STRING_BYTES = 256 * 1024 * 1024;
/** The chunk read at a time. */
const CHUNK_BYTES = 1024 * 1024;

type Json = Record<string, unknown>;

class HarError extends RunError {}

export interface HarReadOptions {
  /** Most bytes of one answer judged (`--max-answer-bytes`). */
  maxAnswerBytes: number;
  /** Stops reading at the next entry (Ctrl-C): what was read stays read. */
  signal?: AbortSignal;
}

/** What the first pass over a recording found: its keys (numbered by first use) and the API's origins. */
export interface HarSurvey {
  keys: KeyBook;
  /** Requests for an operation of the contract, by origin. */
  origins: Map<string, number>;
  entries: number;
  /** The file as the first pass read it: the second reads the same one or stops. */
  file: FileIdentity;
}

interface FileIdentity {
  size: number;
  mtimeMs: number;
}

/** One entry of the second pass: the exchange observed, or a note on what could not be read of it. */
export interface HarItem {
  index: number;
  observed?: Observed;
  /** A body of it nests past MAX_JSON_DEPTH: judged by the traffic judge, skipped by what walks bodies (usage, upgrade). */
  deep?: boolean;
  /** What is wrong with the entry but did not keep it from being judged (or why it was not judged). */
  notes: string[];
}

function at(entry: Json, path: string, where: string, type: 'string' | 'number' | 'object'): unknown {
  let node: unknown = entry;
  for (const part of path.split('.')) node = isObject(node) ? node[part] : undefined;
  if (type === 'object' ? !isObject(node) : typeof node !== type)
    throw new HarError(`${where}.${path}: expected a ${type}, got ${node === undefined ? 'nothing' : typeof node}`);
  return node;
}

const headersOf = (list: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (!Array.isArray(list)) return out;
  for (const header of list)
    if (isObject(header) && typeof header.name === 'string' && typeof header.value === 'string') out[header.name.toLowerCase()] = header.value;
  return out;
};

/** Every X-API-KEY value a request sent (a request may repeat the header). */
const keysSent = (list: unknown): string[] =>
  Array.isArray(list)
    ? list.flatMap((h) =>
        isObject(h) && typeof h.name === 'string' && h.name.toLowerCase() === API_KEY_HEADER.toLowerCase() && typeof h.value === 'string' ? [h.value] : [],
      )
    : [];

/**
 * A body as the judge may see it: the key masked in the text and, when the text is JSON, in its
 * values too (a key spelled with \u escapes only shows once parsed), as a live run masks its exchanges.
 */
function maskBody(mask: KeyMasker, text: string): string {
  const masked = mask.text(text);
  // Without an escape, JSON holds no string its text does not show: the text's masking is enough.
  if (!masked.includes('\\')) return masked;
  let parsed: unknown;
  try {
    parsed = JSON.parse(masked);
  } catch {
    return masked;
  }
  const values = mask.json(parsed);
  const again = JSON.stringify(values);
  return again === JSON.stringify(parsed) ? masked : again;
}

/** The response body as text: base64 decoded, masked, at most `maxBytes`; or unknown when the recorder left it out. */
function responseBody(content: Json, maxBytes: number, cut: boolean, mask: KeyMasker): Pick<Observed, 'responseText' | 'truncated' | 'bodyUnknown'> {
  if (typeof content.text !== 'string') {
    const size = typeof content.size === 'number' ? content.size : 0;
    return size > 0
      ? { responseText: '', truncated: false, bodyUnknown: 'the recording holds no body for this answer' }
      : { responseText: '', truncated: false };
  }
  const bytes = content.encoding === 'base64' ? Buffer.from(content.text, 'base64') : Buffer.from(content.text, 'utf8');
  const noted = typeof content.comment === 'string' && /per-answer budget/.test(content.comment);
  if (bytes.length > maxBytes || cut) return { responseText: mask.text(bytes.toString('utf8', 0, Math.min(bytes.length, maxBytes))), truncated: true };
  return { responseText: maskBody(mask, bytes.toString('utf8')), truncated: noted };
}

/** Reads one entry; `keys` labels the clear keys, `mask` masks every one of them. */
function observedOf(entry: unknown, where: string, keys: KeyBook, mask: KeyMasker, maxBytes: number, cut: readonly string[]): Observed {
  if (!isObject(entry)) throw new HarError(`${where}: expected an object`);
  const method = at(entry, 'request.method', where, 'string') as string;
  const rawUrl = at(entry, 'request.url', where, 'string') as string;
  const status = at(entry, 'response.status', where, 'number') as number;
  const content = isObject((entry.response as Json).content) ? ((entry.response as Json).content as Json) : {};
  const request = entry.request as Json;
  const known = keys.keys();
  // Every key was found by the first pass; one that was not means the file changed in between.
  if (keysSent(request.headers).some((sent) => sent !== MASK && !known.includes(sent)))
    throw new HarError(`${where}.request.headers: a key the first pass did not see: the recording changed while it was read`);
  const requestHeaders = headersOf(request.headers);
  const key = requestHeaders[API_KEY_HEADER.toLowerCase()];
  const comment = typeof entry.comment === 'string' ? entry.comment : undefined;
  const label =
    key === undefined ? undefined : (keys.label(key) ?? labelInComment(comment) ?? (comment?.includes(WRONG_KEY_NOTE) ? DECLARED_WRONG_KEY : undefined));
  const postData = isObject(request.postData) && typeof request.postData.text === 'string' ? request.postData.text : undefined;
  const body = responseBody(content, maxBytes, cut.includes('response.content.text'), mask);
  return {
    method,
    url: mask.url(rawUrl),
    key: { sent: key !== undefined, ...(label ? { label } : {}) },
    ...(postData !== undefined ? { requestBody: maskBody(mask, postData) } : {}),
    status,
    responseHeaders: mask.headers(headersOf((entry.response as Json).headers)),
    ...body,
    ...(status === 0 ? { error: comment !== undefined ? mask.text(comment) : 'no answer was recorded' } : {}),
    startedMs: 0,
    durationMs: 0,
    ...(clientDateOf(requestHeaders['user-agent']) ? { clientDate: clientDateOf(requestHeaders['user-agent'])! } : {}),
  };
}

/** The entries of a recording, streamed; throws RunError for a file that cannot be read or is not HAR. */
async function* rawEntries(
  path: string,
  bounds: { maxStringBytes: number; drop?: readonly string[] },
  file: (opened: FileIdentity) => void,
  signal?: AbortSignal,
): AsyncGenerator<RawEntry> {
  const { handle, size, mtimeMs } = await openRegularFile(path, '--from-har', MAX_HAR_BYTES);
  try {
    file({ size, mtimeMs });
    // An entry holds at most its answer and a request of the same size, and what surrounds them.
    const tokenizer = new HarTokenizer(path, { ...bounds, maxEntryBytes: 2 * bounds.maxStringBytes + 4 * 1024 * 1024 });
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let total = 0;
    for (;;) {
      if (signal?.aborted) return;
      let read: number;
      try {
        ({ bytesRead: read } = await handle.read(buffer, 0, buffer.length, null));
      } catch (error) {
        throw new RunError(`--from-har: cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      }
      if (read === 0) break;
      total += read;
      if (total > MAX_HAR_BYTES) throw new RunError(`--from-har: ${path} grew past the ${MAX_HAR_BYTES} bytes a recording may have while it was read`);
      tokenizer.push(buffer.subarray(0, read));
      for (const raw of tokenizer.take()) {
        yield raw;
        if (signal?.aborted) return;
      }
    }
    tokenizer.end();
    yield* tokenizer.take();
  } finally {
    await handle.close();
  }
}

/**
 * An entry's JSON; a RunError naming it when it is not JSON. The parser's own words are left out:
 * they quote the text around the mistake, which may hold a key not known yet.
 */
function parsed(raw: RawEntry, path: string): unknown {
  try {
    return JSON.parse(raw.text!);
  } catch (error) {
    const at = /at position (\d+)/.exec((error as Error).message)?.[1];
    throw new RunError(`${path}: not a HAR file: the JSON is broken (log.entries[${raw.index}] is not JSON${at === undefined ? '' : ` at its byte ${at}`})`);
  }
}

/** The string cap of one entry's values for an answer budget: its base64 text, with room to spare. */
const stringBytesFor = (maxAnswerBytes: number) => Math.min(MAX_STRING_BYTES, Math.ceil((maxAnswerBytes * 4) / 3) + 1024);

/**
 * The first pass: every key the recording's requests send (numbered in order of first use) and the
 * origins of its API requests. Reads only the requests. Throws RunError for a file that is not HAR,
 * an entry without a request, or more than MAX_RECORDING_KEYS keys.
 */
export async function surveyHar(path: string, options: HarReadOptions): Promise<HarSurvey> {
  const keys = new KeyBook(MAX_RECORDING_KEYS + 1);
  const origins = new Map<string, number>();
  let entries = 0;
  let file: FileIdentity = { size: 0, mtimeMs: 0 };
  const bounds = { maxStringBytes: stringBytesFor(options.maxAnswerBytes), drop: ['response', 'cache', 'timings', 'comment'] };
  const opened = (identity: FileIdentity) => {
    file = identity;
  };
  for await (const raw of rawEntries(path, bounds, opened, options.signal)) {
    entries++;
    if (raw.text === undefined) continue;
    const entry = parsed(raw, path);
    const where = `log.entries[${raw.index}]`;
    if (!isObject(entry)) throw new RunError(`${path}: ${where}: expected an object`);
    const request = entry.request;
    if (!isObject(request)) continue;
    for (const key of keysSent(request.headers)) {
      keys.label(key);
      if (keys.keys().length > MAX_RECORDING_KEYS)
        throw new RunError(
          `${path}: ${where}: more than ${MAX_RECORDING_KEYS} different ${API_KEY_HEADER} values: a recording may hold at most ${MAX_RECORDING_KEYS}`,
        );
    }
    if (typeof request.method !== 'string' || typeof request.url !== 'string') continue;
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      continue;
    }
    if (routeOf(request.method, url.pathname)) origins.set(url.origin, (origins.get(url.origin) ?? 0) + 1);
  }
  return { keys, origins, entries, file };
}

/** The masker of a recording: every key it sends, and the keys given (the environment's, --api-key). */
export function recordingMasker(survey: HarSurvey, given: readonly (string | undefined)[] = []): KeyMasker {
  // A value sent with blanks around it reaches a server without them.
  const sent = survey.keys.keys().flatMap((key) => [key, key.trim()]);
  return createKeyMasker([...sent, ...given]);
}

/**
 * The second pass: each entry as an observed exchange, masked with `mask` (every key of the survey
 * and those given), with notes on what could not be read of it. Errors (unreadable, not HAR, a broken
 * entry) are RunErrors naming the file and entry, masked.
 */
export async function* readHar(path: string, survey: HarSurvey, mask: KeyMasker, options: HarReadOptions): AsyncGenerator<HarItem> {
  const bounds = { maxStringBytes: stringBytesFor(options.maxAnswerBytes) };
  const same = ({ size, mtimeMs }: FileIdentity) => {
    if (size !== survey.file.size || mtimeMs !== survey.file.mtimeMs) throw new RunError(`${path}: the recording changed since its first pass: not judged`);
  };
  for await (const raw of rawEntries(path, bounds, same, options.signal)) {
    const where = `log.entries[${raw.index}]`;
    if (raw.text === undefined) {
      yield { index: raw.index, notes: [`${where}: ${raw.unread ?? 'not read'}: not judged`] };
      continue;
    }
    const entry = parsed(raw, path);
    const cutElsewhere = raw.cut.filter((p) => p !== 'response.content.text');
    if (cutElsewhere.length > 0) {
      yield { index: raw.index, notes: [`${where}.${cutElsewhere[0]}: longer than the ${bounds.maxStringBytes} bytes read of one value: not judged`] };
      continue;
    }
    try {
      const observed = observedOf(entry, where, survey.keys, mask, options.maxAnswerBytes, raw.cut);
      const odd = notHttp(where, observed.url);
      if (odd !== undefined) {
        yield { index: raw.index, notes: [odd] };
        continue;
      }
      const times = timesOf(entry as Json, where, mask);
      const deep = tooDeep(where, observed);
      const timed = { ...observed, startedMs: times.startedMs, durationMs: times.durationMs };
      yield { index: raw.index, observed: timed, notes: deep ? [...times.notes, deep] : times.notes, ...(deep ? { deep: true } : {}) };
    } catch (error) {
      if (error instanceof HarError) throw new RunError(`${path}: ${mask.text(error.message)}`);
      throw error;
    }
  }
}
