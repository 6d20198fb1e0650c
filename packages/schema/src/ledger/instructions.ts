// The vocabulary of the ledger. Each dated change is described by declarative instructions that
// name a component schema (or an operation's parameter) of the newest OpenAPI document. From them
// the engine derives the document as of any date and the data transforms between dates; nothing
// about an old version is ever written by hand.

/** Names of component schemas in the emitted document (`#/components/schemas/<name>`). */
export type SchemaName = string;
/** `operationId` of an operation in the emitted document. */
export type OperationId = string;

export type Instruction =
  | {
      /** `from` was renamed `to` in objects of `schema` (request or response). */
      op: 'field_renamed';
      schema: SchemaName;
      from: string;
      to: string;
    }
  | {
      /** `field` was added to `schema`. Older versions do not have it. */
      op: 'field_added';
      schema: SchemaName;
      field: string;
      /**
       * Value given to the field when a body of an older date is upgraded and the field is required
       * in the newest shape. Omitted: the field stays absent after an upgrade.
       */
      upgradeDefault?: unknown;
    }
  | {
      /** `value` was added to the enum of `schema`. */
      op: 'enum_value_added';
      schema: SchemaName;
      value: string;
    }
  | {
      /** A parameter of these operations was renamed. */
      op: 'param_renamed';
      operations: OperationId[];
      in: 'query' | 'path' | 'header';
      from: string;
      to: string;
    }
  | {
      /**
       * A rule of the contract (an id from `rules()`) took effect. Its JSON Schema form, a subschema
       * of `schema` tagged `x-rule: <rule>`, is absent from older documents.
       */
      op: 'rule_added';
      schema: SchemaName;
      rule: string;
    }
  | {
      /** `field` of `schema` was deprecated (older documents do not mark it), optionally in favour of `use`. */
      op: 'field_deprecated';
      schema: SchemaName;
      field: string;
      use?: string;
    }
  | {
      /** A parameter was added to these operations. */
      op: 'param_added';
      operations: OperationId[];
      in: 'query' | 'path' | 'header';
      name: string;
    };

export interface VersionChange {
  /** ISO date (YYYY-MM-DD) on which the change took effect. */
  date: string;
  /** Verb-first, changelog-ready title, e.g. "Rename images to media and add narrator". */
  name: string;
  /** One or two sentences for the changelog. */
  description: string;
  instructions: Instruction[];
}

export const fieldRenamed = (schema: SchemaName, from: string, to: string): Instruction => ({
  op: 'field_renamed',
  schema,
  from,
  to,
});
export const fieldAdded = (schema: SchemaName, field: string, opts: { upgradeDefault?: unknown } = {}): Instruction => ({
  op: 'field_added',
  schema,
  field,
  ...opts,
});
export const enumValueAdded = (schema: SchemaName, value: string): Instruction => ({ op: 'enum_value_added', schema, value });
export const queryParamRenamed = (operations: OperationId[], from: string, to: string): Instruction => ({
  op: 'param_renamed',
  operations,
  in: 'query',
  from,
  to,
});
export const queryParamAdded = (operations: OperationId[], name: string): Instruction => ({
  op: 'param_added',
  operations,
  in: 'query',
  name,
});
export const ruleAdded = (schema: SchemaName, rule: string): Instruction => ({ op: 'rule_added', schema, rule });
export const fieldDeprecated = (schema: SchemaName, field: string, opts: { use?: string } = {}): Instruction => ({
  op: 'field_deprecated',
  schema,
  field,
  ...opts,
});
