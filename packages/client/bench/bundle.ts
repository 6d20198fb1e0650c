// Bundles an entry of the package the way an application bundler would (ESM, browser platform,
// minified, every dependency included, code splitting on) and measures it. Shared by `pnpm bench`
// and the size test. `initial` is what loading the entry costs (the entry chunk and the chunks it
// imports statically); `lazy` is what dynamic imports load only when they run.
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';

export interface ChunkSize {
  minified: number;
  gzipped: number;
  /** Bytes in the output by package: `openapi-fetch`, `@mediagen/schema`, `zod`, `(client)`. */
  byPackage: Record<string, number>;
  /** The sources bundled into it, tree-shaken away or not (paths relative to the package root). */
  inputs: string[];
}

/** One lazily loaded chunk. */
export type LazyChunk = ChunkSize;

export interface BundleSize {
  entry: string;
  initial: ChunkSize;
  /** Every lazily loaded chunk together. */
  lazy: ChunkSize;
  /** The same, chunk by chunk. */
  lazyChunks: LazyChunk[];
}

const packageRoot = fileURLToPath(new URL('..', import.meta.url));

function packageOf(input: string): string {
  const match = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (match) return match[1]!;
  if (input.includes('schema/src/')) return '@mediagen/schema';
  return '(client)';
}

const empty = (): ChunkSize => ({ minified: 0, gzipped: 0, byPackage: {}, inputs: [] });

function add(total: ChunkSize, contents: Uint8Array, output: Metafile['outputs'][string]): void {
  total.minified += contents.byteLength;
  total.gzipped += gzipSync(contents, { level: 9 }).byteLength;
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    total.inputs.push(input);
    const name = packageOf(input);
    total.byPackage[name] = (total.byPackage[name] ?? 0) + bytesInOutput;
  }
}

/** `entry` is a path relative to the package root, e.g. `src/index.ts`. */
export async function measureBundle(entry: string): Promise<BundleSize> {
  const result = await build({
    absWorkingDir: packageRoot,
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    outdir: 'out',
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    // Workspace packages are read from source, as the tests do.
    conditions: ['@mediagen/source'],
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const contents = new Map(result.outputFiles.map((file) => [file.path.slice(packageRoot.length).replace(/^\/+/, ''), file.contents]));
  const outputs = result.metafile.outputs;
  const entryChunk = Object.keys(outputs).find((path) => outputs[path]!.entryPoint !== undefined)!;
  const initialChunks = new Set<string>();
  const visit = (path: string) => {
    if (initialChunks.has(path)) return;
    initialChunks.add(path);
    for (const imported of outputs[path]!.imports) if (imported.kind === 'import-statement' && outputs[imported.path]) visit(imported.path);
  };
  visit(entryChunk);
  const size: BundleSize = { entry, initial: empty(), lazy: empty(), lazyChunks: [] };
  for (const [path, output] of Object.entries(outputs)) {
    if (path.endsWith('.map')) continue;
    if (initialChunks.has(path)) {
      add(size.initial, contents.get(path)!, output);
      continue;
    }
    add(size.lazy, contents.get(path)!, output);
    const chunk: LazyChunk = empty();
    add(chunk, contents.get(path)!, output);
    size.lazyChunks.push(chunk);
  }
  return size;
}

export const kB = (bytes: number) => `${(bytes / 1024).toFixed(2)} kB`;
