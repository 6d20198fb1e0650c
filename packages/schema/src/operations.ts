// The 22 operations of the contract, in one table keyed by operationId: each operation is described
// once, with the traits (effect, paging, media, catalogue) its consumers read instead of keeping lists.
// The OpenAPI document, the client's method list, the sandbox's routes and the conformance suite's
// per-operation checks are all built from it. The table is written by tag in operations/.
import { ERROR_STATUS_RANGES, inStatusRange } from './common.js';
import { assetOperations } from './operations/assets.js';
import { catalogueOperations } from './operations/catalogue.js';
import { characterOperations } from './operations/characters.js';
import { generationOperations } from './operations/generation.js';
import { type CatalogueName, type Creates, type OperationEntry, PATH_PARAM_RESOURCES, type ResourceKind } from './operations/vocabulary.js';
import type { z } from './zod.js';

export {
  type CatalogueName,
  type Creates,
  type Creation,
  type Deletion,
  type Effect,
  type Example,
  type MediaCarrier,
  type Method,
  type OperationEntry,
  PATH_PARAM_RESOURCES,
  type ResourceKind,
  type Tag,
} from './operations/vocabulary.js';

/** The table, in the order the document lists the operations. */
const table = { ...generationOperations, ...catalogueOperations, ...characterOperations, ...assetOperations };

type Table = typeof table;
/** An operationId of the contract. */
export type OperationId = keyof Table;

/** One operation with its id and the traits derived from the table. */
export interface OperationSpec extends Omit<OperationEntry, 'deprecatedBy'> {
  operationId: OperationId;
  deprecatedBy?: OperationId;
  /** Repeating it spends nothing and changes nothing more (reads, the estimate, deletes): safe to retry. */
  idempotent: boolean;
  /** It spends credits (generate). */
  spendsCredits: boolean;
  /** The success body carries generations or media items (`carries` is set). */
  carriesMedia: boolean;
  /** The resources its path parameters name: what must exist before it can be called for real. */
  needs: readonly ResourceKind[];
}
/** The traits every operation gets from the table's own fields. */
interface Derived<K extends OperationId> {
  operationId: K;
  idempotent: boolean;
  spendsCredits: boolean;
  carriesMedia: boolean;
  needs: readonly ResourceKind[];
}
/** The table's entry for one operation, with its id and derived traits, e.g. `OperationSpecOf<'listModels'>`. */
export type OperationSpecOf<K extends OperationId> = Omit<Table[K], 'deprecatedBy'> & Derived<K> & { deprecatedBy?: OperationId };

function derive(operationId: string, entry: OperationEntry): Derived<OperationId> {
  const params = entry.params ? Object.keys(entry.params.shape) : [];
  return {
    operationId: operationId as OperationId,
    idempotent: entry.effect === 'read' || entry.effect === 'delete',
    spendsCredits: entry.effect === 'spend',
    carriesMedia: entry.carries !== undefined,
    needs: params.flatMap((name) => (Object.hasOwn(PATH_PARAM_RESOURCES, name) ? [PATH_PARAM_RESOURCES[name as keyof typeof PATH_PARAM_RESOURCES]] : [])),
  };
}

/** The operations of the contract keyed by operationId, in the order the document lists them. */
export const operations = Object.fromEntries(
  Object.entries(table).map(([operationId, entry]: [string, OperationEntry]) => [operationId, { ...entry, ...derive(operationId, entry) }]),
) as unknown as { readonly [K in OperationId]: OperationSpecOf<K> };

/** Every operation in table order (the document's, the client's and the suite's order). */
export const operationList: readonly OperationSpec[] = Object.values(operations) as readonly OperationSpec[];

/** Whether a string from input (a CLI flag, a proxied request) is an operationId of the contract: own keys only. */
export function isOperationId(id: string): id is OperationId {
  return Object.hasOwn(table, id);
}

/** The operation of an id that comes from input, or `undefined` (`constructor`, `__proto__` are not operations). */
export function operationById(id: string): OperationSpec | undefined {
  return isOperationId(id) ? (operations[id] as OperationSpec) : undefined;
}

type Traits = Pick<OperationSpec, 'effect' | 'paged' | 'carries' | 'carriesMedia' | 'catalogue' | 'method' | 'tag' | 'idempotent' | 'spendsCredits'>;
/** The operations (in table order) whose traits equal all the given ones, e.g. `operationsWhere({ effect: 'delete' })`. */
export function operationsWhere(traits: Partial<Traits>): OperationSpec[] {
  const wanted = Object.entries(traits) as [keyof Traits, unknown][];
  return operationList.filter((op) => wanted.every(([trait, value]) => op[trait] === value));
}

/** The catalogue listing of each name (`catalogueOperation('models')` is listModels). */
export function catalogueOperation(name: CatalogueName): OperationSpec {
  return operationList.find((op) => op.catalogue === name)!;
}

/**
 * How to undo what an operation of kind `kind` created: the current (not deprecated) operation that
 * deletes that kind, or `undefined` when the API has none (characters cannot be deleted).
 */
export function undoOf(kind: Creates): OperationSpec | undefined {
  return operationList.find((op) => op.deletes?.kind === kind && op.deprecatedBy === undefined);
}

/** The id a successful call created, read from its success body (`undefined` when it is not there). */
export function createdId(op: Pick<OperationSpec, 'creates'>, body: unknown): string | undefined {
  if (!op.creates) return undefined;
  let current: unknown = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  for (const key of op.creates.idAt) current = typeof current === 'object' && current !== null ? (current as Record<string, unknown>)[key] : undefined;
  return typeof current === 'string' ? current : undefined;
}

/** The request parts that delete one resource of `op.deletes.kind` with id `id`. */
export function deletionRequest(op: Pick<OperationSpec, 'deletes'>, id: string): { params?: Record<string, string>; body?: Record<string, string[]> } {
  const from = op.deletes?.from;
  if (!from) return {};
  return 'param' in from ? { params: { [from.param]: id } } : { body: { [from.bodyList]: [id] } };
}

/** The ids a delete request names (its path parameter, or the body's id list). */
export function deletedIds(op: Pick<OperationSpec, 'deletes'>, request: { params?: Record<string, string>; body?: unknown }): string[] {
  const from = op.deletes?.from;
  if (!from) return [];
  if ('param' in from) {
    const id = request.params?.[from.param];
    return id === undefined ? [] : [id];
  }
  const list = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>)[from.bodyList] : undefined;
  return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * True when the document declares `status` for the operation: its success status, a listed error
 * status, or any status of the 4XX and 5XX ranges every operation declares with the error envelope.
 */
export function declaresStatus(op: Pick<OperationSpec, 'success' | 'errors'>, status: number): boolean {
  return status === op.success.status || (op.errors as number[]).includes(status) || ERROR_STATUS_RANGES.some((range) => inStatusRange(status, range));
}

/** The whole success envelope an operation answers, e.g. `ResponseOf<'listGenerations'>`. */
export type ResponseOf<K extends OperationId> = z.output<Table[K]['success']['schema']>;
/** The `data` of an operation's success envelope. */
export type DataOf<K extends OperationId> = ResponseOf<K>['data'];
/** The request body an operation takes (`never` when it takes none). */
export type BodyOf<K extends OperationId> = Table[K] extends { body: infer B extends z.ZodType } ? z.input<B> : never;
/** The query parameters an operation takes (`never` when it takes none). */
export type QueryOf<K extends OperationId> = Table[K] extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;
/** The path parameters an operation takes (`never` when it takes none). */
export type ParamsOf<K extends OperationId> = Table[K] extends { params: infer P extends z.ZodType } ? z.input<P> : never;
