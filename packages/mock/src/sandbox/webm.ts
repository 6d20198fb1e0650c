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
  /** The pixel size the track declares (default the stream's own): what a reader of the file's metadata sees. */
  size?: { width: number; height: number };
}

/** A playable WebM file (VP8 video, no audio). */
export function makeWebm({ landscape = false, fps = 5, frames = 5, size }: WebmOptions = {}): Uint8Array<ArrayBuffer> {
  const stream = landscape ? VP8.landscape : VP8.portrait;
  const { width, height } = size ?? stream;
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
      master(0xe0, uint(0xb0, width), uint(0xba, height)), // Video: PixelWidth, PixelHeight
    ),
  );
  const cluster = master(0x1f43b675, uint(0xe7, 0), ...blocks); // Cluster: Timecode 0
  return concatBytes([header, master(0x18538067, info, tracks, cluster)]);
}

/** What a WebM file says of its video: the first track's pixel size, its frame count and duration. */
export interface WebmInfo {
  width: number;
  height: number;
  frames: number;
  /** Seconds. */
  duration: number;
}

// Master elements descended into; everything else is skipped by its size.
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const VIDEO = 0xe0;
const CLUSTER = 0x1f43b675;
const BLOCK_GROUP = 0xa0;
const MASTERS = new Set([SEGMENT, INFO, TRACKS, TRACK_ENTRY, VIDEO, CLUSTER, BLOCK_GROUP]);

/** An EBML variable-length number at `at`: its value (marker bit kept for ids) and length; undefined when malformed. */
function readVint(bytes: Uint8Array, at: number, keepMarker: boolean): { value: number; length: number } | undefined {
  const first = bytes[at];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (length > 8 || at + length > bytes.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + bytes[at + i]!;
  return { value, length };
}

const readUint = (bytes: Uint8Array, at: number, size: number) => {
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + bytes[at + i]!;
  return value;
};

/**
 * Reads a WebM's video facts (bounded: malformed or truncated input gives undefined, never a throw).
 * The sandbox uses them as a video asset's metadata, so a narrator input's frame rate and size are the
 * file's own, as the service would read them.
 */
export function webmInfo(bytes: Uint8Array): WebmInfo | undefined {
  let width: number | undefined;
  let height: number | undefined;
  let durationTicks: number | undefined;
  let timecodeScale = 1_000_000;
  let frames = 0;
  const walk = (start: number, end: number, depth: number): boolean => {
    let at = start;
    while (at < end) {
      const id = readVint(bytes, at, true);
      if (!id) return false;
      const size = readVint(bytes, at + id.length, false);
      if (!size) return false;
      const body = at + id.length + size.length;
      // An unknown size (all ones) runs to the end of the parent.
      const unknown = size.value === 2 ** (7 * size.length) - 1;
      const stop = unknown ? end : Math.min(end, body + size.value);
      if (MASTERS.has(id.value) && depth < 6) {
        if (!walk(body, stop, depth + 1)) return false;
      } else if (id.value === 0xb0) width ??= readUint(bytes, body, stop - body);
      else if (id.value === 0xba) height ??= readUint(bytes, body, stop - body);
      else if (id.value === 0x2ad7b1) timecodeScale = readUint(bytes, body, stop - body);
      else if (id.value === 0x4489 && stop - body === 8) durationTicks = new DataView(bytes.buffer, bytes.byteOffset + body, 8).getFloat64(0);
      else if (id.value === 0x4489 && stop - body === 4) durationTicks = new DataView(bytes.buffer, bytes.byteOffset + body, 4).getFloat32(0);
      else if (id.value === 0xa3 || id.value === 0xa1) frames++;
      at = stop;
    }
    return true;
  };
  if (readVint(bytes, 0, true)?.value !== 0x1a45dfa3 || !walk(0, bytes.length, 0)) return undefined;
  if (width === undefined || height === undefined || durationTicks === undefined || frames === 0) return undefined;
  // Milliseconds are all a duration needs (and float arithmetic leaves 1.0000000000000002 s otherwise).
  return { width, height, frames, duration: Math.round((durationTicks * timecodeScale) / 1e6) / 1000 };
}
