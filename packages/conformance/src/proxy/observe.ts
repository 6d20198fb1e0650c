// One forwarded exchange as the judge reads it (an Observed): what the client sent and what the
// upstream answered, as far as it was kept, with every key the proxy has seen masked as a value.
import type { IncomingMessage } from 'node:http';
import { clientDateOf, type KeyMasker } from '@mediagen/schema/util';
import type { Observed } from '../traffic/observed.js';
import type { Decoded } from './decode.js';
import type { Forwarded } from './forward.js';

export interface Seen {
  req: IncomingMessage;
  /** The request body as forwarded. */
  body: Buffer;
  /** The absolute URL at the upstream. */
  url: string;
  /** The key the request carried, and its label (`key #1`). */
  key: string | undefined;
  label: string | undefined;
  sent: Forwarded;
  /** The kept start of the answer, in clear. */
  decoded: Decoded;
  masker: KeyMasker;
  /** When the exchange started (ms since the epoch). */
  started: number;
}

export function observedOf({ req, body, url, key, label, sent, decoded, masker, started }: Seen): Observed {
  return {
    method: req.method ?? 'GET',
    url: masker.url(url),
    key: { sent: key !== undefined, ...(label ? { label } : {}) },
    ...(body.length > 0 ? { requestBody: masker.text(body.toString('utf8')) } : {}),
    status: sent.status,
    responseHeaders: masker.headers(sent.headers),
    responseText: 'bytes' in decoded ? masker.text(decoded.bytes.toString('utf8')) : '',
    truncated: 'bytes' in decoded && decoded.cut !== undefined,
    ...('unknown' in decoded ? { bodyUnknown: decoded.unknown } : {}),
    ...(sent.error ? { error: masker.text(sent.error) } : {}),
    startedMs: started,
    durationMs: Date.now() - started,
    ...(clientDateOf(req.headers['user-agent']) ? { clientDate: clientDateOf(req.headers['user-agent'])! } : {}),
  };
}
