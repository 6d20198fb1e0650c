// What moving from the version a consumer's traffic speaks to a target date changes for the calls it
// makes: each change site of the ledger between the two (sites.ts) that touches what its usage shows
// it sends or gets back, with the paths as its version and the target say them, how many of its calls
// carry it, what it has to do, and the code change.
import { type ChangeKind, type ChangeSite, changeSites, type OperationSpec, operationList, statusCovers } from '@mediagen/schema';
import type { FieldCounts, OperationUsage, UsageFile } from '../usage/format.js';
import { type Location, translatePath, usageAt } from '../usage/versions.js';
import { type CodeChange, codeChange } from './code.js';
import { documentOf } from './components.js';

/** required: a call breaks as it is; recommended: it works, but leans on what is going away; none: something new it may use. */
export type Action = 'required' | 'recommended' | 'none';

export interface UpgradeChange {
  date: string;
  entry: string;
  instruction: string;
  kind: ChangeKind;
  /** `query`, `body`, or `response 200`. */
  where: string;
  /** The field as the consumer's version says it, and as the target says it. */
  before?: string;
  after: string;
  value?: string;
  rule?: string;
  /** Calls of the consumer that carry what it changes. */
  calls: number;
  action: Action;
  /** What to do, in words. */
  todo: string;
  code?: CodeChange;
}

export interface OperationChanges {
  operationId: string;
  method: string;
  path: string;
  calls: number;
  changes: UpgradeChange[];
}

const byId = new Map<string, OperationSpec>(operationList.map((op) => [op.operationId, op]));
const code = (text: string) => `\`${text}\``;
const whereOf = (location: Location) => (location.kind === 'response' ? `response ${location.status}` : location.kind);

/** The field counts of a location, summed over the statuses a written status covers. */
function countsAt(op: OperationUsage, location: Location): FieldCounts {
  if (location.kind === 'query') return op.sent.query;
  if (location.kind === 'body') return op.sent.body;
  const out: FieldCounts = {};
  for (const [status, counts] of Object.entries(op.received)) {
    if (!statusCovers(location.status, status)) continue;
    for (const [path, n] of Object.entries(counts)) out[path] = (out[path] ?? 0) + n;
  }
  return out;
}

/** Calls that carried the object at `holder` (the root: every call that sent or got anything there). */
function holderCalls(op: OperationUsage, location: Location, counts: FieldCounts, holder: string): number {
  const bare = holder.replace(/(\[\])+$/, '');
  if (bare !== '') return counts[bare] ?? 0;
  if (location.kind === 'query') return op.calls;
  if (location.kind === 'response') return Object.entries(op.statuses).reduce((n, [status, c]) => n + (statusCovers(location.status, status) ? c : 0), 0);
  return Math.max(0, ...Object.entries(counts).map(([path, n]) => (path.startsWith(holder) ? n : 0)));
}

function todoOf(site: ChangeSite, location: Location, before: string | undefined, after: string): { action: Action; todo: string } {
  const sent = location.kind !== 'response';
  switch (site.kind) {
    case 'renamed':
      return { action: 'required', todo: sent ? `send ${code(after)} instead of ${code(before!)}` : `read ${code(after)} instead of ${code(before!)}` };
    case 'added':
      if (sent) return { action: 'none', todo: `may now send ${code(after)}` };
      return { action: 'none', todo: site.filled !== undefined ? `${code(after)} now always comes back` : `${code(after)} may now come back` };
    case 'value_added':
      return sent
        ? { action: 'none', todo: `may now send ${code(JSON.stringify(site.value))} in ${code(after)}` }
        : { action: 'recommended', todo: `${code(after)} may now be ${code(JSON.stringify(site.value))}: handle it` };
    case 'constrained':
      return { action: 'none', todo: `requests are now held to rule ${code(site.rule!)}` };
    case 'deprecated':
      return sent
        ? { action: 'recommended', todo: `stop sending ${code(before!)}${site.use ? `: send ${code(site.use)} instead` : ''}` }
        : { action: 'none', todo: `${code(after)} is deprecated` };
  }
}

/** The change a site makes to one consumer's calls of one operation, or nothing when its calls do not carry it. */
function changeFor(site: ChangeSite, op: OperationUsage, from: string, to: string): UpgradeChange | undefined {
  const { operationId, location } = site;
  const counts = countsAt(op, location);
  const holder = translatePath(operationId, location, site.holder, site.previous, from);
  const before = site.before === undefined ? undefined : translatePath(operationId, location, site.before, site.previous, from);
  const after = translatePath(operationId, location, site.after, site.date, to);
  const calls = site.kind === 'added' || site.kind === 'constrained' ? holderCalls(op, location, counts, holder) : (counts[before!] ?? 0);
  if (calls === 0) return undefined;
  const { action, todo } = todoOf(site, location, before, after);
  const spec = byId.get(operationId);
  return {
    date: site.date,
    entry: site.entry,
    instruction: site.instruction,
    kind: site.kind,
    where: whereOf(location),
    ...(before !== undefined ? { before } : {}),
    after: site.kind === 'constrained' ? after || '(the whole body)' : after,
    ...(site.value !== undefined ? { value: site.value } : {}),
    ...(site.rule !== undefined ? { rule: site.rule } : {}),
    calls,
    action,
    todo,
    ...(action !== 'none' && spec
      ? { code: codeChange(spec, location, before, site.kind === 'deprecated' && site.use ? replaceLast(after, site.use) : after, from, to) }
      : {}),
  };
}

const replaceLast = (path: string, name: string) => path.replace(/[A-Za-z_][A-Za-z0-9_]*$/, name);

/** Per operation the consumer calls, the ledger's changes from `from` to `to` that touch its calls (operations without any are left out). */
export function changesFor(usage: UsageFile, from: string, to: string): OperationChanges[] {
  const spoken = usageAt(usage, from);
  const sites = changeSites(from, to, documentOf);
  const out: OperationChanges[] = [];
  for (const [operationId, op] of Object.entries(spoken.operations)) {
    const changes = sites.filter((s) => s.operationId === operationId).flatMap((s) => changeFor(s, op, from, to) ?? []);
    if (changes.length) out.push({ operationId, method: op.method, path: op.path, calls: op.calls, changes });
  }
  return out;
}
