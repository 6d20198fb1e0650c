// The suite's children run built (scripts/built.mjs): the suite and the mock and schema it imports.
import { builtFor } from '../../../../scripts/built.mjs';

export const built = builtFor(['conformance', 'mock', 'schema']);

/** The media-conformance command as users run it. */
export const conformanceBin = (): string => built('conformance/bin/media-conformance.js');

/** The media-mock command as users run it. */
export const mockBin = (): string => built('mock/bin/media-mock.js');
