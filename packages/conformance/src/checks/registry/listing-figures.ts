import { type OperationSpec, operations } from '@mediagen/schema';
import { isObject } from '@mediagen/schema/util';
import { served } from '../../model/answer.js';
import type { Exchange } from '../../model/exchange.js';
import { assertThat } from '../../model/verdict.js';
import { defineCheck, type Found, type HistoryJudge, type HistorySettings, type Later, type Observed } from '../define.js';
import type { CheckPort } from '../port.js';
import { itemsOf } from './sequence.js';

const { listGenerations, generateMedia, deleteGeneration } = operations;

/** The pages a walk reads at most (each of `WALK_PAGE_SIZE` items): a bound, not a guess at the account's size. */
const WALK_PAGES = 4;
const EARLY_PAGE_SIZE = 2;
const LATE_PAGE_SIZE = 50;
const MAX_WALKS = 1_000;

/** What identifies an item of a listing: a generation's id, another item's id or name. */
const identity = (item: unknown): string | undefined => {
  if (typeof item === 'string') return item;
  if (!isObject(item)) return undefined;
  const id = [item.generation_id, item.id].find((v): v is string => typeof v === 'string');
  // A catalogue's names repeat across base models (Canny for sdxl and for flux).
  return id ?? (typeof item.name === 'string' ? `${item.name} (${String(item.base_model)})` : undefined);
};

interface Walk {
  total: number;
  pageSize: number;
  /** The history's count of creations and deletions when the walk began: figures agree only while nothing changed. */
  changes: number;
  pages: Map<number, string[]>;
  done: boolean;
}

/** The figures of a served page: its total, page and page_size (asked for), and its items. */
function figures(exchange: Exchange): { total: number; page: number; pageSize: number; items: unknown[] } | undefined {
  const json = exchange.json;
  const pagination = isObject(json) && isObject(json.pagination) ? json.pagination : undefined;
  const query = exchange.request.query ?? {};
  const page = query.page === undefined ? 1 : Number(query.page);
  const pageSize = Number(query.page_size);
  if (typeof pagination?.total !== 'number' || !Number.isInteger(page) || page < 1 || !Number.isInteger(pageSize) || pageSize < 1) return undefined;
  // Every entry counts, whatever its shape (a listing of plain names too).
  const data = isObject(json) && Array.isArray(json.data) ? json.data : undefined;
  if (!data) return undefined;
  return { total: pagination.total, page, pageSize, items: data };
}

/** The walk a page belongs to: its operation and its query without the page. */
const walkKey = (op: OperationSpec, exchange: Exchange) => {
  const { page: _page, ...rest } = exchange.request.query ?? {};
  return `${op.operationId}?${JSON.stringify(Object.entries(rest).sort(([a], [b]) => a.localeCompare(b)))}`;
};

/**
 * Judges a history: the figures of a paged listing agree. The pages of one walk (the same query, page
 * 1 onwards) report one total while nothing was created or deleted, and a walk to its last page holds
 * total items, none twice; the unfiltered generations listing's total moves by exactly the generations
 * the run made and deleted between two readings (only where the account is the run's alone). What
 * total counts is not shown: each is an assumption.
 */
function judgeHistory({ ownsBalance }: HistorySettings): HistoryJudge {
  const walks = new Map<string, Walk>();
  let changes = 0;
  /** Generations made minus deleted so far, and whether a media deletion (whose effect on the count is not shown) came since the last reading. */
  let net = 0;
  let mediaDeleted = false;
  let reading: { total: number; net: number } | undefined;
  return {
    observe({ op, exchange }: Observed): Found[] {
      if (!served(exchange)) return [];
      if (op.creates || op.deletes) {
        changes++;
        if (op === generateMedia) net++;
        else if (op === deleteGeneration) net--;
        else if (op.deletes?.kind === 'media') mediaDeleted = true;
        return [];
      }
      if (!op.paged) return [];
      const seen = figures(exchange);
      if (!seen) return [];
      const out: Found[] = [];
      const add = (rule: string, ok: boolean, message: string) => out.push({ operationId: op.operationId, assertion: assertThat(rule, ok, message) });
      const key = walkKey(op, exchange);
      if (seen.page === 1) {
        if (!walks.has(key) && walks.size >= MAX_WALKS) walks.delete(walks.keys().next().value!);
        walks.set(key, { total: seen.total, pageSize: seen.pageSize, changes, pages: new Map(), done: false });
        const query = exchange.request.query ?? {};
        if (op === listGenerations && Object.keys(query).every((name) => name === 'page' || name === 'page_size') && ownsBalance) {
          if (reading && !mediaDeleted)
            add(
              'page_total_counts_items',
              seen.total - reading.total === net - reading.net,
              `the generations' total went from ${reading.total} to ${seen.total}, while the run made and deleted ${net - reading.net} generation(s) net`,
            );
          reading = { total: seen.total, net };
          mediaDeleted = false;
        }
      }
      const walk = walks.get(key);
      if (!walk || walk.done || walk.pageSize !== seen.pageSize || walk.changes !== changes) return out;
      if (seen.page > 1) add('page_total_steady', seen.total === walk.total, `page 1 said total ${walk.total}, page ${seen.page} says ${seen.total}`);
      walk.pages.set(
        seen.page,
        seen.items.map(identity).filter((id): id is string => id !== undefined),
      );
      const last = seen.items.length < seen.pageSize;
      if (!last || ![...Array(seen.page).keys()].every((i) => walk.pages.has(i + 1))) return out;
      walk.done = true;
      const ids = [...walk.pages.values()].flat();
      const counted = (seen.page - 1) * seen.pageSize + seen.items.length;
      const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
      add(
        'page_total_counts_items',
        counted === walk.total && twice.length === 0,
        twice.length > 0
          ? `a walk of ${seen.page} page(s) lists ${twice[0]} twice`
          : `total ${walk.total}, a walk to the last page (${seen.page}) holds ${counted} items`,
      );
      return out;
    },
  };
}

/** Walks the unfiltered generations listing: page 1 onwards until its last page, at most WALK_PAGES. */
async function walk(port: CheckPort, when: string, pageSize: number): Promise<void> {
  for (let page = 1; page <= WALK_PAGES; page++) {
    const { exchange } = await port.send(
      { operationId: listGenerations.operationId, label: `walk the generations ${when} (page ${page})`, query: { page, page_size: pageSize } },
      'accept',
    );
    if (!served(exchange) || itemsOf(exchange).length < pageSize) return;
  }
}

/** The requests: a walk of the generations in small pages now, and one in large pages at the end of the run (after its creations). */
async function sequence(port: CheckPort): Promise<Later | undefined> {
  if (!port.ops.includes(listGenerations)) return undefined;
  await walk(port, 'after the stateful sequences', EARLY_PAGE_SIZE);
  return () => walk(port, 'at the end of the run', LATE_PAGE_SIZE);
}

export default defineCheck({
  id: 'listing_figures',
  description:
    'Listing figures agree: one total across the pages of a walk, a walk that holds total items, and a total that moves with the run’s own creations and deletions (all assumptions: what total counts is not shown).',
  severity: 'error',
  category: 'stateful',
  rules: ['page_total_steady', 'page_total_counts_items'],
  appliesTo: (op) => op.paged,
  history: judgeHistory,
  sequence,
});
