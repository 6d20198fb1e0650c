// The OpenAPI documents the mocks serve, found through the schema package's exports (never by a
// path into its folder): the newest at `@mediagen/schema/openapi.json`, each API version at
// `@mediagen/schema/versions/<key>.json`.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { DocumentNotFoundError } from './errors.js';
import { versionAt } from './versions.js';

const require = createRequire(import.meta.url);

export interface DocumentRef {
  /** Absolute path of the JSON document. */
  path: string;
  /** `latest`, `baseline` or a ledger date. */
  version: string;
  /** The package export it was resolved from. */
  specifier: string;
}

function resolveExport(specifier: string): string {
  let path: string;
  try {
    path = require.resolve(specifier);
  } catch (error) {
    throw new DocumentNotFoundError(specifier, `the schema package does not provide it (${(error as Error).message.split('\n')[0]})`);
  }
  if (!existsSync(path)) throw new DocumentNotFoundError(specifier, 'the file is missing; run the schema package\u2019s `emit`');
  return path;
}

/** The newest document, or the one in effect on `at` (YYYY-MM-DD or `baseline`). */
export function documentFor(at?: string): DocumentRef {
  if (at === undefined) {
    const specifier = '@mediagen/schema/openapi.json';
    return { path: resolveExport(specifier), version: 'latest', specifier };
  }
  const version = versionAt(at);
  const specifier = `@mediagen/schema/versions/${version}.json`;
  return { path: resolveExport(specifier), version, specifier };
}

/** A document given by path (any OpenAPI file). */
export function documentAtPath(path: string): DocumentRef {
  const absolute = resolve(path);
  if (!existsSync(absolute)) throw new DocumentNotFoundError(path, 'no such file');
  return { path: absolute, version: 'custom', specifier: path };
}

/** The API version a document is of (its `info.x-api-version`, a ledger key), or undefined for one that does not say. */
export function documentVersion(document: Record<string, unknown>): string | undefined {
  const info = document.info as { 'x-api-version'?: unknown } | undefined;
  const declared = info?.['x-api-version'];
  if (typeof declared !== 'string') return undefined;
  try {
    return versionAt(declared);
  } catch {
    return undefined;
  }
}

/** The parsed document (JSON or YAML); DocumentNotFoundError when it cannot be read as either. */
export function readDocument(ref: DocumentRef): Record<string, unknown> {
  try {
    const parsed: unknown = parseYaml(readFileSync(ref.path, 'utf8'));
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as Record<string, unknown>;
  } catch (error) {
    throw new DocumentNotFoundError(ref.specifier, `not readable as JSON or YAML (${(error as Error).message.split('\n')[0]})`);
  }
}
