// The auth phase: the example without a key, and with a wrong key (a request that would succeed with
// the right one: only the key is wrong).
import { type OperationSpec, operations } from '@mediagen/schema';
import type { RequestCase } from '../../requests/cases.js';
import { bindToTarget, paramsFor } from '../../requests/fixtures.js';
import type { PhaseContext } from '../context.js';
import { isSafe, leavesResidue, READ_ONLY } from '../policy.js';

const AUTH_CHECKS = ['auth_required', 'ignored_auth'] as const;

export async function runAuth(run: PhaseContext, op: OperationSpec): Promise<void> {
  const id = op.operationId;
  if (!AUTH_CHECKS.some((check) => run.selects(check))) return;
  const skip = (reason: string) => {
    for (const check of AUTH_CHECKS) run.skip(id, check, reason);
  };
  if (!isSafe(op) && !run.writes) return skip(READ_ONLY);
  if (run.target.live && (op.spendsCredits || leavesResidue(op))) {
    return skip(
      `live target: a server that ignored the key would spend credits or leave something behind; auth is checked on ${operations.estimateGeneration.operationId} and the other operations`,
    );
  }
  const request: RequestCase = { operationId: id, label: 'documented example', ...(op.exampleQuery ? { query: op.exampleQuery } : {}) };
  if (op.params) request.params = paramsFor(op, run.fixtures) ?? op.exampleParams ?? {};
  if (op.body) {
    const list = op.deletes && 'bodyList' in op.deletes.from ? op.deletes.from.bodyList : undefined;
    const body = Object.values(op.requestExamples ?? {})[0]?.value ?? (list ? { [list]: ['ast_does_not_exist'] } : undefined);
    request.body = bindToTarget(body, run.fixtures);
  }
  await run.exercise({ ...request, label: 'no X-API-KEY' }, 'auth', 'missing-key');
  if (!run.target.checksKeyValue) return run.skip(id, 'ignored_auth', 'Prism checks only that X-API-KEY is present, not its value');
  await run.exercise({ ...request, label: 'wrong X-API-KEY' }, 'auth', 'wrong-key');
}
