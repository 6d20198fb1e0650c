// The auth phase: the example without a key, and with a wrong key (a request that would succeed with
// the right one: only the key is wrong).
import type { OperationSpec } from '@mediagen/schema';
import type { RequestCase } from '../../checks/cases.js';
import type { PhaseContext } from '../context.js';
import { bindToTarget, paramsFor } from '../fixtures.js';
import { isSafe, READ_ONLY } from '../policy.js';

export async function runAuth(run: PhaseContext, op: OperationSpec): Promise<void> {
  const id = op.operationId;
  const wanted = run.selects('auth_required') || run.selects('ignored_auth');
  if (!wanted) return;
  if (!isSafe(op) && !run.writes) {
    const reason = READ_ONLY;
    run.skip(id, 'auth_required', reason);
    run.skip(id, 'ignored_auth', reason);
    return;
  }
  if (run.target.live && (op.spendsCredits || id === 'createCharacter')) {
    const reason =
      'live target: a server that ignored the key would spend credits or leave a character behind; auth is checked on the estimate and the other operations';
    run.skip(id, 'auth_required', reason);
    run.skip(id, 'ignored_auth', reason);
    return;
  }
  // A request that would succeed with the right key: only the key is wrong.
  const request: RequestCase = { operationId: id, label: 'documented example', ...(op.exampleQuery ? { query: op.exampleQuery } : {}) };
  if (op.params) request.params = paramsFor(op, run.fixtures) ?? op.exampleParams ?? {};
  if (op.body) {
    const body = Object.values(op.requestExamples ?? {})[0]?.value ?? (id === 'archiveAssets' ? { ids: ['ast_does_not_exist'] } : undefined);
    request.body = bindToTarget(body, run.fixtures);
  }
  await run.exercise({ ...request, label: 'no X-API-KEY' }, 'auth', 'missing-key');
  if (!run.target.checksKeyValue) {
    run.skip(id, 'ignored_auth', 'Prism checks only that X-API-KEY is present, not its value');
    return;
  }
  await run.exercise({ ...request, label: 'wrong X-API-KEY' }, 'auth', 'wrong-key');
}
