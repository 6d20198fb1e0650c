// A made-up exchange for the judges' unit tests.
import type { Exchange } from '../../src/index.js';

export function exchange(status: number, json: unknown, extra: Partial<Exchange> = {}): Exchange {
  return {
    request: { operationId: 'getMedia', method: 'get', path: '/pub/v1/generations/media/media_01', auth: 'valid', label: 'test' },
    url: 'http://127.0.0.1/x',
    status,
    contentType: 'application/json',
    text: JSON.stringify(json),
    json,
    durationMs: 1,
    ...extra,
  };
}
