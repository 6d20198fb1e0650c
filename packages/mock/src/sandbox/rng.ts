// Seeded randomness. Every random choice the sandbox makes (ids, which media fail, which requests
// get an injected fault) is drawn from a named stream derived from the seed, so two sandboxes with
// the same seed given the same requests in the same order behave the same, and a stream used for
// one concern never shifts another.

export type Random = () => number;

/** mulberry32: a small, fast 32-bit PRNG; returns numbers in [0, 1). */
export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a hash of a string, for deriving stream seeds and stable per-id values. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** An independent stream for one concern (`ids`, `outcomes`, `faults`, ...). */
export function stream(seed: number, name: string): Random {
  return mulberry32((seed >>> 0) ^ hashString(name));
}

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** `prefix` + `length` base-36 characters drawn from `random`. */
export function randomId(random: Random, prefix: string, length = 10): string {
  let out = prefix;
  for (let i = 0; i < length; i++) out += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return out;
}

/** New ids from the seed's `ids` stream, each one not taken yet in the map it is for. */
export type NewId = (prefix: string, taken: ReadonlyMap<string, unknown>) => string;

export function idSource(seed: number): NewId {
  const random = stream(seed, 'ids');
  return (prefix, taken) => {
    for (;;) {
      const id = randomId(random, prefix);
      if (!taken.has(id)) return id;
    }
  };
}
