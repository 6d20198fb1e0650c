// Classifies the differences between two documents' facts (facts.mjs) as breaking or not, from the
// point of view of a client written against the older one:
// - removed: operation, parameter, request or response field → breaking (a client sends or reads it);
// - added: operation, optional parameter or field → not breaking; a required parameter or request field → breaking;
// - required flipped: request side made required, or response side made optional → breaking;
// - type changed → breaking;
// - enum: values removed from what a client sends, or added to what it reads (closed enums) → breaking;
// - rule (a subschema tagged x-rule) added to a schema clients send → breaking; removed from one they read → breaking.
// Changes under an added or removed field are marked as lying within it.
import { factsOf } from './facts.mjs';

const isResponse = (fact) => fact.kind === 'field' && fact.where !== 'request';

/** Where a change is, for messages: `GET /pub/v1/generations 200 data[].media[].dim`. */
export function locate(fact) {
  if (fact.kind === 'op') return fact.op;
  if (fact.kind === 'rule') return `rule ${fact.name} of ${fact.owner}`;
  if (fact.kind === 'param') return `${fact.op} ${fact.in} parameter ${fact.name}`;
  return `${fact.op} ${fact.where} ${fact.path}`;
}

function change(kind, fact, breaking, extra = {}) {
  return { kind, fact, breaking, where: locate(fact), ...extra };
}

function describe(c) {
  switch (c.kind) {
    case 'enum_values_added':
      return `${c.where} enum gains ${c.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'enum_values_removed':
      return `${c.where} enum loses ${c.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'enum_opened':
      return `${c.where} enum removed (any value now)`;
    case 'enum_closed':
      return `${c.where} restricted to ${c.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'type_changed':
      return `${c.where} type changed from ${c.from} to ${c.to}`;
    case 'required_changed':
      return `${c.where} ${c.to ? 'became required' : 'became optional'}`;
    case 'deprecated':
      return `${c.where} deprecated`;
    default:
      return `${c.where} ${c.kind}`;
  }
}

/**
 * Every difference, each with `within` set when it lies under an added or removed field or operation
 * (the one to report); the nested ones still tell which component changed.
 * @returns {Array<{kind, fact, breaking, where, within?, message}>}
 */
export function classify(baseDoc, nextDoc) {
  const before = factsOf(baseDoc);
  const after = factsOf(nextDoc);
  // A rule narrows what a schema accepts: breaking where clients send that schema, not where they read it.
  const sent = new Set([...before.values(), ...after.values()].filter((f) => f.kind === 'field' && f.where === 'request').map((f) => f.owner));
  const ruleBreaks = (fact, added) => (sent.has(fact.owner) ? added : !added);
  const changes = [];
  for (const [key, fact] of before) {
    const now = after.get(key);
    if (!now) {
      changes.push(change('removed', fact, fact.kind === 'rule' ? ruleBreaks(fact, false) : true, { key }));
      continue;
    }
    if (fact.type !== now.type) changes.push(change('type_changed', now, true, { key, from: fact.type, to: now.type }));
    if (fact.required !== now.required && fact.kind !== 'op') {
      const breaking = isResponse(fact) ? !now.required : now.required;
      changes.push(change('required_changed', now, breaking, { key, to: now.required }));
    }
    if (!fact.deprecated && now.deprecated) changes.push(change('deprecated', now, false, { key }));
    const oldValues = new Set(fact.enum ?? []);
    const newValues = new Set(now.enum ?? []);
    if (fact.enum && !now.enum) changes.push(change('enum_opened', now, isResponse(now), { key }));
    if (!fact.enum && now.enum) changes.push(change('enum_closed', now, !isResponse(now), { key, values: now.enum }));
    if (fact.enum && now.enum) {
      const added = [...newValues].filter((v) => !oldValues.has(v));
      const removed = [...oldValues].filter((v) => !newValues.has(v));
      if (added.length) changes.push(change('enum_values_added', now, isResponse(now), { key, values: added }));
      if (removed.length) changes.push(change('enum_values_removed', now, !isResponse(now), { key, values: removed }));
    }
  }
  for (const [key, fact] of after) {
    if (before.has(key)) continue;
    const breaking = fact.kind === 'rule' ? ruleBreaks(fact, true) : fact.kind !== 'op' && fact.required && !isResponse(fact);
    changes.push(change('added', fact, breaking, { key }));
  }
  const roots = changes.filter((c) => c.kind === 'added' || c.kind === 'removed');
  const under = (c, r) =>
    r.fact.kind === 'op'
      ? c.fact.kind !== 'op' && c.fact.op === r.fact.op
      : r.fact.kind === 'field' &&
        c.fact.kind === 'field' &&
        c.fact.op === r.fact.op &&
        c.fact.where === r.fact.where &&
        (c.fact.path.startsWith(`${r.fact.path}.`) || c.fact.path.startsWith(`${r.fact.path}[]`));
  return changes.map((c) => ({
    ...c,
    within: roots.find((r) => r !== c && under(c, r))?.where,
    message: `${c.breaking ? 'breaking' : 'non-breaking'}: ${describe(c)}`,
  }));
}
