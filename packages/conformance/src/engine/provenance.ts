// Provenance verdicts: every assumption of the contract (`Schema.field` or `operation:id`) gets
// `confirmed`, `refuted` or `untested` against this target, from what the run observed. A field is
// confirmed when responses (or accepted requests) carrying it parsed, refuted when a check failed at
// that field, and untested when nothing carried it.
import { type OperationSpec, type ProvenanceRecord, ruleById } from '@mediagen/schema';
import { type JsonObject, openapiDocument } from './document.js';
import type { ProvenanceVerdict } from './types.js';

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const REF = '#/components/schemas/';

interface Tally {
  confirmed: number;
  refuted: number;
  firstRefutation?: string;
  /** The exchange that refuted it first, as curl (key masked). */
  evidence?: { curl?: string; status?: number };
}

type Path = (string | number)[];

const startsWith = (path: readonly (string | number)[], prefix: readonly (string | number)[]) =>
  prefix.length <= path.length && prefix.every((segment, i) => segment === path[i]);

const formatPath = (path: readonly (string | number)[]) =>
  path.reduce<string>((out, s) => (typeof s === 'number' ? `${out}[${s}]` : out ? `${out}.${s}` : s), '') || '(root)';

export class ProvenanceTracker {
  private readonly tallies = new Map<string, Tally>();
  private readonly byComponent = new Map<string, string[]>();
  private readonly schemas: JsonObject;

  private readonly records: ProvenanceRecord[];

