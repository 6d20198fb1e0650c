// The judged copy of an answer in clear: the proxy forwards an answer's bytes as they came (compressed
// when the upstream compressed them), but the checks read its text, so a gzip, deflate or brotli copy is
// decompressed — at most `cap` bytes of output (a small compressed answer can inflate far past it),
// and a copy cut at the budget yields what its start decompresses to.
import type { Transform } from 'node:stream';
import { constants, createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

function decoderFor(encoding: string): Transform | undefined {
  if (encoding === 'gzip' || encoding === 'x-gzip') return createGunzip({ finishFlush: constants.Z_SYNC_FLUSH });
  if (encoding === 'deflate') return createInflate({ finishFlush: constants.Z_SYNC_FLUSH });
  if (encoding === 'br') return createBrotliDecompress({ finishFlush: constants.BROTLI_OPERATION_FLUSH });
  return undefined;
}

export type Decoded = { bytes: Buffer; truncated: boolean } | { unknown: string };

/** The copy decompressed per `contentEncoding` (identity when none). */
export function decodeCopy(copy: Buffer, contentEncoding: string | undefined, cap: number, truncated: boolean): Promise<Decoded> {
  const encoding = (contentEncoding ?? '').trim().toLowerCase();
  if (encoding === '' || encoding === 'identity') return Promise.resolve({ bytes: copy, truncated });
  const decoder = decoderFor(encoding);
  if (!decoder) return Promise.resolve({ unknown: `the answer is encoded ${encoding}: not read` });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    const done = () => resolve({ bytes: Buffer.concat(chunks).subarray(0, cap), truncated: truncated || over });
    decoder.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > cap) {
        over = true;
        decoder.destroy();
        done();
      }
    });
    decoder.on('end', done);
    decoder.on('error', () => (chunks.length > 0 || truncated ? done() : resolve({ unknown: `the ${encoding} answer could not be decompressed` })));
    decoder.end(copy);
  });
}
