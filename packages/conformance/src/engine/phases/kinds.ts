// Estimate against charge for each kind of generation the budget allows. One single-item body per
// kind — the generate page's examples, bound to the target — priced by its free estimate and ordered
// cheapest first. The cheapest is the run's first spend (the smallest the plan allows: one item, kept
// by the planner), so an estimate that lies costs at most that one item before the guard stops
// trusting estimates; the others go once the rest of the run is done, while the cap holds them.
import { operations } from '@mediagen/schema';
import { isObject } from '@mediagen/schema/util';
import { served } from '../../checks/response.js';
import { dataOf } from '../../model/exchange.js';
import { bindToTarget } from '../../requests/fixtures.js';
import type { GenerationKindCase, PhaseContext } from '../context.js';

const { estimateGeneration, generateMedia } = operations;

/** Every id a body names (a field ending in `_id`), at any depth. */
function idsIn(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) idsIn(item, out);
  else if (isObject(node))
    for (const [key, value] of Object.entries(node)) {
      if (key.endsWith('_id') && typeof value === 'string') out.push(value);
      else idsIn(value, out);
    }
  return out;
}

/** Whether every id the body names is one the run made (an example's placeholder id would only be refused). */
function boundToTarget(body: unknown, run: PhaseContext): boolean {
  const f = run.fixtures;
  const made = new Set([f.imageAssetId, f.portraitAssetId, f.videoAssetId, f.audioAssetId, f.characterId].filter((id) => id !== undefined));
  return idsIn(body).every((id) => made.has(id));
}

/** Each example's first item alone, priced by its estimate; cheapest first (those the estimate does not price are left out). */
export async function kindsByPrice(run: PhaseContext): Promise<GenerationKindCase[]> {
  const kinds: GenerationKindCase[] = [];
  for (const [name, example] of Object.entries(generateMedia.requestExamples)) {
    const items = bindToTarget(example.value, run.fixtures);
    if (!Array.isArray(items) || items.length === 0) continue;
    const body = [items[0]];
    if (!boundToTarget(body, run)) continue;
    const { exchange } = await run.exercise(
      { operationId: estimateGeneration.operationId, label: `price one item of the kind "${name}"`, body },
      'setup',
      'accept',
    );
    const data = dataOf(exchange);
    const estimated = isObject(data) ? data.estimated : undefined;
    if (served(exchange) && typeof estimated === 'number' && Number.isFinite(estimated) && estimated > 0)
      kinds.push({ label: `one item of the kind "${name}"`, body, estimated });
  }
  // A stable sort: among equal prices, the examples' order (the plain image first).
  return kinds.sort((a, b) => a.estimated - b.estimated);
}

/** Sends the generation of one kind; why it was not sent, if it was not. */
async function spendOn(run: PhaseContext, kind: GenerationKindCase, phase: 'setup' | 'stateful', planned: boolean): Promise<string | undefined> {
  const c = { operationId: generateMedia.operationId, label: kind.label, body: kind.body };
  const { refused } = await run.exercise(c, phase, 'accept', { planned });
  return refused;
}

/** The run's first spend: one item of the cheapest kind, drawn from the planner's credits. */
export async function firstSpend(run: PhaseContext, kinds: readonly GenerationKindCase[]): Promise<void> {
  const cheapest = kinds[0];
  if (!cheapest) return;
  const refused = await spendOn(run, cheapest, 'setup', true);
  if (refused) run.note(`the first spend (${cheapest.label}) was not sent: ${refused}`);
}

/** Once the rest of the run is done: one item of every other kind, cheapest first, while the cap holds them. */
export async function spendAcrossKinds(run: PhaseContext, kinds: readonly GenerationKindCase[]): Promise<void> {
  for (const kind of kinds.slice(1)) {
    const refused = await spendOn(run, kind, 'stateful', false);
    if (!refused) continue;
    const left = kinds.slice(kinds.indexOf(kind) + 1).length;
    run.note(`estimate against charge not tried on ${kind.label}${left ? ` and ${left} dearer kind(s)` : ''}: ${refused}`);
    return;
  }
}
