// The forms an API key takes on its way through clients, servers and recordings, written the way
// each is produced (not by the masker's own definition), and a scan that finds the key in a text in
// any of them: the text is decoded layer by layer (percent-encoding, JSON and HTML escapes) and
// searched for the key in any letter case, its hex and its base64 at every byte alignment.

const bytesOf = (text: string) => [...Buffer.from(text, 'utf8')];
const percentAll = (text: string, lower = false) =>
  bytesOf(text)
    .map((b) => `%${b.toString(16).padStart(2, '0')}`)
    .map((p) => (lower ? p : p.toUpperCase()))
    .join('');
const jsonAll = (text: string) => [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

/** Every form of `key`, by name. */
export function keyForms(key: string): Record<string, string> {
  const mixed = [...key].map((c, i) => (i % 2 ? c.toLowerCase() : c.toUpperCase())).join('');
  const partlyPercent = [...key].map((c, i) => (i % 3 === 1 ? percentAll(c) : c)).join('');
  const partlyJson = [...key].map((c, i) => (i % 2 === 0 ? jsonAll(c) : c)).join('');
  return {
    raw: key,
    lower: key.toLowerCase(),
    upper: key.toUpperCase(),
    'mixed case': mixed,
    'partly percent-encoded': partlyPercent,
    'fully percent-encoded': percentAll(key),
    'fully percent-encoded, lower-case hex': percentAll(key, true),
    'percent-encoded twice': encodeURIComponent(encodeURIComponent(key)),
    'form-encoded': new URLSearchParams({ k: key }).toString().slice(2),
    base64: Buffer.from(key).toString('base64'),
    base64url: Buffer.from(key).toString('base64url'),
    'base64 in Basic': `Basic ${Buffer.from(`user:${key}`).toString('base64')}`,
    'hex, lower case': Buffer.from(key).toString('hex'),
    'hex, upper case': Buffer.from(key).toString('hex').toUpperCase(),
    'JSON \\u escapes': jsonAll(key),
    'JSON \\u escapes, partly': partlyJson,
    'JSON \\u escapes, escaped again': JSON.stringify(jsonAll(key)).slice(1, -1),
    userinfo: `https://user:${key}@api.example.test/pub/v1/voices`,
    Bearer: `Bearer ${key}`,
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** One layer of every encoding taken off (what cannot be decoded is left as it is). */
function decodeLayer(text: string): string {
  return text
    .replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    })
    .replace(/\\+u([0-9a-f]{4})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name]!);
}

/** The key's base64 characters that do not depend on their neighbours, at the three byte alignments, both alphabets. */
function base64Cores(key: string): string[] {
  const bytes = Buffer.from(key);
  return [0, 1, 2].flatMap((offset) => {
    const shifted = Buffer.concat([Buffer.alloc(offset), bytes]);
    const core = shifted.toString('base64').slice(Math.ceil((8 * offset) / 6), Math.floor((8 * shifted.length) / 6));
    return [core, core.replace(/\+/g, '-').replace(/\//g, '_')];
  });
}

/** How the key shows in `text`, if it does: one word per way found (empty when it does not). */
export function keyIn(text: string, key: string): string[] {
  const found: string[] = [];
  const lowerKey = key.toLowerCase();
  let layer = text;
  for (let depth = 0; depth < 4; depth++) {
    if (layer.toLowerCase().includes(lowerKey)) found.push(depth === 0 ? 'as is' : `decoded ${depth}×`);
    const next = decodeLayer(layer);
    if (next === layer) break;
    layer = next;
  }
  if (text.toLowerCase().includes(Buffer.from(key).toString('hex'))) found.push('hex');
  for (const core of base64Cores(key)) if (core.length >= 8 && text.includes(core)) found.push(`base64 ${core}`);
  return found;
}
