// The doors of a run: the phase context (what setup, examples, coverage, auth and fuzzing use) and the
// check port (what a sequence uses, one per check, bound to it), both built over the run's parts.
// Neither hands out a tracker: they send, skip and note, and nothing more; the judge judges.
import { type OperationId, type OperationSpec, operations } from '@mediagen/schema';
import { type CheckId, checksById } from '../checks/catalog.js';
import type { CheckPort, MadeGeneration } from '../checks/port.js';
import type { Judge } from '../judging/judge.js';
import type { ProgressEvent } from '../judging/run-record.js';
import { served } from '../model/answer.js';
import { dataOf } from '../model/exchange.js';
import { inNewestShape } from '../model/newest.js';
import type { Phase } from '../model/terms.js';
import type { Fixtures } from '../requests/fixtures.js';
import { baseItem } from '../requests/generation-bodies.js';
import type { PhaseContext } from './context.js';
import type { Exchanges } from './exchanges.js';
import type { Spending } from './spending.js';
import type { ResolvedTarget } from './target.js';

/** The parts of a run its doors are built over. */
export interface RunParts {
  target: ResolvedTarget;
  fixtures: Fixtures;
  ops: readonly OperationSpec[];
  selected: ReadonlySet<CheckId>;
  exchanges: Exchanges;
  spending: Spending;
  judge: Judge;
  strict: boolean;
  seed: number;
  maxExamples: number;
  concurrency: number;
  lifecycleTimeoutMs: number;
  mask: (text: string) => string;
  note(message: string): void;
  emit(event: ProgressEvent): void;
}

/** A generation of `items` plain items, drawn from the planner's credits; its ids, or why not. */
async function makeGeneration(parts: RunParts, label: string, phase: Phase, items: number): Promise<MadeGeneration | { refused: string }> {
  const item = baseItem(parts.fixtures);
  const body = Array.from({ length: items }, () => ({ ...item }));
  const { exchange, refused } = await parts.exchanges.exercise({ operationId: operations.generateMedia.operationId, label, body }, phase, 'accept', {
    planned: true,
  });
  if (refused) return { refused };
  // An older server's names are read in the newest shape, so the rest of the run can go on (renamed_fields reports them).
  const data = dataOf(inNewestShape(operations.generateMedia, exchange)) as { generation_id?: unknown; media?: unknown } | undefined;
  if (!served(exchange) || typeof data?.generation_id !== 'string' || !Array.isArray(data.media))
    return { refused: `generate answered ${exchange.status} without a generation` };
  const mediaIds = data.media
    .map((m) => (typeof m === 'object' && m !== null ? (m as { id?: unknown }).id : undefined))
    .filter((id): id is string => typeof id === 'string');
  return { generationId: data.generation_id, mediaIds };
}

/** Records skips, each with the spend guard's hold its reason passes on (its cause: the cap, or the server's behaviour). */
function skipper(parts: RunParts) {
  const skip = (operationId: OperationId, check: CheckId, reason: string) => {
    const hold = parts.spending.ledger.holds.in(reason);
    parts.judge.recorder.skip(operationId, check, parts.mask(reason), hold);
  };
  return {
    skip,
    skipAll(check: CheckId, reason: string): void {
      for (const op of parts.ops) if (checksById[check].appliesTo(op)) skip(op.operationId, check, reason);
    },
  };
}

/** A request a check's sequence sent was held back: for the server's sake, the check's empty cells are unjudged. */
function heldFor(parts: RunParts, check: CheckId, operationId: OperationId, refused: string | undefined): void {
  const hold = refused === undefined ? undefined : parts.spending.ledger.holds.in(refused);
  if (hold?.cause === 'server') parts.judge.recorder.heldBack.add(hold.why, operationId, check);
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
    kinds: [],
    statefulBlocked: undefined,
    selects: (check) => parts.selected.has(check),
    exercise: (c, phase, expect, opts) => parts.exchanges.exercise(c, phase, expect, opts),
    raw: (c) => parts.exchanges.raw(c),
    makeGeneration: (label, phase, items) => makeGeneration(parts, label, phase, items),
    plan: (credits) => parts.spending.ledger.plan.keep(credits, parts.spending.ledger.max),
    skip: (operationId, check, reason) => skips.skip(operationId, check, reason),
    skipAll: (check, reason) => skips.skipAll(check, reason),
    note: parts.note,
  };
}

/** The door of one check's sequence, bound to it: the sequence names no check id. */
export function checkPort(parts: RunParts, context: PhaseContext, check: CheckId): CheckPort {
  const skips = skipper(parts);
  return {
    target: { live: parts.target.live, stateful: parts.target.stateful, mock: parts.target.kind !== 'remote' },
    fixtures: parts.fixtures,
    ops: parts.ops,
    lifecycleTimeoutMs: parts.lifecycleTimeoutMs,
    send: async (c, expect, options) => {
      if (expect === undefined) {
        const exchange = await parts.exchanges.raw(c, 'valid', 'stateful');
        const refused = exchange.status === 0 && exchange.url === '' ? (exchange.error ?? 'not sent') : undefined;
        heldFor(parts, check, c.operationId, refused);
        return refused !== undefined ? { exchange, refused } : { exchange };
      }
      const { exchange, refused } = await parts.exchanges.exercise(c, 'stateful', expect, options?.planned ? { planned: true } : {});
      heldFor(parts, check, c.operationId, refused);
      return refused ? { exchange, refused } : { exchange };
    },
    makeGeneration: async (label, items) => {
      if (context.statefulBlocked) return { refused: context.statefulBlocked };
      const made = await makeGeneration(parts, label, 'stateful', items);
      if ('refused' in made) heldFor(parts, check, operations.generateMedia.operationId, made.refused);
      return made;
    },
    balance: (label) => parts.spending.readings.balance(label),
    skip: (operationId, reason) => skips.skip(operationId, check, reason),
    skipAll: (reason) => skips.skipAll(check, reason),
    note: parts.note,
  };
}
