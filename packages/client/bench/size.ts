// `pnpm bench` (second half): bundle sizes of the package's runtime entries, minified and gzipped,
// with their dependencies (openapi-fetch for the core; the schema package and zod for validation).
import { type BundleSize, kB, measureBundle } from './bundle.js';

const ENTRIES: [name: string, entry: string][] = [
  ['@mediagen/client', 'src/index.ts'],
  ['@mediagen/client/validation', 'src/validation/index.ts'],
];

const describe = (size: BundleSize['initial']) =>
  `${kB(size.gzipped).padStart(9)} gz  ${kB(size.minified).padStart(9)} min   ${Object.entries(size.byPackage)
    .sort((a, b) => b[1] - a[1])
    .map(([name, bytes]) => `${name} ${kB(bytes)}`)
    .join(', ')}`;

console.log('Bundle sizes (esbuild, ESM, browser, minified; gzip -9)');
for (const [name, entry] of ENTRIES) {
  const size = await measureBundle(entry);
  console.log(`${name.padEnd(30)} initial ${describe(size.initial)}`);
  for (const chunk of size.lazyChunks) console.log(`${''.padEnd(30)} lazy    ${describe(chunk)}`);
}
