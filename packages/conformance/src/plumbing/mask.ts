// The API key never leaves the run: every value the run records (a header, a URL, a body, a curl
// line, a message) is masked as it is recorded, with the schema package's one key masker, never by
// rewriting a finished report's text.
import type { KeyMasker } from '@mediagen/schema/util';
import type { Exchange } from '../model/exchange.js';

export { createKeyMasker, type KeyMasker, MASK } from '@mediagen/schema/util';

/** The exchange as it may be recorded: the key masked as a value in headers, URL and bodies. */
export function maskExchange(masker: KeyMasker, exchange: Exchange): Exchange {
  return {
    ...exchange,
    request: masker.json(exchange.request),
    url: masker.url(exchange.url),
    ...(exchange.headers ? { headers: masker.headers(exchange.headers) } : {}),
    text: masker.text(exchange.text),
    json: masker.json(exchange.json),
    ...(exchange.error ? { error: masker.text(exchange.error) } : {}),
  };
}

/**
 * Masks each exchange once: the recorders and the judge get the same masked exchange (a large answer
 * is copied once, not once for each).
 */
export function exchangeMasker(masker: KeyMasker): (exchange: Exchange) => Exchange {
  const masked = new WeakMap<Exchange, Exchange>();
  return (exchange) => {
    let done = masked.get(exchange);
    if (!done) {
      done = maskExchange(masker, exchange);
      masked.set(exchange, done);
    }
    return done;
  };
}
