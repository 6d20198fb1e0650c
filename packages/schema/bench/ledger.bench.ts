// Time to carry a large answer across the ledger: a listing of 2,000 generations (8,000 images) upgraded
// from the baseline to the newest version and back (median of repeated runs). Prints figures; asserts
// nothing (benchmarks are not tests; the round trip's correctness is test/ledger/transform.test.ts's).
import { compilePlan, downgradeResponse, upgradeResponse } from '../src/ledger/index.js';
import { buildDocument } from '../src/openapi/document.js';

const plan = compilePlan(buildDocument() as unknown as Record<string, unknown>);
const listing = {
  data: Array.from({ length: 2000 }, (_, i) => ({
    generation_id: `gen_${i}`,
    created_at: '2024-08-01T10:00:00Z',
    images: Array.from({ length: 4 }, (_, j) => ({ id: `img_${i}_${j}`, size: { height: 512, width: 512 }, status: 'success' })),
  })),
  err: null,
  pagination: { page: 1, page_size: 2000, total: 2000 },
};

const runs: number[] = [];
for (let i = 0; i < 10; i++) {
  const started = performance.now();
  const up = upgradeResponse(plan, 'listGenerations', 200, listing, 'baseline').body;
  downgradeResponse(plan, 'listGenerations', 200, up, 'baseline');
  runs.push(performance.now() - started);
}
runs.sort((a, b) => a - b);
console.log(
  `ledger: a listing of 2,000 generations, baseline → newest → baseline: median of ${runs.length} ${runs[Math.floor(runs.length / 2)]!.toFixed(0)} ms`,
);
