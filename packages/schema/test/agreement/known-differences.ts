// The one list of rules on which the zod schemas and the emitted JSON Schema may disagree, because
// JSON Schema (as parsed from JSON in JavaScript) cannot say them. Every disagreement the property
// test finds must be explained by an entry here; anything else fails the test.
//
// Context rules (plan batch maximum, LoRA base model, input aspect ratio, narrator video limits) are
// not listed: they are not part of either schema, only of `checkGenerationRequest` with a context.

export interface KnownDifference {
  id: string;
  why: string;
  /** True when the value contains what makes the two validators differ. */
  applies: (value: unknown) => boolean;
}

const anyNumber = (value: unknown, test: (n: number) => boolean): boolean => {
  if (typeof value === 'number') return test(value);
  if (Array.isArray(value)) return value.some((v) => anyNumber(v, test));
  if (value && typeof value === 'object') return Object.values(value).some((v) => anyNumber(v, test));
  return false;
};

export const knownDifferences: KnownDifference[] = [
  {
    id: 'unsafe_integer',
    why:
      'zod rejects integers beyond ±(2^53 − 1); JSON Schema has no such bound, and such a number has already ' +
      'lost precision when JavaScript parsed it, so accepting it would send a different number than the caller wrote.',
    applies: (value) => anyNumber(value, (n) => Number.isInteger(n) && !Number.isSafeInteger(n)),
  },
];
