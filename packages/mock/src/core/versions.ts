// Which API version a mock speaks: any date, or `baseline`, resolved to the ledger's version key.
// The transform plan that converts bodies between versions is the one the schema package compiles.
import { resolveVersion } from '@mediagen/schema';

export class InvalidVersionError extends Error {
  readonly code = 'invalid_version';
  constructor(message: string) {
    super(message);
    this.name = 'InvalidVersionError';
  }
}

/** `at` (any YYYY-MM-DD, or `baseline`) to the version key in effect that day. */
export function versionAt(at: string): string {
  try {
    return resolveVersion(at);
  } catch (error) {
    throw new InvalidVersionError((error as Error).message);
  }
}
