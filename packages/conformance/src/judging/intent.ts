// What a request was for, when its sender did not say (a recording, the proxy, the live run's own
// reads and polls), inferred the way a live run decides it before sending: a request
// without X-API-KEY tests auth_required; one with a key the recording never saw served, refused as
// unauthorised, tests ignored_auth; one that breaks a rule (the schema's, with the target's facts the
// recording holds) must be refused; one the contract allows with a warning is a tolerance probe; one
// it allows must be served. A live run knows its requests are valid on the target; a recording only
// knows what it shows, so a refusal of an allowed request, or a server error, is judged only where the
// recording shows every resource and name it uses (else it says nothing about the request, and nothing
// is asserted beyond the response checks).
import { type GenerationContext, type OperationSpec, operations, PATH_PARAM_RESOURCES } from '@mediagen/schema';
import { isObject } from '@mediagen/schema/util';
import { SAYS_NOTHING_OF_VALIDITY, served } from '../model/answer.js';
import { acceptanceBasis, type Basis, breachBasis, probeBasis, ruleBasis } from '../model/basis.js';
import type { Exchange } from '../model/exchange.js';
import { type RequestFindings, requestFindings } from '../model/findings.js';
import type { History, ResourceKind } from '../model/history.js';
import type { Expectation } from '../model/verdict.js';

export interface Inferred {
  expect: Expectation;
  breach?: Basis;
  relies?: Basis;
  /** Why a refusal was not judged (the recording does not show what the request relies on). */
  unjudged?: string;
}

export interface RequestParts {
  params: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  rawBody?: string;
}

/** Statuses that refuse the caller, not the request: unauthorised or forbidden. */
const UNAUTHORISED = new Set([401, 403]);

/** A number sent as a numeric string, and null for a field, read as a lax server reads them. */
function laxJson(value: unknown): unknown {
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (Array.isArray(value)) return value.map(laxJson);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (v === null ? [] : [[k, laxJson(v)]])));
  return value;
}

/** The schema's findings in the request (its query, given or not, and its body) with the target's facts. */
const findingsOf = (op: OperationSpec, parts: RequestParts, context: GenerationContext): RequestFindings =>
  requestFindings(op, { body: parts.body, query: parts.query ?? {} }, context);

/**
 * A query as the operation reads it: a recorded URL carries every value as text, and a value is what
 * it relies on as the number it stands for (`page_size=50` is on a bound of ours, as 50 is).
 */
function queryAsRead(op: OperationSpec, query: Record<string, unknown>): Record<string, unknown> {
  const shape = op.query?.shape as Record<string, { safeParse(value: unknown): { success: boolean; data?: unknown } }> | undefined;
  if (!shape) return query;
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => {
      const parsed = Object.hasOwn(shape, name) ? shape[name]!.safeParse(value) : undefined;
      return [name, parsed?.success ? parsed.data : value];
    }),
  );
}

/**
 * What the request breaks, as a live run's case would name it: a breach that only a lax reading of
 * JSON types (`"20"` for 20, a null) makes is a breach of that assumption, not of the field's
 * documented rule (another case of a listed value is the schema's own `enum_values_case_sensitive`).
 */
export function breachOf(
  op: OperationSpec,
  parts: RequestParts,
  context: GenerationContext,
  facts: History,
  findings: RequestFindings = findingsOf(op, parts, context),
): Basis | undefined {
  const query = parts.query ?? {};
  const breach = breachBasis(op, { body: parts.body, query }, context, findings);
  if (breach) {
    if (parts.body !== undefined && breachBasis(op, { body: laxJson(parts.body), query }, context) === undefined) return ruleBasis('json_types_strict');
    return breach;
  }
  // A character named like one the caller has: the docs say names are unique among them.
  if (op === operations.createCharacter && isObject(parts.body) && typeof parts.body.name === 'string' && facts.characterNames.has(parts.body.name)) {
    return ruleBasis('unique_character_name');
  }
  return undefined;
}

/**
 * Whether the contract allows the request only with a warning (an unknown field or query parameter,
 * both of two inputs): a tolerance probe.
 */
function warned(op: OperationSpec, parts: RequestParts, findings: RequestFindings): boolean {
  const known = op.query ? Object.keys(op.query.shape) : [];
  if (Object.keys(parts.query ?? {}).some((name) => !known.includes(name))) return true;
  // Fields the chosen kind ignores are allowed outright (a live run sends such bodies as valid ones).
  return findings.warnings.some((w) => w.code !== 'ignored_field');
}

/**
 * Whether the contract allows the request only with a warning, given the target's facts: a request sent
 * as valid is then a tolerance probe, as its recording is judged (the live run decides it so too).
 */
export function allowedWithWarning(op: OperationSpec, parts: RequestParts, context: GenerationContext): boolean {
  const findings = findingsOf(op, parts, context);
  return findings.errors.length === 0 && warned(op, parts, findings);
}

