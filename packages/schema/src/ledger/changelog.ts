// CHANGELOG-API.md, generated from the ledger: one section per dated entry, newest first, with the
// entry's instructions in plain words.
import { ledger as defaultLedger } from './changes.js';
import type { Instruction, VersionChange } from './instructions.js';

const code = (text: string): string => `\`${text}\``;

function list(names: readonly string[]): string {
  const quoted = names.map(code);
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
}

const parameterKind = (location: string): string => (location === 'query' ? 'query parameter' : `${location} parameter`);

/** One instruction as a changelog bullet (without the leading dash). */
export function describeInstruction(instruction: Instruction): string {
  switch (instruction.op) {
    case 'field_renamed':
      return `${code(`${instruction.schema}.${instruction.from}`)} renamed to ${code(instruction.to)}`;
    case 'field_added':
      return instruction.upgradeDefault === undefined
        ? `${code(`${instruction.schema}.${instruction.field}`)} added`
        : `${code(`${instruction.schema}.${instruction.field}`)} added (${code(JSON.stringify(instruction.upgradeDefault))} when an older body is upgraded)`;
    case 'enum_value_added':
      return `${code(instruction.value)} added to ${code(instruction.schema)}`;
    case 'param_renamed':
      return `${parameterKind(instruction.in)} ${code(instruction.from)} of ${list(instruction.operations)} renamed to ${code(instruction.to)}`;
    case 'param_added':
      return `${parameterKind(instruction.in)} ${code(instruction.name)} added to ${list(instruction.operations)}`;
    case 'rule_added':
      return `rule ${code(instruction.rule)} applies to ${code(instruction.schema)}`;
    case 'field_deprecated':
      return `${code(`${instruction.schema}.${instruction.field}`)} deprecated${instruction.use ? ` in favour of ${code(instruction.use)}` : ''}`;
  }
}

/** Markdown for CHANGELOG-API.md: one section per ledger date, newest first. */
export function renderChangelog(ledger: readonly VersionChange[] = defaultLedger): string {
  const lines: string[] = [
    '<!-- Generated from the API ledger. Do not edit: change the ledger and emit again. -->',
    '',
    '# API changelog',
    '',
    'Each section is a dated version of the API, newest first. A client pinned to an older date keeps',
    'the shapes of that date: its requests and responses are translated to and from the newest shape.',
  ];
  for (const change of [...ledger].reverse()) {
    lines.push('', `## ${change.date} — ${change.name}`, '', change.description, '');
    for (const instruction of change.instructions) lines.push(`- ${describeInstruction(instruction)}`);
  }
  const first = ledger[0];
  if (first) lines.push('', '## baseline', '', `The API as it was before ${first.date}.`);
  return `${lines.join('\n')}\n`;
}
