// HTTP's words the packages share, each list written once: the methods an OpenAPI path item can hold an
// operation under, and the headers that belong to one connection rather than to the message.

/** The methods of an OpenAPI path item (OpenAPI 3.1, Path Item Object), as the document spells them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

const METHOD_SET: ReadonlySet<string> = new Set(HTTP_METHODS);
/** Whether `key` of a path item names an operation (not `parameters`, `summary`, `servers`, …). */
export const isHttpMethod = (key: string): key is HttpMethod => METHOD_SET.has(key);

/**
 * Headers that describe one connection, not the message, so a proxy or a front never passes them on:
 * those RFC 9110 § 7.6.1 names (Connection and what it lists, Proxy-Connection, Keep-Alive, TE,
 * Transfer-Encoding, Upgrade), the trailer announcement, the proxy's own authentication (RFC 9110
 * § 11.7), and HTTP2-Settings, which only asks a connection to upgrade (RFC 9113 § 3.2.1). Lower case,
 * as Node gives header names. Whoever re-frames a body drops Content-Length beside them, on its own.
 */
export const HOP_BY_HOP_HEADERS: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
]);
