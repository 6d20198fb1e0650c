// The doors of a run: the phase context (what setup, examples, coverage, auth and fuzzing use) and the
// check port (what a sequence check uses), both built over the run's parts. Neither hands out a
// tracker: they send, judge, assert, skip and note, and nothing more.
import { type OperationId, type OperationSpec, operations } from '@mediagen/schema';
import { type CheckId, checksById } from '../checks/catalog.js';
import type { CheckPort, MadeGeneration } from '../checks/port.js';
import { served } from '../checks/response.js';
import { dataOf, toCurl } from '../model/exchange.js';
import type { Phase } from '../model/terms.js';
import type { Fixtures } from '../requests/fixtures.js';
import { baseItem } from '../requests/generation-bodies.js';
import type { PhaseContext } from './context.js';
import type { Exchanges } from './exchanges.js';
import type { Recorder } from './recorder.js';
import type { Spending } from './spending.js';
import type { ResolvedTarget } from './target.js';
import type { Tiering } from './tiering.js';
import type { ProgressEvent } from './types.js';

/** The parts of a run its doors are built over. */
export interface RunParts {
  target: ResolvedTarget;
  fixtures: Fixtures;
  ops: readonly OperationSpec[];
  selected: ReadonlySet<CheckId>;
  exchanges: Exchanges;
  spending: Spending;
  recorder: Recorder;
  tiering: Tiering;
  strict: boolean;
  seed: number;
  maxExamples: number;
  concurrency: number;
  lifecycleTimeoutMs: number;
  mask: (text: string) => string;
  note(message: string): void;
  emit(event: ProgressEvent): void;
}

const isCheck = (check: string): check is CheckId => Object.hasOwn(checksById, check);

/** A generation of `items` plain items, drawn from the planner's credits; its ids, or why not. */
async function makeGeneration(parts: RunParts, label: string, phase: Phase, items: number): Promise<MadeGeneration | { refused: string }> {
  const item = baseItem(parts.fixtures);
  const body = Array.from({ length: items }, () => ({ ...item }));
  const { exchange, refused } = await parts.exchanges.exercise({ operationId: operations.generateMedia.operationId, label, body }, phase, 'accept', {
    planned: true,
  });
  if (refused) return { refused };
  const data = dataOf(exchange) as { generation_id?: unknown; media?: unknown; images?: unknown } | undefined;
  // An older server's `images` is read too, so the rest of the run can go on (renamed_fields reports it).
  const media = data?.media ?? data?.images;
  if (!served(exchange) || typeof data?.generation_id !== 'string' || !Array.isArray(media))
    return { refused: `generate answered ${exchange.status} without a generation` };
  const mediaIds = media
    .map((m) => (typeof m === 'object' && m !== null ? (m as { id?: unknown }).id : undefined))
    .filter((id): id is string => typeof id === 'string');
  return { generationId: data.generation_id, mediaIds };
}

function skipper(parts: RunParts) {
  return {
    skip(operationId: OperationId, check: string, reason: string): void {
      if (isCheck(check)) parts.recorder.skip(operationId, check, parts.mask(reason));
    },
    skipAll(check: string, reason: string): void {
      if (!isCheck(check)) return;
      for (const op of parts.ops) if (checksById[check].appliesTo(op)) parts.recorder.skip(op.operationId, check, parts.mask(reason));
    },
  };
}

/** The door of the phases. `statefulBlocked` is the planner's to set. */
export function phaseContext(parts: RunParts): PhaseContext {
  const skips = skipper(parts);
  return {
    target: parts.target,
    get writes() {
      return parts.target.mode === 'full';
    },
    strict: parts.strict,
    capped: parts.spending.ledger.capped,
    fixtures: parts.fixtures,
    ops: parts.ops,
    seed: parts.seed,
    maxExamples: parts.maxExamples,
    concurrency: parts.concurrency,
    statefulBlocked: undefined,
    selects: (check) => isCheck(check) && parts.selected.has(check),
    exercise: (c, phase, expect, opts) => parts.exchanges.exercise(c, phase, expect, opts),
    raw: (c) => parts.exchanges.raw(c),
    makeGeneration: (label, phase, items) => makeGeneration(parts, label, phase, items),
    plan: (credits) => parts.spending.ledger.plan.keep(credits, parts.spending.ledger.max),
    ...skips,
    note: parts.note,
  };
}

/** The door of the sequence checks. */
export function checkPort(parts: RunParts, context: PhaseContext): CheckPort {
  const skips = skipper(parts);
  return {
    target: { live: parts.target.live, stateful: parts.target.stateful, mock: parts.target.kind !== 'remote' },
    fixtures: parts.fixtures,
    ops: parts.ops,
    lifecycleTimeoutMs: parts.lifecycleTimeoutMs,
    selects: context.selects,
    send: async (c, expect = 'none') => {
      const { exchange, refused } = await parts.exchanges.exercise(c, 'stateful', expect);
      return refused ? { exchange, refused } : { exchange };
    },
    raw: (c) => parts.exchanges.raw(c),
    makeGeneration: (label, items) =>
      context.statefulBlocked ? Promise.resolve({ refused: context.statefulBlocked }) : makeGeneration(parts, label, 'stateful', items),
    balance: (label) => parts.spending.readings.balance(label),
    assert: (operationId, check, assertion, exchange) => {
      if (!isCheck(check)) throw new Error(`internal: ${check} is not a check`);
      const evidence = exchange
        ? { curl: toCurl(parts.target.baseUrl, exchange.request), status: exchange.status, method: exchange.request.method.toUpperCase(), url: exchange.url }
        : undefined;
      return parts.tiering.record(operationId, check, assertion, { phase: 'stateful', ...(evidence ? { evidence } : {}) });
    },
    ...skips,
    note: parts.note,
    progress: (check, outcome, detail) => {
      if (isCheck(check) && parts.selected.has(check)) parts.emit({ type: 'stateful', check, outcome, detail: parts.mask(detail) });
    },
  };
}
