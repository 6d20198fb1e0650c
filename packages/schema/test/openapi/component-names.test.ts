// Component names never collide with the names code generators derive per operation: hey-api writes
// `<Op>Data`, `<Op>Response(s)`, `<Op>Error(s)`; orval `<Op>Body`, `<Op>Params`, `<Op><status>`,
// `<Op>Result`. A component with one of those names is renamed or clobbered by the generator.
import { describe, expect, it } from 'vitest';
import { documentsByVersion } from '../../src/ledger/index.js';
import { operationList } from '../../src/operations.js';
import { newest } from '../support/documents.js';

const documents = { newest, ...documentsByVersion(newest) };

const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);
const SUFFIXES = [
  'Data',
  'Response',
  'Responses',
  'Error',
  'Errors',
  'Body',
  'Params',
  'PathParams',
  'QueryParams',
  'Result',
  'MutationBody',
  'MutationResult',
  'QueryResult',
  'QueryError',
  'MutationError',
];

describe('component names', () => {
  it.each(Object.entries(documents))('%s: none is a name a generator derives from an operation', (_, doc: any) => {
    const derived = new Set<string>();
    for (const op of operationList) {
      const base = pascal(op.operationId);
      derived.add(base);
      for (const suffix of SUFFIXES) derived.add(`${base}${suffix}`);
      const emitted = doc.paths[op.path]?.[op.method];
      for (const status of Object.keys(emitted?.responses ?? {})) derived.add(`${base}${status}`);
    }
    const clashes = Object.values<Record<string, unknown>>(doc.components).flatMap((group) => Object.keys(group).filter((name) => derived.has(name)));
    expect(clashes).toEqual([]);
  });
});
