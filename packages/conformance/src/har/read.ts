// Reading a HAR 1.2 recording (the suite's own `--reporter har=`, the validating proxy's `--har`, a
// browser's, Playwright's, mitmproxy's or Charles's export) into observed exchanges. Only what the
// checks read is taken; a missing or mistyped part is an error naming the entry (`log.entries[12]
// .request.url`), never a stack trace. Keys found in clear (a browser export) are numbered and masked
// at once: no observed exchange, message or report ever holds one.
import { readFileSync, statSync } from 'node:fs';
import { API_KEY_HEADER, createKeyMasker, isObject, type KeyMasker } from '@mediagen/schema/util';
import { RunError } from '../model/terms.js';
import { WRONG_KEY_NOTE } from '../report/har.js';
import { DECLARED_WRONG_KEY, KeyBook, labelInComment, type Observed } from '../traffic/observed.js';

/** The largest recording read (a HAR is read whole: bigger files are split or filtered first). */
export const MAX_HAR_BYTES = 1024 * 1024 * 1024;

type Json = Record<string, unknown>;

class HarError extends RunError {}

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

/** The response body as text: base64 decoded, or unknown when the recorder left it out. */
function responseBody(content: Json, maxBytes: number): Pick<Observed, 'responseText' | 'truncated' | 'bodyUnknown'> {
  if (typeof content.text !== 'string') {
    const size = typeof content.size === 'number' ? content.size : 0;
    return size > 0
      ? { responseText: '', truncated: false, bodyUnknown: 'the recording holds no body for this answer' }
      : { responseText: '', truncated: false };
  }
  const text = content.encoding === 'base64' ? Buffer.from(content.text, 'base64').toString('utf8') : content.text;
  const cut = typeof content.comment === 'string' && /per-answer budget/.test(content.comment);
  if (Buffer.byteLength(text) > maxBytes) return { responseText: text.slice(0, maxBytes), truncated: true };
  return { responseText: text, truncated: cut };
}

/** Reads one entry; `keys` numbers the clear keys, `masker()` masks them. */
function observedOf(entry: unknown, where: string, keys: KeyBook, masker: () => KeyMasker, maxBytes: number): Observed {
  if (!isObject(entry)) throw new HarError(`${where}: expected an object`);
  const method = at(entry, 'request.method', where, 'string') as string;
  const rawUrl = at(entry, 'request.url', where, 'string') as string;
  const status = at(entry, 'response.status', where, 'number') as number;
  const content = isObject((entry.response as Json).content) ? ((entry.response as Json).content as Json) : {};
  const request = entry.request as Json;
  const requestHeaders = headersOf(request.headers);
  const key = requestHeaders[API_KEY_HEADER.toLowerCase()];
  const comment = typeof entry.comment === 'string' ? entry.comment : undefined;
  const label =
    key === undefined ? undefined : (keys.label(key) ?? labelInComment(comment) ?? (comment?.includes(WRONG_KEY_NOTE) ? DECLARED_WRONG_KEY : undefined));
  const mask = masker();
  const postData = isObject(request.postData) && typeof request.postData.text === 'string' ? request.postData.text : undefined;
  const started = typeof entry.startedDateTime === 'string' ? Date.parse(entry.startedDateTime) : Number.NaN;
  const body = responseBody(content, maxBytes);
  return {
    method,
    url: mask.url(rawUrl),
    key: { sent: key !== undefined, ...(label ? { label } : {}) },
    ...(postData !== undefined ? { requestBody: mask.text(postData) } : {}),
    status,
    responseHeaders: mask.headers(headersOf((entry.response as Json).headers)),
    ...body,
    responseText: mask.text(body.responseText),
    ...(status === 0 ? { error: typeof entry.comment === 'string' ? mask.text(entry.comment) : 'no answer was recorded' } : {}),
    startedMs: Number.isFinite(started) ? started : 0,
    durationMs: typeof entry.time === 'number' && entry.time >= 0 ? entry.time : 0,
  };
}

/** The entries of a HAR text, with where each is (`log.entries[i]`). Throws a RunError naming what is wrong. */
export function harEntries(text: string, name: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const why = (error as Error).message.split('\n')[0];
    throw new RunError(`${name}: not a HAR file: the JSON is broken or cut short (${why})`);
  }
  const entries = isObject(parsed) && isObject(parsed.log) ? parsed.log.entries : undefined;
  if (!Array.isArray(entries)) throw new RunError(`${name}: not a HAR file: log.entries is missing`);
  return entries;
}

/** Reads a HAR file's exchanges in order; errors (unreadable, not HAR, a broken entry) are RunErrors naming the file and entry. */
export function* readHar(path: string, maxAnswerBytes: number): Generator<Observed> {
  let size: number;
  try {
    size = statSync(path).size;
  } catch (error) {
    throw new RunError(`--from-har: cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  if (size > MAX_HAR_BYTES) throw new RunError(`${path}: ${size} bytes, more than the ${MAX_HAR_BYTES} a recording may have: split or filter it first`);
  const entries = harEntries(readFileSync(path, 'utf8'), path);
  const keys = new KeyBook();
  let masker = createKeyMasker([]);
  const current = () => {
    if (keys.takeChanged()) masker = createKeyMasker(keys.keys());
    return masker;
  };
  for (const [i, entry] of entries.entries()) {
    try {
      yield observedOf(entry, `log.entries[${i}]`, keys, current, maxAnswerBytes);
    } catch (error) {
      if (error instanceof HarError) throw new RunError(`${path}: ${current().text(error.message)}`);
      throw error;
    }
  }
}
