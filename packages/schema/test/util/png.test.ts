// The tiny PNG: a structurally valid file (signature, chunk CRCs, zlib stream) whose size reads back.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, makePng, PNG_SIGNATURE, pngSize, storedDeflate } from '../../src/util/index.js';

function chunks(bytes: Uint8Array): { type: string; data: Uint8Array }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: { type: string; data: Uint8Array }[] = [];
  for (let o = 8; o < bytes.length; ) {
    const length = view.getUint32(o);
    const type = String.fromCharCode(...bytes.subarray(o + 4, o + 8));
    expect(view.getUint32(o + 8 + length), `${type} CRC`).toBe(crc32(bytes, o + 4, o + 8 + length));
    out.push({ type, data: bytes.subarray(o + 8, o + 8 + length) });
    o += 12 + length;
  }
  return out;
}

describe('makePng', () => {
  it('writes the signature, IHDR, IDAT and IEND with valid CRCs, and its size reads back', () => {
    const png = makePng({ width: 30, height: 50 });
    expect([...png.subarray(0, 8)]).toEqual([...PNG_SIGNATURE]);
    expect(chunks(png).map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(pngSize(png)).toEqual({ width: 30, height: 50 });
  });

  it('fills the scanlines with the gradient (flat grey by default), readable by zlib', () => {
    const flat = inflateSync(chunks(makePng({ width: 3, height: 2 }))[1]!.data);
    expect([...flat]).toEqual([0, ...Array(9).fill(128), 0, ...Array(9).fill(128)]);
    const gradient = inflateSync(chunks(makePng({ width: 2, height: 1, from: [0, 0, 0], to: [255, 10, 20] }))[1]!.data);
    expect([...gradient]).toEqual([0, 0, 0, 0, 255, 10, 20]);
  });

  it('rounds sizes and keeps at least one pixel', () => {
    expect(pngSize(makePng({ width: 0, height: 2.6 }))).toEqual({ width: 1, height: 3 });
  });

  it('uses an injected compressor', () => {
    let calls = 0;
    const png = makePng({ width: 200, height: 200, deflate: (raw) => (calls++, storedDeflate(raw)) });
    expect(calls).toBe(1);
    expect(pngSize(png)).toEqual({ width: 200, height: 200 });
  });

  it('stored deflate spans several blocks for large images and stays a valid zlib stream', () => {
    const raw = Uint8Array.from({ length: 150_000 }, (_, i) => i % 251);
    expect(Buffer.from(inflateSync(storedDeflate(raw))).equals(Buffer.from(raw))).toBe(true);
  });
});

describe('pngSize', () => {
  it('is undefined for bytes that are not a PNG', () => {
    expect(pngSize(new Uint8Array(10))).toBeUndefined();
    const notPng = makePng({ width: 4, height: 4 });
    notPng[0] = 0;
    expect(pngSize(notPng)).toBeUndefined();
  });
});

describe('crc32', () => {
  it('matches the standard check value', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });
});
