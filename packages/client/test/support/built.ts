// The client's children run built (scripts/built.mjs): the client and the schema it imports.
import { builtFor } from '../../../../scripts/built.mjs';

export const built = builtFor(['client', 'schema']);
