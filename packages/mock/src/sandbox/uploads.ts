// The presigned upload URLs the sandbox hands out, and the type it serves stored files with. An
// upload URL carries a signature over the asset id (as a storage service's presigned URL does), so
// only a URL the sandbox issued can write a file: fixtures and guessed ids cannot be overwritten.
import { hashString } from './rng.js';

export function uploadSignature(seed: number, assetId: string): string {
  const part = (salt: string) => hashString(`${seed}:${salt}:${assetId}`).toString(16).padStart(8, '0');
  return `${part('upload')}${part('sign')}`;
}

export function uploadUrl(origin: string, seed: number, assetId: string): string {
  return `${origin}/uploads/${encodeURIComponent(assetId)}?signature=${uploadSignature(seed, assetId)}`;
}

const FALLBACK_TYPE = { image: 'image/png', video: 'video/mp4', audio: 'audio/mpeg' } as const;

/**
 * The type a stored file is served with: the one declared at upload when it is of the asset's kind
 * (`image/…` for an image asset), else the kind's default. Whatever was uploaded is never served as
 * HTML or script.
 */
export function servedType(kind: keyof typeof FALLBACK_TYPE, declared: string | undefined): string {
  const essence = declared?.split(';')[0]?.trim().toLowerCase();
  if (essence && /^[a-z]+\/[a-z0-9.+-]+$/.test(essence) && essence.startsWith(`${kind}/`) && !essence.includes('svg')) return essence;
  return FALLBACK_TYPE[kind];
}
