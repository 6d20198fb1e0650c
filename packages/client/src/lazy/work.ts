// The chunk loaded by `loadWork()` (load.ts): waiting, uploading, paging.
export { pages } from './pages.js';
export { uploadFile } from './upload.js';
export { waitForGeneration } from './wait.js';
