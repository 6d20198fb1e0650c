// Assertions decided by how a generation ends: a request the sources say makes a generation fail may
// be taken, and then it holds unless the generation succeeds. The judge keeps them here until the
// history shows the generation ended (a served read of it, every item terminal or one a success).
import { type OperationId, type OperationSpec, TERMINAL_MEDIA_STATUSES } from '@mediagen/schema';
import { isObject } from '@mediagen/schema/util';
import type { CheckId } from '../checks/catalog.js';
import { served } from '../model/answer.js';
import { dataOf, type Exchange } from '../model/exchange.js';
import type { Assertion } from '../model/verdict.js';
import type { Evidence } from './assumptions.js';

/** An assertion that waits for a generation to end, with how it is to be recorded. */
export interface Awaiting<Meta> {
  operationId: OperationId;
  check: CheckId;
  assertion: Assertion;
  meta: Meta;
  evidence: Evidence;
}

/** Generations waited on at most (a recording of a long session stays bounded). */
const MAX_WAITED = 10_000;

const terminal = (status: unknown) => typeof status === 'string' && TERMINAL_MEDIA_STATUSES.includes(status as never);

export class AwaitedGenerations<Meta> {
  private readonly waiting = new Map<string, Awaiting<Meta>[]>();

  /** Waits for `generationId` to end; false when too many already wait (the assertion is dropped). */
  add(generationId: string, awaiting: Awaiting<Meta>): boolean {
    const list = this.waiting.get(generationId) ?? [];
    if (list.length === 0 && this.waiting.size >= MAX_WAITED) return false;
    list.push(awaiting);
    this.waiting.set(generationId, list);
    return true;
  }

  /** The assertions an answer decides (a generation read as ended), each held or broken. */
  settle(op: OperationSpec, exchange: Exchange): (Awaiting<Meta> & { decided: Assertion })[] {
    if (this.waiting.size === 0 || op.carries !== 'generation' || !served(exchange)) return [];
    const data = dataOf(exchange);
    const id = isObject(data) && typeof data.generation_id === 'string' ? data.generation_id : undefined;
    const list = id === undefined ? undefined : this.waiting.get(id);
    if (!list || !isObject(data) || !Array.isArray(data.media)) return [];
    const statuses = data.media.filter(isObject).map((m) => m.status);
    const succeeded = statuses.includes('success');
    if (!succeeded && (statuses.length === 0 || !statuses.every(terminal))) return [];
    this.waiting.delete(id!);
    return list.map((awaiting) => {
      const { awaits: _awaits, ...rest } = awaiting.assertion;
      return {
        ...awaiting,
        decided: succeeded ? { ...rest, ok: false, message: 'the request was taken and its generation succeeded' } : { ...rest, ok: true },
      };
    });
  }
}
