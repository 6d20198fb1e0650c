// The HAR reporter: every exchange of the run as HAR 1.2, so a team can share a run and replay or
// inspect it offline. Exchanges arrive already masked (the key is masked as a value in headers, URLs
// and bodies before anything is recorded); the request's own X-API-KEY is always written `***`.
import type { Exchange } from '../engine/http.js';
import { requestBodyText } from '../engine/http.js';
import { MASK } from '../engine/mask.js';

interface HarHeader {
  name: string;
  value: string;
}

export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: unknown[];
  };
}

function requestHeaders(exchange: Exchange): HarHeader[] {
  const headers: HarHeader[] = [{ name: 'accept', value: 'application/json' }];
  if (exchange.request.auth !== 'missing') headers.push({ name: 'x-api-key', value: MASK });
  if (requestBodyText(exchange.request) !== undefined) headers.push({ name: 'content-type', value: 'application/json' });
  return headers;
}

/** One HAR entry per exchange (an exchange that got no response has status 0 and its error as comment). */
export function toHar(exchanges: readonly Exchange[], version = '0.0.0'): Har {
  const entries = exchanges.map((exchange) => {
    const url = exchange.url || exchange.request.path;
    let queryString: HarHeader[] = [];
    try {
      queryString = [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
    } catch {
      // A request that was never sent has no absolute URL.
    }
    const body = requestBodyText(exchange.request);
    const responseHeaders = Object.entries(exchange.headers ?? {}).map(([name, value]) => ({ name, value }));
    return {
      startedDateTime: exchange.startedAt ?? new Date().toISOString(),
      time: Math.round(exchange.durationMs),
      request: {
        method: exchange.request.method.toUpperCase(),
        url,
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: requestHeaders(exchange),
        queryString,
        ...(body !== undefined ? { postData: { mimeType: 'application/json', text: body } } : {}),
        headersSize: -1,
        bodySize: body === undefined ? 0 : Buffer.byteLength(body),
      },
      response: {
        status: exchange.status,
        statusText: '',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: responseHeaders,
        content: { size: Buffer.byteLength(exchange.text), mimeType: exchange.contentType ?? '', text: exchange.text },
        redirectURL: exchange.headers?.location ?? '',
        headersSize: -1,
        bodySize: Buffer.byteLength(exchange.text),
      },
      cache: {},
      timings: { send: 0, wait: Math.round(exchange.durationMs), receive: 0 },
      comment: `${exchange.request.operationId}: ${exchange.request.label}${exchange.error ? ` (${exchange.error})` : ''}`,
    };
  });
  return { log: { version: '1.2', creator: { name: '@mediagen/conformance', version }, entries } };
}
