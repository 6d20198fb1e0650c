// The counter-servers of every assumption of the rules table, and the few runs they are combined
// into. Each assumption gets, in this order: its recipe (./recipes.ts: a server no table derives);
// else the generic server of its side — answers that break exactly its constraint (./answers.ts), or,
// for a request rule, a lenient acceptor of the requests that break only it and a narrow reader that
// refuses those relying on it (./requests.ts); else an existing variant or --strict broken target that
// refutes it; else nothing, with the reason (UNREFUTED). Generic answer targets share runs where
// neither holds the other.
import type { ConformanceOptions } from '../../conformance.js';
import type { Rewrite } from '../proxy.js';
import { type AnswerTarget, breakAnswers, breakable } from './answers.js';
import { nested } from './places.js';
import { type Alongside, GENERATED, RECIPES, type Recipe, type Reuse, UNREFUTED } from './recipes.js';
import { lenientAcceptor, narrowReader } from './requests.js';
import { keyOfRelied, type TableAssumption, tableAssumptions } from './table.js';

/** One run of the self-test: a server (the proxy's rewrite, fresh per run) and the assumptions it is there for. */
export interface CounterRun {
  id: string;
  description: string;
  upstream: 'sandbox' | 'prism';
  refutes: readonly string[];
  rewrite: () => Rewrite;
  /** Options of the run beside the self-test's own (a narrower selection, a higher cap). */
  options?: Partial<ConformanceOptions>;
}

/**
 * How an assumption is refuted: by the runs named (at least one of them refutes it), by an existing
 * server of the main self-test, or not at all (with the reason; `runs` still run a generic server the
 * suite gives no verdict on).
 */
export type Derivation =
  | { by: 'generic' | 'recipe'; runs: readonly string[] }
  | { by: 'reuse'; reuse: Reuse }
  | { by: 'none'; reason: string; kind: 'unrefutable' | 'unasserted'; runs: readonly string[] };

export interface CounterPlan {
  runs: CounterRun[];
  /** Every assumption of the table, by key. */
  derivations: Map<string, Derivation>;
  /** Assumptions with neither a generic derivation, a recipe nor a reason (a test holds it is empty). */
  missing: string[];
}

const REQUEST_RUNS = ['lenient-acceptor', 'narrow-reader'] as const;

/** The answer targets put into runs: each joins the first run holding none of its elements' places. */
function answerRuns(targets: readonly TableAssumption[]): AnswerTarget[][] {
  const runs: AnswerTarget[][] = [];
  const elements = (t: AnswerTarget) => breakable(t).map((b) => b.element);
  for (const target of targets) {
    const fits = (run: AnswerTarget[]) => run.every((other) => elements(other).every((a) => elements(target).every((b) => !nested(a, b))));
    const run = runs.find(fits);
    if (run) run.push(target);
    else runs.push([target]);
  }
  return runs;
}

const isRecipe = (entry: Recipe | Reuse | Alongside): entry is Recipe => 'rewrite' in entry;
const isReuse = (entry: Recipe | Reuse | Alongside): entry is Reuse => 'reuse' in entry;

/** The recipes' runs that refute `key`, in the order of the recipes. */
const recipeRuns = (key: string): string[] => RECIPES.filter((entry) => isRecipe(entry) && entry.refutes.includes(key)).map((entry) => (entry as Recipe).id);

let cache: CounterPlan | undefined;

/** The plan: every assumption's derivation and the runs of the self-test. */
export function counterPlan(): CounterPlan {
  if (cache) return cache;
  const entries = new Map<string, Recipe | Reuse | Alongside>();
  for (const entry of RECIPES) for (const key of entry.refutes) if (!entries.has(key)) entries.set(key, entry);
  const derivations = new Map<string, Derivation>();
  const runs: CounterRun[] = RECIPES.filter(isRecipe).map((recipe) => ({
    id: recipe.id,
    description: recipe.description,
    upstream: recipe.upstream ?? 'sandbox',
    refutes: recipe.refutes,
    rewrite: recipe.rewrite,
    ...(recipe.options ? { options: recipe.options } : {}),
  }));
  const answers: TableAssumption[] = [];
  const requests: TableAssumption[] = [];
  for (const assumption of tableAssumptions()) {
    const entry = entries.get(assumption.key);
    const unrefuted = UNREFUTED[assumption.key];
    // Every recipe refuting it is one of its runs (a rule may be refuted by servers that differ in how).
    if (entry && isRecipe(entry)) derivations.set(assumption.key, { by: 'recipe', runs: recipeRuns(assumption.key) });
    else if (unrefuted?.kind === 'unrefutable') derivations.set(assumption.key, { by: 'none', ...unrefuted, runs: [] });
    else if (assumption.side === 'response' && breakable(assumption).length > 0) answers.push(assumption);
    else if (assumption.side === 'request' && !(entry && isReuse(entry))) requests.push(assumption);
    else if (entry && isReuse(entry)) derivations.set(assumption.key, { by: 'reuse', reuse: entry });
  }
  answerRuns(answers).forEach((targets, i) => {
    const id = `answers-${i + 1}`;
    runs.push({
      id,
      description: `answers that break exactly one assumed response constraint of each of ${targets.length} assumptions, where its element appears`,
      upstream: 'sandbox',
      refutes: targets.map((t) => t.key),
      rewrite: () => breakAnswers(targets),
    });
    for (const t of targets) derivations.set(t.key, { by: 'generic', runs: [id] });
  });
  const keys = requests.map((a) => a.key);
  // The request servers run on every assumed request rule; those the suite never asserts are left out of what they must refute.
  const asserted = keys.filter((key) => !UNREFUTED[key]);
  runs.push(
    {
      id: REQUEST_RUNS[0],
      description: `requests whose only errors are assumed request rules (of ${keys.length} assumptions) are served, put right`,
      upstream: 'sandbox',
      refutes: asserted,
      rewrite: () => lenientAcceptor(requests.flatMap((a) => a.rules)),
      options: GENERATED,
    },
    {
      id: REQUEST_RUNS[1],
      description: `requests the contract allows only by an assumed request rule (of ${keys.length} assumptions) are refused`,
      upstream: 'sandbox',
      refutes: asserted,
      rewrite: () => narrowReader(keys, keyOfRelied),
      options: GENERATED,
    },
  );
  for (const key of keys) derivations.set(key, { by: 'generic', runs: REQUEST_RUNS });
  // Keys refuted alongside another: by that one's runs.
  for (const entry of RECIPES) {
    if (isRecipe(entry) || isReuse(entry)) continue;
    const other = derivations.get(entry.with);
    if (other && 'runs' in other) for (const key of entry.refutes) derivations.set(key, { by: 'recipe', runs: other.runs });
  }
  // Never asserted: the generic server still runs, and the reason is said.
  for (const [key, unrefuted] of Object.entries(UNREFUTED)) {
    const derived = derivations.get(key);
    if (unrefuted.kind === 'unasserted' && derived && 'runs' in derived) derivations.set(key, { by: 'none', ...unrefuted, runs: derived.runs });
  }
  const missing = tableAssumptions()
    .map((a) => a.key)
    .filter((key) => !derivations.has(key));
  cache = { runs, derivations, missing };
  return cache;
}