/** Ids a body names, by kind (generation inputs, a character's image, archived assets). */
function bodyIds(op: OperationSpec, body: unknown): { kind: ResourceKind; id: string }[] {
  const out: { kind: ResourceKind; id: string }[] = [];
  const visit = (node: unknown, key?: string) => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, key);
    } else if (isObject(node)) for (const [k, v] of Object.entries(node)) visit(v, k);
    else if (typeof node === 'string' && key !== undefined) {
      if (
        key === 'asset_id' ||
        key === 'image_asset_id' ||
        key === 'video_asset_id' ||
        key === 'audio_asset_id' ||
        (key === 'ids' && op.deletes?.kind === 'asset')
      )
        out.push({ kind: 'asset', id: node });
      else if (key === 'character_id') out.push({ kind: 'character', id: node });
      // video_anyone's media_id names an asset or a media item (the docs pass an asset there).
      else if (key === 'media_id') out.push({ kind: 'asset', id: node });
    }
  };
  visit(body);
  return out;
}

/**
 * Whether the recording shows everything the request's validity rests on: every id it names exists,
 * and a generation body's names and inputs are checked against listings and uploads seen whole.
 * Returns why not, or undefined when it does.
 */
function undecidable(op: OperationSpec, parts: RequestParts, findings: RequestFindings, facts: History): string | undefined {
  for (const [name, id] of Object.entries(parts.params)) {
    const kind = Object.hasOwn(PATH_PARAM_RESOURCES, name) ? PATH_PARAM_RESOURCES[name as keyof typeof PATH_PARAM_RESOURCES] : undefined;
    if (kind && facts.exists(kind, id) !== 'exists') return `the recording does not show ${kind} ${id} existing`;
  }
  for (const { kind, id } of bodyIds(op, parts.body)) {
    const found = facts.exists(kind, id) === 'exists' || (kind === 'asset' && facts.exists('media', id) === 'exists');
    if (!found) return `the recording does not show ${kind} ${id} existing`;
  }
  if (op.generationBody && parts.body !== undefined) {
    if (findings.unchecked.length > 0) return `the recording lacks the facts of ${findings.unchecked[0]}`;
    const names = JSON.stringify(parts.body);
    for (const name of ['models', 'styles', 'loras'] as const) {
      const used = name === 'models' ? /"model"\s*:/.test(names) : name === 'styles' ? /"style(_detail)?"\s*:/.test(names) : /"loras"\s*:/.test(names);
      if (used && !facts.knowsCatalogue(name)) return `the recording does not hold the whole ${name} listing`;
    }
  }
  return undefined;
}

export interface KeyState {
  /** The recording says the request carried a wrong key (the suite's own recordings note it): judged as one, whatever the answer. */
  declaredWrong?: boolean;
  /** The key was refused as unauthorised and never served before: a wrong key. */
  wrong: boolean;
  /** The key cannot be told apart from others (a masked recording): its refusal says nothing. */
  unknown: boolean;
}

/** The expectation of one observed exchange. */
export function inferExpectation(op: OperationSpec, parts: RequestParts, exchange: Exchange, key: KeyState, facts: History): Inferred {
  if (exchange.request.auth === 'missing') return { expect: 'missing-key' };
  if (key.declaredWrong) return { expect: 'wrong-key' };
  const context = facts.context();
  const refusedCaller = !served(exchange) && exchange.status !== 0 && (UNAUTHORISED.has(exchange.status) || (exchange.status >= 200 && exchange.status < 300));
  if (parts.rawBody !== undefined) return { expect: 'none', unjudged: 'the request body is not JSON' };
  // One judgement of the request serves every question below: what it breaks, what it is warned for, what it relies on.
  const findings = findingsOf(op, parts, context);
  const breach = breachOf(op, parts, context, facts, findings);
  if (breach) return { expect: 'reject', breach };
  if (refusedCaller && key.wrong) return { expect: 'wrong-key' };
  if (refusedCaller && key.unknown)
    return { expect: 'none', unjudged: 'refused as unauthorised, with a key the recording masked: which key it was is not known' };
  const read = { body: parts.body, ...(parts.query ? { query: queryAsRead(op, parts.query) } : {}) };
  if (warned(op, parts, findings)) {
    const relies = probeBasis(op, read, findings);
    return { expect: 'probe', ...(relies ? { relies } : {}) };
  }
  const relies = acceptanceBasis(op, read, findings);
  const accept: Inferred = { expect: 'accept', ...(relies ? { relies } : {}) };
  if (served(exchange) || exchange.status === 0) return accept;
  // A refusal about the caller, its credits or pace, or the state of what it names: nothing about the request.
  if (SAYS_NOTHING_OF_VALIDITY.has(exchange.status)) return { expect: 'none', unjudged: `answered ${exchange.status}: says nothing about the request` };
  // A refusal, or a server error: "a request the contract allows is never answered with a 5xx" holds
  // only of a request known to be allowed, so both are judged only where the history shows what it names.
  const why = undecidable(op, parts, findings, facts);
  return why ? { expect: 'none', unjudged: why } : accept;
}
