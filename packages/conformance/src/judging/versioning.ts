// Judging a server that speaks an older dated version of the API (`--at DATE`): requests are said in
// that date's shape (renamed query parameters and fields, or not sent when the date lacks what they
// use), and answers are brought to the newest shape for the checks that judge the newest schemas,
// through the schema package's ledger, the answer as sent kept beside: the names an answer must use
// are judged in the date's own (checks/names.ts), and the fingerprint reads what the server sent. At
// the newest date both are the identity.
import {
  downgradeRequest,
  latestDate,
  type OperationSpec,
  resolveVersion,
  transformPlan,
  upgradeResponse,
  VersionIncompatibleError,
  type VersionKey,
} from '@mediagen/schema';
import type { Exchange } from '../model/exchange.js';
import { RunError } from '../model/terms.js';
import type { RequestCase } from '../requests/cases.js';

export interface Versioning {
  /** The version judged against (`--at`, resolved: the version in effect that day). */
  readonly at: VersionKey;
  /** The request's parts as the version says them, or why the version cannot say it. */
  request(op: OperationSpec, c: RequestCase): Pick<RequestCase, 'params' | 'query' | 'body' | 'rawBody'> | { unsaid: string };
  /** The answer in the newest shape for the checks, the body as sent kept in `sentJson`. */
  response(op: OperationSpec, exchange: Exchange): Exchange;
}

/** The versioning of a run judging against `at` (any YYYY-MM-DD or `baseline`; default the newest). */
export function versioningAt(at: string | undefined): Versioning {
  let key: VersionKey;
  try {
    key = resolveVersion(at ?? latestDate);
  } catch (error) {
    throw new RunError(`--at: ${(error as Error).message}`);
  }
  if (key === latestDate) return { at: key, request: (_op, c) => c, response: (_op, exchange) => exchange };
  return {
    at: key,
    request(op, c) {
      if (c.rawBody !== undefined) return c;
      try {
        const said = downgradeRequest(transformPlan, op.operationId, { body: c.body, ...(c.query ? { query: c.query } : {}) }, key);
        return {
          ...(c.params ? { params: c.params } : {}),
          ...(said.query ? { query: said.query as RequestCase['query'] } : {}),
          ...(said.body !== undefined ? { body: said.body } : {}),
        };
      } catch (error) {
        if (error instanceof VersionIncompatibleError) return { unsaid: `not sent: the API of ${key} cannot say it (${error.message})` };
        throw error;
      }
    },
    response(op, exchange) {
      if (exchange.json === undefined) return exchange;
      const json = upgradeResponse(transformPlan, op.operationId, exchange.status, exchange.json, key).body;
      // What came is kept beside: the fingerprint and the names of the date judged read it, never the upgrade.
      return { ...exchange, json, sentJson: exchange.json };
    },
  };
}
