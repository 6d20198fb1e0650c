// Emission entry point (`@mediagen/schema/openapi`): build the newest document, emit every file.
export * from './document.js';
export * from './files.js';
