// Verdicts on the contract's assumptions: every assumption (an assumed field `Schema.field`, an
// operation `operation:id`, or an assumed rule `rule:id`) is `confirmed`, `refuted` or `untested`
// against this target. An assertion about an assumed rule confirms or refutes it; an assumed field is
// confirmed when responses (or accepted requests) carrying it parsed.
import { type OperationSpec, type ProvenanceRecord, ruleById } from '@mediagen/schema';
import { isObject, type JsonObject } from '@mediagen/schema/util';
import { openapiDocument } from './document.js';
import type { ProvenanceVerdict } from './results.js';

const REF = '#/components/schemas/';

interface Tally {
  confirmed: number;
  refuted: number;
  firstRefutation?: string;
  /** The exchange that refuted it first, as curl (key masked), and its status. */
  evidence?: Evidence;
}

export interface Evidence {
  curl?: string;
  status?: number;
  method?: string;
  url?: string;
}

/** A path as its segments joined by dots (the root: undefined), one segment further. */
type Path = string | undefined;
const step = (path: Path, segment: string | number): string => (path === undefined ? String(segment) : `${path}.${segment}`);

export class AssumptionVerdicts {
  private readonly tallies = new Map<string, Tally>();
  private readonly byComponent = new Map<string, string[]>();
  private readonly schemas: JsonObject;
  private readonly records: ProvenanceRecord[];
  private readonly known: Set<string>;

  constructor(records: readonly ProvenanceRecord[]) {
    this.records = [...records];
    this.known = new Set(records.map((r) => r.element));
    const document = openapiDocument();
    this.schemas = ((document.components as JsonObject | undefined)?.schemas as JsonObject | undefined) ?? {};
    for (const record of records) {
      const [component, field, more] = record.element.split('.');
      if (!component || !field || more !== undefined || record.element.startsWith('operation:')) continue;
      this.byComponent.set(component, [...(this.byComponent.get(component) ?? []), field]);
    }
  }

  private tally(element: string): Tally {
    let tally = this.tallies.get(element);
    if (!tally) {
      tally = { confirmed: 0, refuted: 0 };
      this.tallies.set(element, tally);
    }
    return tally;
  }

  /**
   * The verdict key of an assumed rule: the assumed field a constraint rule belongs to
   * (`TrueTouch.scale_factor.range` → `TrueTouch.scale_factor`, one verdict per field), else `rule:<id>`.
   */
  keyOf(rule: string): string {
    const field = ruleById(rule)?.appliesTo;
    if (field !== undefined && this.known.has(field) && rule.startsWith(`${field}.`)) return field;
    return this.known.has(rule) ? rule : `rule:${rule}`;
  }

  /** An assertion about an assumption: it held (confirmed) or broke (refuted, with why and the exchange). */
  observe(rule: string, held: boolean, why: string, evidence?: Evidence): void {
    const key = this.keyOf(rule);
    if (!this.known.has(key)) {
      const record = ruleById(rule);
      this.records.push({ element: key, source: 'assumption', ...(record?.note ? { note: record.note } : {}) });
      this.known.add(key);
    }
    const tally = this.tally(key);
    if (held) tally.confirmed++;
    else {
      tally.refuted++;
      if (tally.firstRefutation === undefined) {
        tally.firstRefutation = why;
        if (evidence) tally.evidence = evidence;
      }
    }
  }

  /** Calls `visit` for every object of `value` described by a component schema. */
  private walk(node: unknown, value: unknown, path: Path, visit: (component: string, object: JsonObject) => void, seen: Set<string>, component?: string): void {
    if (!isObject(node)) return;
    if (typeof node.$ref === 'string' && node.$ref.startsWith(REF)) {
      const name = node.$ref.slice(REF.length);
      this.walk(this.schemas[name], value, path, visit, seen, name);
      return;
    }
    if (component && isObject(value)) {
      const key = `${component}@${path ?? ''}`;
      if (!seen.has(key)) {
        seen.add(key);
        visit(component, value);
      }
    }
    if (isObject(node.properties) && isObject(value)) {
      for (const [key, schema] of Object.entries(node.properties)) if (Object.hasOwn(value, key)) this.walk(schema, value[key], step(path, key), visit, seen);
    }
    if (isObject(node.items) && Array.isArray(value)) for (const [i, item] of value.entries()) this.walk(node.items, item, step(path, i), visit, seen);
    for (const combinator of ['allOf', 'anyOf', 'oneOf'] as const) {
      const members = node[combinator];
      if (Array.isArray(members)) for (const member of members) this.walk(member, value, path, visit, seen, component);
    }
  }

  private schemaOf(op: OperationSpec, part: 'response' | 'request', success: boolean): unknown {
    if (part === 'response' && !success) return { $ref: `${REF}ErrorEnvelope` };
    const operation = ((openapiDocument().paths as JsonObject)[op.path] as JsonObject | undefined)?.[op.method] as JsonObject | undefined;
    const holder = (
      part === 'request' ? operation?.requestBody : ((operation?.responses as JsonObject | undefined)?.[String(op.success.status)] as JsonObject | undefined)
    ) as JsonObject | undefined;
    return ((holder?.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined)?.schema;
  }

  /** Assumed fields a body carried, confirmed when the body parsed (a mismatch is an assertion that refutes). */
  confirmCarried(op: OperationSpec, part: 'response' | 'request', body: unknown, success = true): void {
    if (body === undefined) return;
    this.walk(
      this.schemaOf(op, part, success),
      body,
      undefined,
      (component, object) => {
        for (const field of this.byComponent.get(component) ?? []) if (Object.hasOwn(object, field)) this.tally(`${component}.${field}`).confirmed++;
      },
      new Set(),
    );
  }

  /** An operation's documented success answered (or not) as assumed. */
  observeOperation(operationId: string, upheld: boolean, why: string): void {
    const element = `operation:${operationId}`;
    if (!this.known.has(element)) return;
    const tally = this.tally(element);
    if (upheld) tally.confirmed++;
    else {
      tally.refuted++;
      tally.firstRefutation ??= why;
    }
  }

  verdicts(): ProvenanceVerdict[] {
    return [...this.records]
      .sort((a, b) => a.element.localeCompare(b.element))
      .map((record) => {
        const tally = this.tallies.get(record.element);
        const base = { element: record.element, ...(record.note ? { note: record.note } : {}) };
        if (tally && tally.refuted > 0) {
          return {
            ...base,
            status: 'refuted' as const,
            evidence: `${tally.refuted} refuting observation(s), first: ${tally.firstRefutation}`,
            ...(tally.evidence?.curl ? { curl: tally.evidence.curl } : {}),
            ...(tally.evidence?.status !== undefined ? { statusCode: tally.evidence.status } : {}),
            ...(tally.evidence?.method && tally.evidence.url ? { exchange: { method: tally.evidence.method, url: tally.evidence.url } } : {}),
            counts: { confirmed: tally.confirmed, refuted: tally.refuted },
          };
        }
        if (tally && tally.confirmed > 0) {
          return {
            ...base,
            status: 'confirmed' as const,
            evidence: `${tally.confirmed} observation(s) consistent with it`,
            counts: { confirmed: tally.confirmed, refuted: 0 },
          };
        }
        return { ...base, status: 'untested' as const, evidence: 'nothing this run sent or received carried it', counts: { confirmed: 0, refuted: 0 } };
      });
  }
}
