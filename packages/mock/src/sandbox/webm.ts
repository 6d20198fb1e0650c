// The bytes the sandbox serves for a finished video: a real WebM (EBML header, segment info, one VP8
// track, one cluster of frames), built here (images are the schema package's PNGs, see files.ts).
// Plain arrays only, so the module runs on any JavaScript runtime.
import { concatBytes } from '@mediagen/schema/util';

const ascii = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));

const base64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

/**
 * A tiny VP8 stream: one key frame and a repeatable inter frame of a flat blue picture, 48×80
 * (portrait, 3:5) or 80×48 (landscape, 5:3). Only the container is assembled at run time.
 */
const VP8 = {
  portrait: {
    width: 48,
    height: 80,
    key: base64('cAMAnQEqMABQAABHCIWFiIWEiAICAnWqA/gCBu7GRgF0x1f+AP75Ns//rzL68y+vMv+vMv/u837eb9vN/vyA'),
    inter: base64('0QEAARAQABgAGFgv9AAIlgAA'),
  },
  landscape: {
    width: 80,
    height: 48,
    key: base64('cAMAnQEqUAAwAABHCIWFiIWEiAICAnWqA/gCBu7GRgF0x1f+AP75Ns//rzL68y+vMv+vMv/u837eb9vN/vyA'),
    inter: base64('0QEAARAQABgAGFgv9AAIhwAA'),
  },
} as const;

/** EBML variable-length size (8-byte form for simplicity above 2^21). */
function vint(size: number): Uint8Array {
  for (let length = 1; length <= 4; length++) {
    if (size < 2 ** (7 * length) - 1) {
      const out = new Uint8Array(length);
      let value = size;
      for (let i = length - 1; i >= 0; i--) {
        out[i] = value & 0xff;
        value = Math.floor(value / 256);
      }
      out[0]! |= 1 << (8 - length);
      return out;
    }
  }
  throw new RangeError('element too large');
}

function element(id: number, payload: Uint8Array): Uint8Array {
  const idBytes: number[] = [];
  for (let v = id; v > 0; v = Math.floor(v / 256)) idBytes.unshift(v & 0xff);
  return concatBytes([Uint8Array.from(idBytes), vint(payload.length), payload]);
}

function uint(id: number, value: number): Uint8Array {
  const bytes: number[] = [];
  let v = value;
  do {
    bytes.unshift(v & 0xff);
    v = Math.floor(v / 256);
  } while (v > 0);
  return element(id, Uint8Array.from(bytes));
}

function float64(id: number, value: number): Uint8Array {
  const payload = new Uint8Array(8);
  new DataView(payload.buffer).setFloat64(0, value);
  return element(id, payload);
}

const text = (id: number, value: string) => element(id, ascii(value));
const master = (id: number, ...children: Uint8Array[]) => element(id, concatBytes(children));

function simpleBlock(timecode: number, frame: Uint8Array, key: boolean): Uint8Array {
  const header = Uint8Array.of(0x81, (timecode >> 8) & 0xff, timecode & 0xff, key ? 0x80 : 0x00);
  return element(0xa3, concatBytes([header, frame]));
}

export interface WebmOptions {
  /** Landscape (80×48) instead of portrait (48×80). */
  landscape?: boolean;
  /** Frames per second and number of frames; defaults 5 and 5 (one second). */
  fps?: number;
  frames?: number;
}

/** A playable WebM file (VP8 video, no audio). */
export function makeWebm({ landscape = false, fps = 5, frames = 5 }: WebmOptions = {}): Uint8Array<ArrayBuffer> {
  const stream = landscape ? VP8.landscape : VP8.portrait;
  const step = 1000 / Math.max(1, fps);
  // Block timecodes are signed 16-bit milliseconds from the cluster's start.
  const count = Math.max(1, Math.min(frames, Math.floor(32_000 / step) + 1));
  const blocks: Uint8Array[] = [];
  for (let i = 0; i < count; i++) blocks.push(simpleBlock(Math.round(i * step), i === 0 ? stream.key : stream.inter, i === 0));
  const header = master(
    0x1a45dfa3,
    uint(0x4286, 1), // EBMLVersion
    uint(0x42f7, 1), // EBMLReadVersion
    uint(0x42f2, 4), // EBMLMaxIDLength
    uint(0x42f3, 8), // EBMLMaxSizeLength
    text(0x4282, 'webm'), // DocType
    uint(0x4287, 2), // DocTypeVersion
    uint(0x4285, 2), // DocTypeReadVersion
  );
  const info = master(
    0x1549a966,
    uint(0x2ad7b1, 1_000_000), // TimecodeScale: milliseconds
    text(0x4d80, 'mediagen sandbox'), // MuxingApp
    text(0x5741, 'mediagen sandbox'), // WritingApp
    float64(0x4489, count * step), // Duration
  );
  const tracks = master(
    0x1654ae6b,
    master(
      0xae, // TrackEntry
      uint(0xd7, 1), // TrackNumber
      uint(0x73c5, 1), // TrackUID
      uint(0x83, 1), // TrackType: video
      uint(0x9c, 0), // FlagLacing
      text(0x86, 'V_VP8'), // CodecID
      uint(0x23e383, Math.round(step * 1_000_000)), // DefaultDuration (ns)
      master(0xe0, uint(0xb0, stream.width), uint(0xba, stream.height)), // Video: PixelWidth, PixelHeight
    ),
  );
  const cluster = master(0x1f43b675, uint(0xe7, 0), ...blocks); // Cluster: Timecode 0
  return concatBytes([header, master(0x18538067, info, tracks, cluster)]);
}
