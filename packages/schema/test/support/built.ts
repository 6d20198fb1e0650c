// The schema's children run built (scripts/built.mjs): it imports no other workspace package.
import { builtFor } from '../../../../scripts/built.mjs';

export const built = builtFor(['schema']);

/** The media-validate command as users run it. */
export const validateBin = (): string => built('schema/bin/media-validate.js');
