// The presigned upload URLs the sandbox hands out, and the type it serves stored files with. An
// upload URL carries a token drawn for that asset from the runtime's cryptographic random source
// (never from the seed, which is public), as a storage service's presigned URL carries a signature:
// only a URL the sandbox issued can write a file, and fixtures, which were never issued one, cannot
// be written at all.
import { type AssetTypeValue, defaultUploadContentType, UPLOAD_CONTENT_TYPES } from '@mediagen/schema/util';

/** A fresh upload token: 128 random bits, hex. */
export function newUploadToken(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Compares two tokens in time independent of where they differ. */
export function sameToken(given: string | undefined, expected: string | undefined): boolean {
  if (given === undefined || expected === undefined || given.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < given.length; i++) diff |= given.charCodeAt(i) ^ expected.charCodeAt(i);
  return diff === 0;
}

export function uploadUrl(origin: string, assetId: string, token: string): string {
  return `${origin}/uploads/${encodeURIComponent(assetId)}?signature=${token}`;
}

/**
 * The type a stored file is served with: the one declared at upload when the contract lists it for
 * the asset's kind, else the kind's default. Whatever was uploaded is never served as HTML or script.
 */
export function servedType(kind: AssetTypeValue, declared: string | undefined): string {
  const essence = declared?.split(';')[0]?.trim().toLowerCase();
  const listed: readonly string[] = UPLOAD_CONTENT_TYPES[kind];
  return essence !== undefined && listed.includes(essence) ? essence : defaultUploadContentType(kind);
}
