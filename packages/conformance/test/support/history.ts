// A made-up history fed to the one judge as a recording's would be: the helpers of the stateful
// judges' unit tests.
import { type OperationSpec, operations } from '@mediagen/schema';
import { CHECK_IDS, type Exchange, Judge } from '../../src/index.js';

/** A judge as a recording's: every check, default tiers, a short lifecycle wait. */
export const recordingJudge = (ownsBalance = false) =>
  new Judge({
    selected: CHECK_IDS,
    strict: false,
    pagination: true,
    stateful: true,
    ownsBalance,
    lifecycleWaitMs: 1_000,
    baseUrl: 'http://127.0.0.1:1',
  });

/** The time of the history (ms): each exchange moves it on. */
export let clock = 1_000_000;
/** Feeds one exchange (answered `after` ms after the previous one) and returns the judge. */
export function feed(
  judge: Judge,
  op: OperationSpec,
  params: Record<string, string>,
  status: number,
  json: unknown,
  request: Partial<Exchange['request']> = {},
  after = 10,
  durationMs = 1,
) {
  clock += after;
  const exchange: Exchange = {
    request: { operationId: op.operationId, method: op.method, path: op.path, auth: 'valid', label: 'test', ...request },
    url: `http://127.0.0.1:1${op.path}`,
    status,
    contentType: 'application/json',
    text: JSON.stringify(json),
    json,
    durationMs,
  };
  return judge.judge(op, params, exchange, judge.infer(op, params, exchange), { phase: 'examples', at: clock });
}

export const media = (id: string, status = 'pending') => ({ id, dim: { height: 512, width: 512 }, type: 'image', status });
export const generation = (id: string, items: ReturnType<typeof media>[]) => ({ data: { generation_id: id, created_at: 1, media: items }, err: {} });
export const notFound = { data: null, err: { code: 'not_found', message: 'no such thing' } };
export const body = [{ model: 'JuggernautXL', prompt: { positive: 'a lighthouse' } }];

/** The cell of one check on one operation, and the verdict on one assumption. */
export const cell = (judge: Judge, operationId: OperationSpec['operationId'], check: string) =>
  judge.recorder.operationReport(operations[operationId], 'none').results.find((r) => r.check === check);
export const verdict = (judge: Judge, element: string) => judge.verdicts.verdicts().find((v) => v.element === element)?.status;