  constructor(records: readonly ProvenanceRecord[]) {
    this.records = [...records];
    const document = openapiDocument();
    this.schemas = ((document.components as JsonObject | undefined)?.schemas as JsonObject | undefined) ?? {};
    for (const record of records) {
      if (record.element.startsWith('operation:')) continue;
      const [component, field] = record.element.split('.');
      if (!component || !field) continue;
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

  private confirm(element: string): void {
    this.tally(element).confirmed++;
  }

  private refute(element: string, why: string, evidence?: Tally['evidence']): void {
    const tally = this.tally(element);
    tally.refuted++;
    if (tally.firstRefutation === undefined) {
      tally.firstRefutation = why;
      if (evidence) tally.evidence = evidence;
    }
  }

  /**
   * A rule of the contract that is an assumption. A constraint of an assumed field (the schema's
   * `TrueTouch.scale_factor.range` applies to `TrueTouch.scale_factor`) is a verdict on that field,
   * so one assumption gets one verdict; any other rule is added as `rule:<id>` when first judged.
   */
  observeRule(rule: string, note: string | undefined, upheld: boolean, why: string, evidence?: Tally['evidence']): void {
    const field = ruleById(rule)?.appliesTo;
    const element = field !== undefined && this.records.some((r) => r.element === field) ? field : `rule:${rule}`;
    if (!this.records.some((r) => r.element === element)) this.records.push({ element, source: 'assumption', ...(note ? { note } : {}) });
    if (upheld) this.confirm(element);
    else this.refute(element, why, evidence);
  }

  /**
   * The assumed field (`Schema.field`) a response mismatch at `at` falls under, if any: a mismatch
   * there refutes an assumption rather than breaking a documented promise.
   */
  assumedElementAt(op: OperationSpec, status: number, body: unknown, at: Path): string | undefined {
    let found: string | undefined;
    this.walk(
      this.responseSchema(op, status >= 200 && status < 300),
      body,
      [],
      (component, _object, path) => {
        for (const field of this.byComponent.get(component) ?? []) if (startsWith(at, [...path, field])) found ??= `${component}.${field}`;
      },
      new Set(),
    );
    return found;
  }

  /** Calls `visit` for every object of `value` described by a component schema. */
  private walk(
    node: unknown,
    value: unknown,
    path: Path,
    visit: (component: string, object: JsonObject, path: Path) => void,
    seen: Set<string>,
    component?: string,
  ): void {
    if (!isObject(node)) return;
    if (typeof node.$ref === 'string' && node.$ref.startsWith(REF)) {
      const name = node.$ref.slice(REF.length);
      this.walk(this.schemas[name], value, path, visit, seen, name);
      return;
    }
    if (component && isObject(value)) {
      const key = `${component}@${formatPath(path)}`;
      if (!seen.has(key)) {
        seen.add(key);
        visit(component, value, path);
      }
    }
    if (isObject(node.properties) && isObject(value)) {
      for (const [key, schema] of Object.entries(node.properties)) {
        if (key in value) this.walk(schema, value[key], [...path, key], visit, seen);
      }
    }
    if (isObject(node.items) && Array.isArray(value)) value.forEach((item, i) => this.walk(node.items, item, [...path, i], visit, seen));
    for (const combinator of ['allOf', 'anyOf', 'oneOf'] as const) {
      const members = node[combinator];
      if (Array.isArray(members)) for (const member of members) this.walk(member, value, path, visit, seen, component);
    }
  }

  private responseSchema(op: OperationSpec, success: boolean): unknown {
    if (!success) return { $ref: `${REF}ErrorEnvelope` };
    const paths = openapiDocument().paths as JsonObject;
    const operation = (paths[op.path] as JsonObject | undefined)?.[op.method] as JsonObject | undefined;
    const response = (operation?.responses as JsonObject | undefined)?.[String(op.success.status)] as JsonObject | undefined;
    return ((response?.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined)?.schema;
  }

  private requestSchema(op: OperationSpec): unknown {
    const paths = openapiDocument().paths as JsonObject;
    const operation = (paths[op.path] as JsonObject | undefined)?.[op.method] as JsonObject | undefined;
    const body = operation?.requestBody as JsonObject | undefined;
    return ((body?.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined)?.schema;
  }

  /**
   * A response: fields of assumed components that it carries are confirmed when the body parsed,
   * refuted when the schema's first mismatch is at (or under) that field.
   */
  observeResponse(op: OperationSpec, status: number, body: unknown, schema: { ok: boolean; path?: Path; message?: string }): void {
    if (body === undefined || status === 0) return;
    const success = status >= 200 && status < 300;
    this.walk(
      this.responseSchema(op, success),
      body,
      [],
      (component, object, path) => {
        for (const field of this.byComponent.get(component) ?? []) {
          const element = `${component}.${field}`;
          const at = [...path, field];
          if (!schema.ok && schema.path && startsWith(schema.path, at))
            this.refute(element, `${op.operationId} (status ${status}): ${schema.message ?? formatPath(at)}`);
          else if (schema.ok && field in object) this.confirm(element);
        }
      },
      new Set(),
    );
    // A failure body that is not even an object still says something about the error envelope.
    if (!success && !schema.ok && (!isObject(body) || !('err' in body))) {
      this.refute('ErrorEnvelope.err', `${op.operationId} (status ${status}): ${schema.message ?? 'no err'}`);
    }
  }

  /** An accepted request: assumed request fields it carried were taken by the service. */
  observeAcceptedRequest(op: OperationSpec, body: unknown): void {
    if (body === undefined) return;
    this.walk(
      this.requestSchema(op),
      body,
      [],
      (component, object) => {
        for (const field of this.byComponent.get(component) ?? []) if (field in object) this.confirm(`${component}.${field}`);
      },
      new Set(),
    );
  }

  /** A case written to test one assumption (e.g. a negative value where it is assumed non-negative). */
  observeCase(element: string, upheld: boolean, why: string, evidence?: Tally['evidence']): void {
    if (upheld) this.confirm(element);
    else this.refute(element, why, evidence);
  }

  /** An operation's documented success answered (or not) as assumed. */
  observeOperation(operationId: string, upheld: boolean, why: string): void {
    const element = `operation:${operationId}`;
    if (!this.records.some((r) => r.element === element)) return;
    this.observeCase(element, upheld, why);
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
          };
        }
        if (tally && tally.confirmed > 0) return { ...base, status: 'confirmed' as const, evidence: `${tally.confirmed} observation(s) consistent with it` };
        return { ...base, status: 'untested' as const, evidence: 'nothing this run sent or received carried it' };
      });
  }
}
