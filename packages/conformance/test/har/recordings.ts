// Recordings for the tests of --from-har: hand-made HAR text as a browser exports it (keys in clear,
// bodies as text), and large recordings written entry by entry to disk (never built in memory).
import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const API = 'https://api.rendernet.ai';

export type Entry = {
  method: string;
  path: string;
  key?: string;
  body?: unknown;
  status: number;
  answer: unknown;
  contentType?: string;
  origin?: string;
  headers?: { name: string; value: string }[];
  /** Replaces the entry's own fields (a malformed time, a comment). */
  extra?: Record<string, unknown>;
};

/** One HAR entry, started `i` seconds into 2026-11-20 10:00 UTC. */
export function harEntry(e: Entry, i: number): Record<string, unknown> {
  return {
    startedDateTime: new Date(Date.UTC(2026, 10, 20, 10, 0, i)).toISOString(),
    time: 5,
    request: {
      method: e.method,
      url: `${e.origin ?? API}${e.path}`,
      httpVersion: 'HTTP/1.1',
      headers: e.key ? [{ name: 'X-API-KEY', value: e.key }] : [],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: -1,
      ...(e.body !== undefined ? { postData: { mimeType: 'application/json', text: JSON.stringify(e.body) } } : {}),
    },
    response: {
      status: e.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'Content-Type', value: e.contentType ?? 'application/json' }, ...(e.headers ?? [])],
      cookies: [],
      content: { size: -1, mimeType: e.contentType ?? 'application/json', text: typeof e.answer === 'string' ? e.answer : JSON.stringify(e.answer) },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: 5, receive: 0 },
    ...e.extra,
  };
}

/** A HAR as a browser exports it: keys in clear, bodies as text. */
export function har(entries: Entry[]): string {
  return JSON.stringify({ log: { version: '1.2', creator: { name: 'hand', version: '1' }, entries: entries.map(harEntry) } });
}

/** `text` in a new temporary file. */
export async function file(text: string, name = 'recording.har'): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'har-')), name);
  await writeFile(path, text);
  return path;
}

/**
 * Writes a recording of at least `bytes` bytes to `path`, entry by entry: `entry(i)` gives the i-th.
 * Returns how many entries it holds.
 */
export function writeRecording(path: string, bytes: number, entry: (i: number) => unknown): number {
  const fd = openSync(path, 'w');
  try {
    let written = writeSync(fd, '{"log":{"version":"1.2","creator":{"name":"test","version":"1"},"entries":[\n');
    let count = 0;
    while (written < bytes) written += writeSync(fd, `${count > 0 ? ',\n' : ''}${JSON.stringify(entry(count++))}`);
    writeSync(fd, '\n]}}\n');
    return count;
  } finally {
    closeSync(fd);
  }
}

/** A listing of voices as the API answers it, about 3 KB: the body of the many entries of a large recording. */
export const VOICES_ANSWER = {
  data: Array.from({ length: 30 }, (_, k) => ({ id: `voice_${k}`, name: `Voice ${k}`, gender: k % 2 ? 'female' : 'male', language: 'en' })),
  err: null,
};
