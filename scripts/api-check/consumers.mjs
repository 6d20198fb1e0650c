// Which consumers a change would hit: for each difference the classifier finds (classify.mjs), the
// consumers whose usage files (written by `media-conformance usage` or `proxy --usage`, one per
// consumer) show traffic that touches it — an operation they call, a query parameter they send, a
// request field they send, a response field that came back to them (taken as read: the usage file
// cannot tell a field read from one that only came back), a schema they send that a rule now narrows.
// Usage must be said as the base document's version says it (`usageAt` of @mediagen/conformance/usage).

/** Whether a status seen (`404`) is covered by a status as a document writes it (`404`, `4XX`, `default`). */
const covers = (written, seen) => written === seen || written.toUpperCase() === `${seen.charAt(0)}XX` || written === 'default';

const sum = (numbers) => numbers.reduce((a, b) => a + b, 0);

/** Calls of a consumer's operation that sent something under `holder` of the body (`''`: any body). */
function bodyCalls(op, holder) {
  if (holder === '') return Object.keys(op.sent.body).length ? op.calls : 0;
  return Math.max(0, ...Object.entries(op.sent.body).map(([path, n]) => (path.startsWith(`${holder}.`) || path.startsWith(`${holder}[]`) ? n : 0)));
}

const holderOf = (path) => {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? path.replace(/[^[\]]+$/, '') : path.slice(0, dot);
};

/** How many of one consumer's calls a change touches (0: none). `requestOwners` maps a component to the request fields it holds. */
function callsTouching(change, usage, requestOwners) {
  const fact = change.fact;
  if (fact.kind === 'rule') {
    const fields = requestOwners.get(fact.owner) ?? [];
    return Math.max(0, ...fields.map((f) => (usage.operations[f.operationId] ? bodyCalls(usage.operations[f.operationId], holderOf(f.path)) : 0)));
  }
  const op = usage.operations[fact.operationId];
  if (!op) return 0;
  if (fact.kind === 'op') return op.calls;
  if (fact.kind === 'param') {
    // A new parameter, or a changed path parameter, is every call's business; a query parameter, its senders'.
    if (change.kind === 'added' || fact.in === 'path') return op.calls;
    return fact.in === 'query' ? (op.sent.query[fact.name] ?? 0) : 0;
  }
  if (fact.where === 'request') return change.kind === 'added' ? bodyCalls(op, holderOf(fact.path)) : (op.sent.body[fact.path] ?? 0);
  // A field added to an answer touches those who get the object that holds it; any other change, those who got the field.
  const holder = holderOf(fact.path).replace(/(\[\])+$/, '');
  const path = change.kind === 'added' ? holder : fact.path;
  return sum(
    Object.entries(op.received).map(([status, counts]) => {
      if (!covers(fact.where, status)) return 0;
      return path === '' ? (op.statuses[status] ?? 0) : (counts[path] ?? 0);
    }),
  );
}

/**
 * For each breaking change (or every change) that is not within another, the consumers it touches, with their calls.
 * @param changes what classify() gives for the base document and the next one
 * @param usages usage files, said as the base document's version says them
 * @param baseFacts factsOf(base document): where each component sits in requests (for rules)
 * @param options.all every change, not only the breaking ones (whom a change touched, as the changelog says it)
 * @returns {{ change: object, hits: { consumer: string, calls: number }[] }[]}
 */
export function blastRadius(changes, usages, baseFacts, { all = false } = {}) {
  const requestOwners = new Map();
  for (const fact of baseFacts.values()) {
    if (fact.kind === 'field' && fact.where === 'request') requestOwners.set(fact.owner, [...(requestOwners.get(fact.owner) ?? []), fact]);
  }
  return changes
    .filter((c) => (all || c.breaking) && !c.within)
    .map((change) => ({
      change,
      hits: usages.map((usage) => ({ consumer: usage.consumer, calls: callsTouching(change, usage, requestOwners) })).filter((hit) => hit.calls > 0),
    }));
}

/** One line per consumer hit (`app (12 calls)`), or what says nobody is. */
export function hitsText(hits) {
  if (hits.length === 0) return "no consumer's traffic touches it";
  return hits.map((h) => `${h.consumer} (${h.calls} call${h.calls === 1 ? '' : 's'})`).join(', ');
}

/** The summary: per breaking change, how many consumers and calls it would break. */
export function radiusSummary(radius, consumers) {
  const lines = [`[api:check] consumers: ${consumers} usage file(s); what each breaking change would break`];
  if (radius.length === 0) lines.push('  no breaking change');
  for (const { change, hits } of radius) {
    const calls = sum(hits.map((h) => h.calls));
    lines.push(
      hits.length === 0
        ? `  ${change.where} (${change.kind}): no consumer's traffic touches it`
        : `  ${change.where} (${change.kind}): ${hits.length} consumer${hits.length === 1 ? '' : 's'}, ${calls} call${calls === 1 ? '' : 's'} — ${hitsText(hits)}`,
    );
  }
  return lines;
}
