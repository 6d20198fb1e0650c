// The judged copy of an answer in clear: the proxy forwards an answer's bytes as they came (compressed
// when the upstream compressed them), but the checks read its text, so a gzip, deflate or brotli copy is
// decompressed into a kept copy of its own, bounded as the raw one was (a small compressed answer can
// inflate far past it), and a copy cut short yields what its start decompresses to.
import type { Transform } from 'node:stream';
import { constants, createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Cut, KeptCopy } from './kept.js';

function decoderFor(encoding: string): Transform | undefined {
  if (encoding === 'gzip' || encoding === 'x-gzip') return createGunzip({ finishFlush: constants.Z_SYNC_FLUSH });
  if (encoding === 'deflate') return createInflate({ finishFlush: constants.Z_SYNC_FLUSH });
  if (encoding === 'br') return createBrotliDecompress({ finishFlush: constants.BROTLI_OPERATION_FLUSH });
  return undefined;
}

export type Decoded = { bytes: Buffer; cut: Cut | undefined } | { unknown: string };

/**
 * The raw copy decompressed per `contentEncoding` into `out` (identity when none: the raw copy itself).
 * `cut` says why the text is shorter than the answer: the raw copy's cut, or the decoded one's.
 */
export function decodeCopy(raw: KeptCopy, contentEncoding: string | undefined, out: KeptCopy): Promise<Decoded> {
  const encoding = (contentEncoding ?? '').trim().toLowerCase();
  if (encoding === '' || encoding === 'identity') return Promise.resolve({ bytes: raw.joined(), cut: raw.cut });
  const decoder = decoderFor(encoding);
  if (!decoder) return Promise.resolve({ unknown: `the answer is encoded ${encoding}: not read` });
  return new Promise((resolve) => {
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      resolve({ bytes: out.joined(), cut: out.cut ?? raw.cut });
    };
    decoder.on('data', (chunk: Buffer) => {
      if (!out.add(chunk)) {
        decoder.destroy();
        done();
      }
    });
    decoder.on('end', done);
    decoder.on('error', () => (out.bytes > 0 || raw.cut ? done() : resolve({ unknown: `the ${encoding} answer could not be decompressed` })));
    decoder.end(raw.joined());
  });
}
