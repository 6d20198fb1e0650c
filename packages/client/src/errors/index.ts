// The error classes. Every error the client throws extends MediaGenError (base.ts); failures the
// service answered with a status extend ApiError (api.ts); a refused request's issues are read in
// issues.ts.
export * from './api.js';
export * from './base.js';
export * from './issues.js';
