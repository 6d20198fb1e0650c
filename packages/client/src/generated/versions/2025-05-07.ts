// GENERATED FILE: do not edit. It is rewritten by `pnpm generate` (scripts/generate.ts) in
// packages/client from the 2025-05-07 document of @mediagen/schema (openapi/versions/2025-05-07.json), and a test fails when it drifts.
// Types of the API as of version 2025-05-07: the newest version's.
export type * from '../paths.js';
