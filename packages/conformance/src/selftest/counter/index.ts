// The counter-servers of the rules table's assumptions: the plan, the runner and what they cover.
export { type AnswerTarget, breakAnswer, breakAnswers } from './answers.js';
export { type CounterPlan, type CounterRun, counterPlan, type Derivation } from './plan.js';
export { RECIPES, UNREFUTED } from './recipes.js';
export { type CounterCounts, counterCounts, formatCounter, statedRuleCoverage } from './report.js';
export { lenientAcceptor, narrowReader } from './requests.js';
export { type CounterOptions, type CounterRunResult, runCounterServers } from './run.js';
export { type AssumptionSide, type TableAssumption, tableAssumptions } from './table.js';
