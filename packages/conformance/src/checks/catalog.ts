// The checks of the suite: one id, a one-line description and a severity each. Every check is
// reported per operation; the ids are what `--only` and `--skip` take and what the reports show.
import { type OperationSpec, operationList } from '@mediagen/schema';

export type Severity = 'critical' | 'error' | 'warning';
/**
 * `response`: judged on every response the run receives. `auth`, `data`: judged on requests sent
 * for them. `stateful`: sequences of requests that need a target that keeps state.
 */
export type CheckCategory = 'response' | 'auth' | 'data' | 'stateful';

export interface CheckDefinition {
  id: CheckId;
  description: string;
  severity: Severity;
  category: CheckCategory;
  /** Whether the check means anything for this operation (a grid cell exists). */
  appliesTo(op: OperationSpec): boolean;
}

export const CHECK_IDS = [
  'status_code_conformance',
  'content_type_conformance',
  'envelope_conformance',
  'response_schema_conformance',
  'renamed_fields',
  'pagination_conformance',
  'auth_required',
  'ignored_auth',
  'negative_data_rejection',
  'positive_data_acceptance',
  'ensure_resource_availability',
  'use_after_free',
  'lifecycle_terminal',
  'credits_arithmetic',
] as const;
export type CheckId = (typeof CHECK_IDS)[number];

const all = () => true;
const among = (...ids: string[]) => (op: OperationSpec) => ids.includes(op.operationId);


/** Operations that take input the contract constrains: a body, or a query with rules. */
export function hasConstrainedInput(op: OperationSpec): boolean {
  return op.body !== undefined || (op.query !== undefined && Object.keys(op.query.shape).length > 0);
}

export const CHECKS: readonly CheckDefinition[] = [
  {
    id: 'status_code_conformance',
    description: 'The status code is one the document declares for the operation.',
    severity: 'error',
    category: 'response',
    appliesTo: all,
  },
  {
    id: 'content_type_conformance',
    description: 'The response carries the documented content type (application/json).',
    severity: 'error',
    category: 'response',
    appliesTo: all,
  },
  {
    id: 'envelope_conformance',
    description: 'Success bodies carry `data`; failures carry `err = { code, message }`.',
    severity: 'error',
    category: 'response',
    appliesTo: all,
  },
  {
    id: 'response_schema_conformance',
    description: "The body parses with the schema package (the operation's success envelope or ErrorEnvelope).",
    severity: 'error',
    category: 'response',
    appliesTo: all,
  },
  {
    id: 'renamed_fields',
    description: 'Current names (media, dim, type, media_id) are used; legacy names (images, size, image_size, image_id) are gone.',
    severity: 'error',
    category: 'response',
    appliesTo: (op) => op.carriesMedia,
  },
  {
    id: 'pagination_conformance',
    description: 'Paged listings honour page and page_size (at most page_size items; pagination echoes the request).',
    severity: 'error',
    category: 'stateful',
    appliesTo: (op) => op.paged,
  },
  {
    id: 'auth_required',
    description: 'A request without X-API-KEY is rejected with 401 and an error envelope.',
    severity: 'critical',
    category: 'auth',
    appliesTo: all,
  },
  {
    id: 'ignored_auth',
    description: 'A request with a wrong X-API-KEY is rejected with 401 and an error envelope.',
    severity: 'critical',
    category: 'auth',
    appliesTo: all,
  },
  {
    id: 'negative_data_rejection',
    description: 'Requests that break a rule of the contract are rejected with an enveloped 4xx error.',
    severity: 'error',
    category: 'data',
    appliesTo: hasConstrainedInput,
  },
  {
    id: 'positive_data_acceptance',
    description: 'Requests the contract allows (examples, boundary values, generated ones) are accepted.',
    severity: 'error',
    category: 'data',
    appliesTo: all,
  },
  {
    id: 'ensure_resource_availability',
    description: 'What was just created can be read back (create → get, create → list).',
    severity: 'error',
    category: 'stateful',
    appliesTo: among('generateMedia', 'getGeneration', 'getMedia', 'listGenerations', 'uploadAssetV2', 'getAssetV2', 'createCharacter', 'listCharacters'),
  },
  {
    id: 'use_after_free',
    description: 'After deleting one media item its siblings remain and it is gone; a deleted generation is gone.',
    severity: 'critical',
    category: 'stateful',
    appliesTo: among('deleteMedia', 'deleteGeneration'),
  },
  {
    id: 'lifecycle_terminal',
    description: 'Media move initiated → pending → success | failed, never back, and reach a terminal status.',
    severity: 'error',
    category: 'stateful',
    appliesTo: among('generateMedia', 'getMedia', 'getGeneration'),
  },
  {
    id: 'credits_arithmetic',
    description: 'Estimates are consistent with the balance: remaining = balance − estimate; a cost above the balance is refused with 402.',
    severity: 'error',
    category: 'stateful',
    appliesTo: among('estimateGeneration', 'generateMedia'),
  },
];

export const checksById: Readonly<Record<CheckId, CheckDefinition>> = Object.fromEntries(CHECKS.map((c) => [c.id, c])) as Record<
  CheckId,
  CheckDefinition
>;

export function isCheckId(value: string): value is CheckId {
  return (CHECK_IDS as readonly string[]).includes(value);
}

/** The (operation, check) cells of the grid for a selection of checks. */
export function gridCells(selected: readonly CheckId[], ops: readonly OperationSpec[] = operationList): { operationId: string; check: CheckId }[] {
  const cells: { operationId: string; check: CheckId }[] = [];
  for (const op of ops) for (const id of selected) if (checksById[id].appliesTo(op)) cells.push({ operationId: op.operationId, check: id });
  return cells;
}
