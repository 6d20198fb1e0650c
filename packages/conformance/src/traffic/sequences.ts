// The sequence checks a recording can judge, where it holds the sequence: a served delete answers the
// id it deleted, and what it deleted is no longer served afterwards (use_after_free); filters and the
// lifecycle are judged in watches.ts. Credits arithmetic needs the balance read just before and after
// one generation, and resource availability needs requests the suite chooses: a recording cannot show
// that no other spend or creation came between, so those cells say "not observed" rather than guess.
import { type OperationId, type OperationSpec, operations } from '@mediagen/schema';
import type { CheckId } from '../checks/catalog.js';
import { said, served } from '../checks/response.js';
import { dataOf, type Exchange } from '../model/exchange.js';
import { type Assertion, assertThat } from '../model/verdict.js';

const { deleteMedia, deleteGeneration, getMedia, getGeneration } = operations;

export interface SequenceAssertion {
  operationId: OperationId;
  check: CheckId;
  assertion: Assertion;
}

/** The checks whose cells a recording can fill only through this file's judges. */
export const OBSERVED_SEQUENCES: readonly CheckId[] = ['use_after_free', 'filter_conformance', 'lifecycle_terminal'];

/** Why a sequence check the recording cannot judge says nothing. */
export const NOT_OBSERVED = 'not observed: the recording does not hold the sequence of requests this check needs';

const answeredId = (exchange: Exchange, id: string) => {
  const data = dataOf(exchange);
  return served(exchange) && typeof data === 'object' && data !== null && (data as { id?: unknown }).id === id;
};

/** Follows deletions through a recording: what each served delete removed, and what was asked of it afterwards. */
export class DeletionWatch {
  /** `media:<id>` / `generation:<id>` → the delete operation that removed it. */
  private readonly deleted = new Map<string, OperationId>();

  constructor(private readonly max = 100_000) {}

  /**
   * Judges one exchange: a served delete answers its id; a read of what was deleted is not served (and
   * answers 404, an assumption). `mediaOf` gives a generation's media ids as the recording showed them.
   */
  judge(op: OperationSpec, params: Record<string, string>, exchange: Exchange, mediaOf: (generationId: string) => readonly string[]): SequenceAssertion[] {
    const out: SequenceAssertion[] = [];
    const add = (operationId: OperationId, rule: string, ok: boolean, message: string) =>
      out.push({ operationId, check: 'use_after_free', assertion: assertThat(rule, ok, message) });
    if (op === deleteMedia || op === deleteGeneration) {
      const id = op === deleteMedia ? params.media_id : params.generation_id;
      if (id === undefined || !served(exchange)) return out;
      add(op.operationId, 'delete_answers_id', answeredId(exchange, id), `${op.operationId} ${id} answered ${said(exchange)} without its id`);
      this.remember(`${op === deleteMedia ? 'media' : 'generation'}:${id}`, op.operationId);
      if (op === deleteGeneration) for (const mediaId of mediaOf(id)) this.remember(`media:${mediaId}`, op.operationId);
      return out;
    }
    const key = op === getMedia ? `media:${params.media_id}` : op === getGeneration ? `generation:${params.generation_id}` : undefined;
    const by = key === undefined ? undefined : this.deleted.get(key);
    if (by === undefined || exchange.status === 0) return out;
    const rule = op === getGeneration ? 'deleted_generation_gone' : by === deleteMedia.operationId ? 'deleted_media_gone' : 'deleted_generation_media_gone';
    const what = `${key!.replace(':', ' ')}, deleted earlier in the recording`;
    add(by, rule, !served(exchange), `${what} is still served (${said(exchange)})`);
    if (!served(exchange)) add(by, 'deleted_item_404', exchange.status === 404, `${what} answered ${said(exchange)}, not 404`);
    return out;
  }

  private remember(key: string, by: OperationId): void {
    if (!this.deleted.has(key) && this.deleted.size >= this.max) this.deleted.delete(this.deleted.keys().next().value!);
    this.deleted.set(key, by);
  }
}
