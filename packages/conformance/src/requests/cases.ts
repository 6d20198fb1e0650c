// The hand-written request cases: for every operation with constrained input, one invalid request
// per rule of the contract (negative_data_rejection) and the boundary-valid ones beside them
// (positive_data_acceptance). Which candidates are negatives is the schema package's word: a body it
// rejects breaks a rule; one it only warns about (an unknown field, a narrator with both inputs)
// breaks none, and is sent as a tolerance probe, where nothing but a 5xx can be wrong.
import type { OperationId, OperationSpec } from '@mediagen/schema';
import { type Basis, breachBasis, ruleBasis } from '../model/basis.js';
import { type Fixtures, generationContext } from './fixtures.js';
import { FLUX, invalidGenerationBodies, validGenerationBodies } from './generation-bodies.js';

export interface RequestCase {
  operationId: OperationId;
  label: string;
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: unknown;
  /** A body that is not even JSON-encodable as a value we build (sent verbatim). */
  rawBody?: string;
  /** What the case breaks, when not derived from the schema's issues (see model/basis.ts). */
  basis?: Basis;
}

/** Paged listing query cases. */
function pageQueryCases(id: OperationId): { negative: RequestCase[]; positive: RequestCase[] } {
  return {
    negative: [
      { operationId: id, label: 'page_size 51 (maximum 50)', query: { page_size: 51 } },
      { operationId: id, label: 'page_size 0 (minimum 1)', query: { page_size: 0 } },
      { operationId: id, label: 'page 0 (minimum 1)', query: { page: 0 } },
      { operationId: id, label: 'page "first" (not a number)', query: { page: 'first' } },
      { operationId: id, label: 'page_size 2.5 (whole number)', query: { page_size: 2.5 } },
    ],
    positive: [
      { operationId: id, label: 'page_size 1 (minimum)', query: { page: 1, page_size: 1 } },
      { operationId: id, label: 'page_size 50 (maximum)', query: { page: 1, page_size: 50 } },
      { operationId: id, label: 'page 2, page_size 1', query: { page: 2, page_size: 1 } },
    ],
  };
}

export interface OperationCases {
  /** Requests that break a rule of the contract: each must not be served. */
  negative: RequestCase[];
  positive: RequestCase[];
  /** Requests the contract allows with a warning: any answer but a 5xx is acceptable. */
  probes: RequestCase[];
}

/** The hand-written cases of one operation (examples and boundaries positive; one per rule negative). */
export function casesFor(operation: OperationSpec, fixtures: Fixtures): OperationCases {
  const { negative: candidates, positive } = candidatesFor(operation, fixtures);
  const context = generationContext(fixtures);
  const negative: RequestCase[] = [];
  const probes: RequestCase[] = [];
  for (const c of candidates) {
    const breaks = c.basis ?? breachBasis(operation, { body: c.body, ...(c.query ? { query: c.query } : {}) }, context);
    (breaks ? negative : probes).push(c);
  }
  return { negative, positive, probes };
}

function characterCases(id: OperationId, fixtures: Fixtures): { negative: RequestCase[]; positive: RequestCase[] } {
  const valid = { asset_id: fixtures.imageAssetId ?? 'ast_123abc', character_type: 'realistic', prompt: 'a female, european, 25 years old, slim' };
  const name = (suffix: string) => `conformance_${fixtures.runTag}_${suffix}`;
  const negative: RequestCase[] = [
    { operationId: id, label: 'character_type "Realistic" (case-sensitive)', body: { ...valid, name: name('x1'), character_type: 'Realistic' } },
    { operationId: id, label: 'name missing', body: valid },
    { operationId: id, label: 'empty prompt', body: { ...valid, name: name('x2'), prompt: '' } },
    { operationId: id, label: 'unknown field "age"', body: { ...valid, name: name('x3'), age: 25 } },
    { operationId: id, label: 'empty object', body: {} },
  ];
  // A name the account already has: the docs say names are unique among the caller's characters.
  if (fixtures.characterName) {
    negative.push({
      operationId: id,
      label: `name "${fixtures.characterName}" that already exists`,
      body: { ...valid, name: fixtures.characterName },
      basis: ruleBasis('unique_character_name'),
    });
  }
  return {
    negative,
    positive: [
      { operationId: id, label: 'example (unique name)', body: { ...valid, name: name('1') } },
      { operationId: id, label: 'character_type "stylized"', body: { ...valid, character_type: 'stylized', name: name('2') } },
    ],
  };
}

