// Fixture uploads: a slot from upload v2, then real bytes sent to its upload URL (a PNG of the size
// asked for, a playable WebM of a known frame rate, some audio bytes), so the asset is a usable input.

import { deflateSync } from 'node:zlib';
import { makeWebm } from '@mediagen/mock/sandbox';
import { type AssetTypeValue, operations } from '@mediagen/schema';
import { isObject, makePng } from '@mediagen/schema/util';
import { served } from '../../checks/response.js';
import { dataOf } from '../../model/exchange.js';
import { putBytes } from '../../plumbing/http.js';
import type { PhaseContext } from '../context.js';

const { uploadAssetV2 } = operations;

type FixtureFile = { readonly bytes: Uint8Array<ArrayBuffer>; readonly contentType: string };

/** Files made so far, by kind, size and rate: every run uploads the same few, so each is made once (only ever read). */
const made = new Map<string, FixtureFile>();
/** Distinct files kept; past it the oldest is made again when asked for. */
const MAX_MADE = 32;

/** The bytes a fixture upload sends, and their content type: a real PNG, a real WebM, or some audio bytes. */
function fileFor(type: AssetTypeValue, width: number, height: number, fps: number): FixtureFile {
  const key = `${type} ${width}×${height} ${fps}`;
  let file = made.get(key);
  if (!file) {
    file = makeFile(type, width, height, fps);
    made.set(key, file);
    if (made.size > MAX_MADE) made.delete(made.keys().next().value!);
  }
  return file;
}

function makeFile(type: AssetTypeValue, width: number, height: number, fps: number): FixtureFile {
  // Compressed (a flat fill is a few kilobytes): the same pixels, without sending megabytes.
  if (type === 'image') return { bytes: makePng({ width, height, deflate: (raw) => deflateSync(raw) }), contentType: 'image/png' };
  if (type === 'video') return { bytes: makeWebm({ fps, frames: fps, landscape: width > height, size: { width, height } }), contentType: 'video/webm' };
  return { bytes: new Uint8Array(256).fill(7), contentType: 'audio/mpeg' };
}

/** Uploads an asset of this kind and size (slot, then the bytes); its id or undefined. */
export async function uploadAsset(run: PhaseContext, width: number, height: number, type: AssetTypeValue = 'image', fps = 5): Promise<string | undefined> {
  const { exchange } = await run.exercise(
    { operationId: uploadAssetV2.operationId, label: `fixture ${type} asset ${width}×${height}`, query: { type }, body: { size: { height, width } } },
    'setup',
    'accept',
  );
  const data = dataOf(exchange);
  if (!served(exchange) || !isObject(data) || typeof data.id !== 'string') return undefined;
  if (typeof data.upload_url === 'string') {
    const { bytes, contentType } = fileFor(type, width, height, fps);
    try {
      await putBytes(data.upload_url, bytes, contentType, 15_000);
    } catch {
      run.note(`could not send the bytes of fixture asset ${data.id} to its upload URL`);
    }
  }
  if (type === 'image') run.fixtures.inputs[data.id] = { width, height };
  return data.id;
}
