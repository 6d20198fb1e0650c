// @mediagen/client/validation: request checks built on the schema package (zod). Kept out of the
// core entry so a client that does not validate stays small:
//   createClient({ apiKey, validator: schemaValidator() })
import { checkOperationRequest, type GenerationContext, operationById } from '@mediagen/schema';
import type { OperationId, RequestParts, RequestValidator, ValidationOutcome } from '../types.js';

export interface SchemaValidatorOptions {
  /**
   * Facts for the generation rules that need them (the caller's plan, catalogue listings, input
   * metadata). Rules whose facts are missing are skipped, as `checkGenerationRequest` does.
   */
  context?: GenerationContext;
}

/**
 * Checks path parameters, query and body of a request with the schema package's
 * `checkOperationRequest`: a generation request (generate, estimate) gets every generation rule;
 * fields the contract does not name come back as warnings, with a did-you-mean.
 */
export function schemaValidator(options: SchemaValidatorOptions = {}): RequestValidator {
  return {
    validate(operationId: OperationId, request: RequestParts): ValidationOutcome {
      const op = operationById(operationId);
      if (!op) return { errors: [], warnings: [] };
      // The parts are the whole request about to be sent: what is left out is not sent.
      const { errors, warnings } = checkOperationRequest(op, request, { context: options.context, whole: true });
      return { errors, warnings };
    },
  };
}

export type { GenerationContext };