function uploadCases(operation: OperationSpec): { negative: RequestCase[]; positive: RequestCase[] } {
  const id = operation.operationId;
  const query = operation.exampleQuery ? { query: operation.exampleQuery } : {};
  const positive: RequestCase[] = [
    { operationId: id, label: 'example', body: { size: { height: 512, width: 512 } }, ...query },
    { operationId: id, label: 'size 1×1 (minimum)', body: { size: { height: 1, width: 1 } }, ...query },
  ];
  const negative: RequestCase[] = [
    { operationId: id, label: 'size.width 0 (minimum 1)', body: { size: { height: 512, width: 0 } }, ...query },
    { operationId: id, label: 'size.height 1.5 (whole number)', body: { size: { height: 1.5, width: 512 } }, ...query },
    { operationId: id, label: 'size missing', body: {}, ...query },
    { operationId: id, label: 'unknown field "name"', body: { size: { height: 512, width: 512 }, name: 'x.png' }, ...query },
  ];
  if (operation.query && 'type' in operation.query.shape) {
    positive.push({ operationId: id, label: 'type "video"', query: { type: 'video' }, body: { size: { height: 1280, width: 768 } } });
    negative.push(
      { operationId: id, label: 'type "IMAGE" (case-sensitive)', query: { type: 'IMAGE' }, body: { size: { height: 512, width: 512 } } },
      { operationId: id, label: 'type "pdf" (not an asset type)', query: { type: 'pdf' }, body: { size: { height: 512, width: 512 } } },
    );
  }
  return { negative, positive };
}

function queryCases(operation: OperationSpec): { negative: RequestCase[]; positive: RequestCase[] } {
  const id = operation.operationId;
  const negative: RequestCase[] = [];
  const positive: RequestCase[] = [];
  const shape = operation.query?.shape ?? {};
  if ('page_size' in shape) {
    const pages = pageQueryCases(id);
    negative.push(...pages.negative);
    positive.push(...pages.positive);
  }
  if ('type' in shape) {
    negative.push({ operationId: id, label: 'type "SDXL" (case-sensitive)', query: { type: 'SDXL' } });
    positive.push({ operationId: id, label: 'type "flux"', query: { type: FLUX } });
  }
  if ('status' in shape) {
    negative.push({ operationId: id, label: 'status "done" (not a filter value)', query: { status: 'done' } });
    negative.push({ operationId: id, label: 'status "Success" (case-sensitive)', query: { status: 'Success' } });
    positive.push({ operationId: id, label: 'status "success"', query: { status: 'success' } });
  }
  return { negative, positive };
}

function candidatesFor(operation: OperationSpec, fixtures: Fixtures): { negative: RequestCase[]; positive: RequestCase[] } {
  const id = operation.operationId;
  if (operation.generationBody) {
    return {
      negative: invalidGenerationBodies(fixtures).map((c) => ({ operationId: id, ...c })),
      positive: validGenerationBodies(fixtures).map((c) => ({ operationId: id, ...c })),
    };
  }
  if (operation.creates?.kind === 'character') return characterCases(id, fixtures);
  if (operation.creates?.kind === 'asset') return uploadCases(operation);
  if (operation.deletes && 'bodyList' in operation.deletes.from) {
    const list = operation.deletes.from.bodyList;
    return {
      negative: [
        { operationId: id, label: `${list} [] (at least one)`, body: { [list]: [] } },
        { operationId: id, label: `${list} missing`, body: {} },
        { operationId: id, label: `${list} [1] (strings)`, body: { [list]: [1] } },
      ],
      positive: [],
    };
  }
  return queryCases(operation);
}
