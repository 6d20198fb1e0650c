// The mock's children run built (scripts/built.mjs): the mock and the schema it imports.
import { builtFor } from '../../../scripts/built.mjs';

export const built = builtFor(['mock', 'schema']);

/** The media-mock command as users run it. */
export const mockBin = (): string => built('mock/bin/media-mock.js');
