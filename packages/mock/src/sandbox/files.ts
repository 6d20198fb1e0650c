// The bytes the sandbox serves at its media URLs: a real PNG for a finished image (the schema
// package's builder) and a real WebM for a video (webm.ts), made on first request. Made files are
// kept up to a byte budget, oldest dropped first: a dropped file is made again byte for byte (its
// colours come from its id), so the budget bounds memory without changing an answer. Deleting a
// media item drops its file.
import { type Deflate, makePng } from '@mediagen/schema/util';
import { hashString, mulberry32 } from './rng.js';
import type { MediaRecord } from './store.js';
import { makeWebm } from './webm.js';

/** The file of a media item, made from its record alone. */
export function makeMediaFile(media: MediaRecord, deflate?: Deflate): Uint8Array {
  if (media.type === 'video') {
    return makeWebm({ landscape: media.dim.width > media.dim.height, fps: 5, frames: Math.max(1, Math.min(25, Math.round((media.duration ?? 1) * 5))) });
  }
  // A thumbnail with the item's aspect ratio, at most 64 pixels on its long side.
  const scale = 64 / Math.max(media.dim.width, media.dim.height, 1);
  const random = mulberry32(hashString(media.id));
  const colour = (): [number, number, number] => [0, 0, 0].map(() => Math.floor(random() * 256)) as [number, number, number];
  return makePng({
    width: Math.max(1, Math.round(media.dim.width * scale)),
    height: Math.max(1, Math.round(media.dim.height * scale)),
    from: colour(),
    to: colour(),
    ...(deflate ? { deflate } : {}),
  });
}

export class MediaFiles {
  private readonly kept = new Map<string, Uint8Array>();
  private bytes = 0;

  constructor(
    private readonly budgetBytes: number,
    private readonly deflate?: Deflate,
  ) {}

  /** The bytes of a finished media item. */
  fileOf(media: MediaRecord): Uint8Array {
    const found = this.kept.get(media.id);
    if (found) return found;
    const made = makeMediaFile(media, this.deflate);
    this.kept.set(media.id, made);
    this.bytes += made.length;
    // Maps iterate in insertion order: the first entries are the oldest.
    for (const [id, file] of this.kept) {
      if (this.bytes <= this.budgetBytes) break;
      this.kept.delete(id);
      this.bytes -= file.length;
    }
    return made;
  }

  forget(mediaId: string): void {
    const file = this.kept.get(mediaId);
    if (!file) return;
    this.kept.delete(mediaId);
    this.bytes -= file.length;
  }

  /** Bytes of files kept now. */
  get heldBytes(): number {
    return this.bytes;
  }
}
