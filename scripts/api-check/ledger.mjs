// Matches observed changes (classify.mjs) with the ledger's declarative instructions. An instruction
// explains a change when it names the component schema (or operation parameter) the change is in.
// Instruction kinds this check does not know are reported as not observable rather than guessed at.

const ops = (i) => new Set(i.operations ?? []);

/** Whether `instruction` accounts for `c`. */
export function explains(instruction, c) {
  const f = c.fact;
  switch (instruction.op) {
    case 'field_renamed':
      return (
        f.kind === 'field' &&
        f.owner === instruction.schema &&
        ((c.kind === 'removed' && f.name === instruction.from) || (c.kind === 'added' && f.name === instruction.to))
      );
    case 'field_added':
      return f.kind === 'field' && c.kind === 'added' && f.owner === instruction.schema && f.name === instruction.field;
    case 'field_deprecated':
      return f.kind === 'field' && c.kind === 'deprecated' && f.owner === instruction.schema && f.name === instruction.field;
    case 'rule_added':
      return f.kind === 'rule' && c.kind === 'added' && f.owner === instruction.schema && f.name === instruction.rule;
    case 'enum_value_added':
      return c.kind === 'enum_values_added' && f.enumSchema === instruction.schema && c.values.includes(String(instruction.value));
    case 'param_renamed':
      return (
        f.kind === 'param' &&
        f.in === instruction.in &&
        ops(instruction).has(f.operationId) &&
        ((c.kind === 'removed' && f.name === instruction.from) || (c.kind === 'added' && f.name === instruction.to))
      );
    case 'param_added':
      return f.kind === 'param' && c.kind === 'added' && f.in === instruction.in && ops(instruction).has(f.operationId) && f.name === instruction.name;
    default:
      return false;
  }
}

/** Instruction kinds this check can observe in a document diff. */
export const OBSERVABLE = new Set(['field_renamed', 'field_added', 'field_deprecated', 'rule_added', 'enum_value_added', 'param_renamed', 'param_added']);

export function describeInstruction(i) {
  switch (i.op) {
    case 'field_renamed':
      return `${i.schema}.${i.from} renamed to ${i.to}`;
    case 'field_added':
      return `${i.schema}.${i.field} added`;
    case 'field_deprecated':
      return `${i.schema}.${i.field} deprecated${i.use ? ` in favour of ${i.use}` : ''}`;
    case 'rule_added':
      return `rule ${i.rule} added to ${i.schema}`;
    case 'enum_value_added':
      return `${JSON.stringify(i.value)} added to ${i.schema}`;
    case 'param_renamed':
      return `${i.in} parameter ${i.from} of ${i.operations.join(', ')} renamed to ${i.to}`;
    case 'param_added':
      return `${i.in} parameter ${i.name} added to ${i.operations.join(', ')}`;
    default:
      return `${i.op} ${JSON.stringify(i)}`;
  }
}

/**
 * Checks that the changes between two consecutive dated documents are exactly what `entry` declares.
 * @returns {{ undeclared: object[], unshown: object[], unobservable: object[] }}
 */
export function compareWithEntry(changes, entry) {
  const instructions = entry?.instructions ?? [];
  // What lies within an added or removed field is accounted for by that field.
  const undeclared = changes.filter((c) => !c.within && !instructions.some((i) => explains(i, c)));
  const unobservable = instructions.filter((i) => !OBSERVABLE.has(i.op));
  const unshown = instructions.filter((i) => OBSERVABLE.has(i.op) && !changes.some((c) => explains(i, c)));
  return { undeclared, unshown, unobservable };
}
