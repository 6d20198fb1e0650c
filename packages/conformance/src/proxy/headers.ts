// Which headers cross the proxy, each way. A request keeps its end-to-end headers, the key among them,
// but not its hop-by-hop headers (they belong to the connection, RFC 9110 § 7.6.1) nor a credential
// other than the key (the API reads only X-API-KEY: a cookie or an Authorization header the client
// holds for something else stays with it). An answer's head is handed to the client only when it can
// carry it: a status Node can write and a reason phrase and headers without control characters.
import { type IncomingHttpHeaders, type OutgoingHttpHeaders, validateHeaderName, validateHeaderValue } from 'node:http';
import { HOP_BY_HOP_HEADERS } from '@mediagen/schema/util';

/** Headers that belong to one connection, not to the exchange. */
const HOP_BY_HOP = new Set([
  ...HOP_BY_HOP_HEADERS,
  // The body is read whole before it is forwarded: a 100-continue was already the proxy's to give.
  'expect',
]);

/** Credentials of the client that are not the API's key. */
const OTHER_CREDENTIALS = new Set(['authorization', 'cookie']);

/** The end-to-end headers of `headers` (also those the Connection header names as hop-by-hop). */
export function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase()),
  );
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)) out[name] = value;
  return out;
}

/** The headers a request is forwarded with: its end-to-end ones but other credentials, `Host` naming the upstream. */
export function forwardedRequestHeaders(headers: IncomingHttpHeaders, upstreamHost: string, bodyLength: number): OutgoingHttpHeaders {
  const out = endToEnd(headers);
  for (const name of OTHER_CREDENTIALS) delete out[name];
  out.host = upstreamHost;
  if (bodyLength > 0 || headers['content-length'] !== undefined) out['content-length'] = String(bodyLength);
  return out;
}

/** Characters a reason phrase may not hold (Node refuses them when writing the status line). */
const INVALID_REASON = /[^\t\x20-\x7e\x80-\xff]/;

/** Why the client side cannot be given this head (status, reason, headers), or undefined when it can. */
export function uncarriableHead(status: number | undefined, reason: string | undefined, headers: OutgoingHttpHeaders): string | undefined {
  if (status === undefined || !Number.isInteger(status) || status < 200 || status > 599)
    return `its status ${status ?? 'none'} is not a final HTTP status (200–599)`;
  if (reason !== undefined && INVALID_REASON.test(reason)) return 'its status line holds a control character';
  for (const [name, value] of Object.entries(headers)) {
    try {
      validateHeaderName(name);
      if (value !== undefined) for (const one of Array.isArray(value) ? value : [value]) validateHeaderValue(name, String(one));
    } catch {
      return `its header ${JSON.stringify(name.slice(0, 60))} holds a character no HTTP header may hold`;
    }
  }
  return undefined;
}
