// The `--context` file of media-validate, validated before use: a typo or a wrong shape in it is a
// clear, path-precise error (exit 2), never a crash and never a rule silently skipped.
import type { GenerationContext } from '../rules/check.js';
import { type Issue, validate } from '../rules/issues.js';
import { z } from '../zod.js';

const dimension = z.number().positive().finite();

const InputMetadata = z.strictObject({
  width: dimension,
  height: dimension,
  frames: z.number().min(0).finite().optional(),
  duration: z.number().min(0).finite().optional(),
});

const CatalogueItem = z.looseObject({ name: z.string(), base_model: z.string() });

export const ContextFile = z.strictObject({
  plan: z.strictObject({ maxBatchSize: z.int().min(1), name: z.string().optional() }).optional(),
  catalogue: z
    .strictObject({ models: z.array(CatalogueItem).optional(), styles: z.array(CatalogueItem).optional(), loras: z.array(CatalogueItem).optional() })
    .optional(),
  inputs: z.record(z.string(), InputMetadata).optional(),
});

/** The context, or the issues that make it unusable (paths prefixed with `context`). */
export function parseContext(value: unknown): { context: GenerationContext } | { errors: Issue[] } {
  const result = validate(ContextFile, value, ['context']);
  return result.success ? { context: result.data as GenerationContext } : { errors: result.errors };
}
