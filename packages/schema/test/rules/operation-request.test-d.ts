// checkOperationRequest's types, as a consumer sees them (checked by vitest's typecheck).
import { describe, expectTypeOf, it } from 'vitest';
import type { OperationSpec } from '../../src/operations.js';
import type { OperationRoute } from '../../src/routes.js';
import type { GenerationContext } from '../../src/rules/check.js';
import type { Issue } from '../../src/rules/issues.js';
import {
  checkOperationRequest,
  type OperationRequestOptions,
  type OperationRequestParts,
  type OperationRequestResult,
  type OperationRequestValue,
} from '../../src/rules/operation-request.js';

describe('types', () => {
  it('are exported as written', () => {
    expectTypeOf(checkOperationRequest).parameters.toEqualTypeOf<[OperationSpec, OperationRequestParts, OperationRequestOptions?]>();
    expectTypeOf(checkOperationRequest).returns.toEqualTypeOf<OperationRequestResult>();
    expectTypeOf<OperationRequestResult['errors']>().toEqualTypeOf<Issue[]>();
    expectTypeOf<OperationRequestResult['value']>().toEqualTypeOf<OperationRequestValue | undefined>();
    expectTypeOf<OperationRequestOptions['context']>().toEqualTypeOf<GenerationContext | undefined>();
    // What the router and a URL give fits as they are.
    expectTypeOf<{ params: OperationRoute['params']; query: Record<string, string>; body: unknown }>().toExtend<OperationRequestParts>();
  });
});
