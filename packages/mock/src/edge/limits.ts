// Sizes the mocks accept. The API documents no limit; these keep one request from filling the
// memory of a mock (an unbounded body was accepted at 400 MB), and are far above any request the
// contract describes (a generation batch is a few kilobytes).

/** Largest JSON request body, in bytes; larger ones are answered 413. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** Largest file accepted at a sandbox upload URL, in bytes; larger ones are answered 413. */
export const MAX_UPLOAD_BYTES = 32 * 1024 * 1024;
