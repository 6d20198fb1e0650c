// Time to emit every document: cold (first emission in a fresh process, schemas imported) and warm
// (median of repeated emissions). Prints figures; asserts nothing (benchmarks are not tests).
const coldStart = performance.now();
const { emitFiles } = await import('../src/openapi/files.js');
const first = emitFiles();
const cold = performance.now() - coldStart;

const runs: number[] = [];
for (let i = 0; i < 10; i++) {
  const t = performance.now();
  emitFiles();
  runs.push(performance.now() - t);
}
runs.sort((a, b) => a - b);
const median = runs[Math.floor(runs.length / 2)]!;
const bytes = Object.values(first).reduce((n, content) => n + Buffer.byteLength(content), 0);
console.log(`emit: ${Object.keys(first).length} files, ${(bytes / 1024).toFixed(0)} KiB`);
console.log(`emit: cold (import + build + emit) ${cold.toFixed(0)} ms; warm median of ${runs.length} ${median.toFixed(0)} ms`);
