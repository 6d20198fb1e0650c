// @mediagen/client/validation: request checks built on the schema package (zod). Kept out of the
// core entry so a client that does not validate stays small:
//   createClient({ apiKey, validator: schemaValidator() })
import { checkGenerationRequest, checkRequestBody, type GenerationContext, type Issue, operationById, validate } from '@mediagen/schema';
import type { OperationId, RequestParts, RequestValidator, ValidationOutcome } from '../types.js';

export interface SchemaValidatorOptions {
  /**
   * Facts for the generation rules that need them (the caller's plan, catalogue listings, input
   * metadata). Rules whose facts are missing are skipped, as `checkGenerationRequest` does.
   */
  context?: GenerationContext;
}

/** Checks path parameters, query and body of a request against the operations table. */
export function schemaValidator(options: SchemaValidatorOptions = {}): RequestValidator {
  return {
    validate(operationId: OperationId, request: RequestParts): ValidationOutcome {
      const op = operationById(operationId);
      const errors: Issue[] = [];
      const warnings: Issue[] = [];
      if (!op) return { errors, warnings };
      if (op.params) errors.push(...validate(op.params, request.params ?? {}).errors);
      if (op.query) errors.push(...validate(op.query, request.query ?? {}).errors);
      if (op.body) {
        // A generation request (generate, estimate) gets every generation rule, not just its schema.
        if (op.generationBody) {
          const result = checkGenerationRequest(request.body, options.context);
          errors.push(...result.errors);
          warnings.push(...result.warnings);
        } else {
          // Fields the contract does not name come back as warnings, with a did-you-mean.
          const result = checkRequestBody(op.body, request.body);
          errors.push(...result.errors);
          warnings.push(...result.warnings);
        }
      }
      return { errors, warnings };
    },
  };
}

export type { GenerationContext };
