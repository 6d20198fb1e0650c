// Merging usage: a consumer's runs add up (counts summed, the first and last times widened, the
// version ranges narrowed as each exchange narrows them), and the result does not depend on the order
// runs are merged in. Field paths keep the bound per location: a merge can add no more than it allows.

import { RunError } from '../model/terms.js';
import { dataRecord } from '../plumbing/json-file.js';
import { canonicalOperation, type FieldCounts, MAX_FIELDS_PER_LOCATION, type OperationUsage, USAGE_FORMAT, type UsageFile } from './format.js';
import { newerOf, olderOf } from './versions.js';

function addCounts(into: FieldCounts, from: FieldCounts, op: OperationUsage): FieldCounts {
  const out = Object.assign(dataRecord<number>(), into);
  let size = Object.keys(out).length;
  for (const [path, n] of Object.entries(from)) {
    if (out[path] !== undefined) out[path] += n;
    else if (size < MAX_FIELDS_PER_LOCATION) {
      out[path] = n;
      size++;
    } else op.dropped = (op.dropped ?? 0) + 1;
  }
  return out;
}

function mergeOperation(a: OperationUsage, b: OperationUsage): OperationUsage {
  const out: OperationUsage = {
    method: a.method,
    path: a.path,
    calls: a.calls + b.calls,
    firstSeen: [a.firstSeen, b.firstSeen].sort()[0]!,
    lastSeen: [a.lastSeen, b.lastSeen].sort()[1]!,
    statuses: dataRecord(),
    sent: { query: dataRecord(), body: dataRecord() },
    received: dataRecord(),
  };
  const dropped = (a.dropped ?? 0) + (b.dropped ?? 0);
  if (dropped > 0) out.dropped = dropped;
  out.statuses = Object.assign(dataRecord<number>(), a.statuses);
  for (const [status, n] of Object.entries(b.statuses)) out.statuses[status] = (out.statuses[status] ?? 0) + n;
  out.sent = { query: addCounts(a.sent.query, b.sent.query, out), body: addCounts(a.sent.body, b.sent.body, out) };
  out.received = Object.assign(dataRecord<FieldCounts>(), a.received);
  for (const [status, counts] of Object.entries(b.received)) out.received[status] = addCounts(out.received[status] ?? dataRecord(), counts, out);
  const [va, vb] = [a.version, b.version];
  if (va && vb) out.version = { lowest: newerOf(va.lowest, vb.lowest), highest: olderOf(va.highest, vb.highest), exchanges: va.exchanges + vb.exchanges };
  else if (va ?? vb) out.version = { ...(va ?? vb)! };
  return canonicalOperation(out);
}

/** `a` and `b` of the same consumer as one usage; a RunError when they are of two consumers. */
export function mergeUsage(a: UsageFile, b: UsageFile): UsageFile {
  if (a.consumer !== b.consumer) throw new RunError(`cannot merge the usage of "${b.consumer}" into that of "${a.consumer}": one file per consumer`);
  const operations = dataRecord<OperationUsage>();
  for (const id of [...new Set([...Object.keys(a.operations), ...Object.keys(b.operations)])].sort()) {
    const [x, y] = [a.operations[id], b.operations[id]];
    operations[id] = x && y ? mergeOperation(x, y) : canonicalOperation((x ?? y)!);
  }
  return { format: USAGE_FORMAT, consumer: a.consumer, exchanges: a.exchanges + b.exchanges, operations };
}
