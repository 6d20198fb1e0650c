// The one shape every answer of the mocks' HTTP edge takes when something is wrong: the API's
// `{ err: { code, message } }` envelope with a status the contract declares (or, for requests that
// match no operation or break a bound of the edge, a plain HTTP status: 400, 403, 404, 405, 408,
// 413, 421, 431, 503). Never a stack trace, never a local path.
import { ERROR_CODES } from '@mediagen/schema';

/** Names the mock that answered; the conformance suite recognises its target by it. */
export const MOCK_HEADER = 'x-mediagen-mock';
export type MockKind = 'prism' | 'sandbox';

/** Codes for the statuses the edge adds to the contract's own (ERROR_CODES). */
const EDGE_CODES: Record<number, string> = {
  403: 'forbidden',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  421: 'misdirected_request',
  431: 'headers_too_large',
  502: 'bad_gateway',
};

export function codeFor(status: number): string {
  return (ERROR_CODES as Record<number, string>)[status] ?? EDGE_CODES[status] ?? (status >= 500 ? 'internal_error' : 'bad_request');
}

export interface ErrorBody {
  err: { code: string; message: string; [extra: string]: unknown };
}

/** The error envelope. `message` is ours; run messages from libraries through `scrub` first. */
export function errorBody(status: number, message: string, code = codeFor(status), extra: Record<string, unknown> = {}): ErrorBody {
  return { err: { code, message: oneLine(message), ...extra } };
}

const oneLine = (message: string) => {
  const first = message.split('\n')[0] ?? '';
  return first.length > 500 ? `${first.slice(0, 497)}...` : first;
};

// Absolute file paths (POSIX with two or more segments, Windows drive paths) and `file://` URLs,
// as library errors print them; the API's own paths (/pub/...) are kept.
const LOCAL_PATH = /file:\/\/\S*|[A-Za-z]:\\[^\s'"]*|(?<![\w./-])\/(?!pub\/)[\w.@+-]+(?:\/[\w.@+-]+)+/g;

/** A library's message made safe to send: its first line, without local paths, at most 500 characters. */
export function scrub(message: string): string {
  return oneLine(oneLine(message).replace(LOCAL_PATH, '<path>'));
}
