// How an answer reads, as the sources allow: served or refused, what the server said, and which
// statuses say nothing about the request itself. Written once: every check, the recording reader and
// the live run read answers through here.
import { isObject } from '@mediagen/schema/util';
import { dataOf, type Exchange, isSuccess } from './exchange.js';

/** The error object of a body, when it has the `{ code, message }` the archive example shows. */
export function errorObject(json: unknown): { code: string; message: string } | undefined {
  if (!isObject(json) || !isObject(json.err)) return undefined;
  const { code, message } = json.err;
  return typeof code === 'string' && code.length > 0 && typeof message === 'string' ? { code, message } : undefined;
}

/** `err` holds something (the interface: it "holds the error when the request was not successful"). */
export const errFilled = (json: unknown): boolean => isObject(json) && isObject(json.err) && Object.keys(json.err).length > 0;

/**
 * The request was served: a 2xx answer whose `err` holds no error. An answer whose `err` holds an
 * error is a refusal, whatever its status and its `data` (the interface: `err` "holds the error when
 * the request was not successful"; the sources show only 200, so a refusal may well come as a 200).
 */
export const served = (exchange: Pick<Exchange, 'status' | 'json'>): boolean => isSuccess(exchange.status) && !errFilled(exchange.json);

/** An answer came, and it did not serve the request. */
export const refused = (exchange: Pick<Exchange, 'status' | 'json'>): boolean => exchange.status !== 0 && !served(exchange);

/** A 2xx whose `err` is filled beside a payload: the shape of the archive example's placeholder. */
export const payloadBesideError = (exchange: Pick<Exchange, 'status' | 'json'>): boolean => {
  const data = dataOf(exchange);
  return isSuccess(exchange.status) && errFilled(exchange.json) && data !== undefined && data !== null && !(isObject(data) && Object.keys(data).length === 0);
};

/** What the server said, for messages: `403 (forbidden: no key)`. */
export function said(exchange: Pick<Exchange, 'status' | 'json'>): string {
  const err = errorObject(exchange.json);
  return `${exchange.status}${err ? ` (${err.code}: ${err.message})` : errFilled(exchange.json) ? ' with err' : ''}`;
}

/**
 * Statuses that say nothing about whether a request was valid: they refuse the caller (401, 403), its
 * credits (402) or its pace (429), or speak of the state of what it names (404, 409, 410) — a
 * resource that is gone, not yet readable, or in use. The one list every judgement of a request
 * reads; whether a resource exists is the stateful checks' question, asked of the history.
 */
export const SAYS_NOTHING_OF_VALIDITY: ReadonlySet<number> = new Set([401, 402, 403, 404, 409, 410, 429]);

/** Of those, the ones about what the request names: they do answer a request whose fault is naming what does not exist. */
export const SAYS_WHAT_EXISTS: ReadonlySet<number> = new Set([404, 410]);

/**
 * The rules whose breach a state status does answer: a 404 or 410 refuses a request naming what does
 * not exist, a 409 one naming a character like one the caller has.
 */
const STATE_ANSWERS: Readonly<Record<number, readonly string[]>> = {
  404: ['reference_exists'],
  409: ['unique_character_name'],
  410: ['reference_exists'],
};

/**
 * Whether an answer says nothing about the validity of a request (see SAYS_NOTHING_OF_VALIDITY); for a
 * request sent to be refused, a state status still answers a breach about that state (`breach`).
 */
export const saysNothingOfValidity = (exchange: Pick<Exchange, 'status'>, breach?: string): boolean =>
  SAYS_NOTHING_OF_VALIDITY.has(exchange.status) && !(breach !== undefined && STATE_ANSWERS[exchange.status]?.includes(breach));

/**
 * Whether an answer says anything of the existence of what the request names: served, or refused
 * otherwise than for the caller, its credits or its pace (a 404 or a 410 does say it is gone).
 */
export const speaksOfExistence = (exchange: Pick<Exchange, 'status' | 'json'>): boolean =>
  exchange.status !== 0 && (served(exchange) || !SAYS_NOTHING_OF_VALIDITY.has(exchange.status) || SAYS_WHAT_EXISTS.has(exchange.status));
