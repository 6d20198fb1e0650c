// The field names an answer must use at the API version judged (`--at`), from the ledger's compiled
// plan: a rename in effect that day wants its new name (and the old one gone), a rename that came
// later wants the old name. One walk over the plan's paths, so a rename the ledger gains is judged
// without a line here. Added fields the newer shape always carries (an upgrade default) are wanted
// from their date on.
import { formatTrail, latestDate, type PlanPath, transformPlan, type VersionKey } from '@mediagen/schema';
import { isObject } from '@mediagen/schema/util';

/** What a body shows of the names of one version: names it lacks, and old names it still sends. */
export interface Names {
  missing: string[];
  legacy: string[];
}

type Trail = (string | number)[];

/** Each object at `path` (`'*'`: every array item), with its trail. */
function objectsAt(root: unknown, path: PlanPath, visit: (value: Record<string, unknown>, trail: Trail) => void): void {
  const go = (value: unknown, depth: number, trail: Trail): void => {
    if (depth === path.length) {
      if (isObject(value)) visit(value, trail);
      return;
    }
    const segment = path[depth]!;
    if (segment === '*') {
      if (Array.isArray(value)) for (const [i, item] of value.entries()) go(item, depth + 1, [...trail, i]);
    } else if (isObject(value) && Object.hasOwn(value, segment)) go(value[segment], depth + 1, [...trail, segment]);
  };
  go(root, 0, []);
}

/** Whether the ledger entry of `date` is in effect at version `at` (`baseline`: none is). */
const inEffect = (date: string, at: VersionKey) => at !== 'baseline' && date <= at;

/**
 * The names a successful answer of `operationId` shows against those of version `at`. An entry's
 * steps are walked where the body holds them that day: at their new path once the entry is in
 * effect, at their old one (`was`) before.
 */
export function namesAt(operationId: string, status: number, body: unknown, at: VersionKey = latestDate): Names {
  const names: Names = { missing: [], legacy: [] };
  const entries = transformPlan.operations[operationId]?.responses?.[String(status)] ?? [];
  for (const entry of entries) {
    const effective = inEffect(entry.date, at);
    for (const step of entry.steps) {
      const path = effective ? step.at : (step.was ?? step.at);
      if (step.op === 'rename') {
        const [want, other] = effective ? [step.to, step.from] : [step.from, step.to];
        objectsAt(body, path, (value, trail) => {
          const where = formatTrail([...trail, want]);
          // A name of a later date beside the one of `at` is an alias of it: the old name is what the date says.
          if (effective && Object.hasOwn(value, other)) names.legacy.push(`${formatTrail([...trail, other])}: legacy name (now \`${want}\`)`);
          if (!Object.hasOwn(value, want)) {
            names.missing.push(effective ? `${where}: missing` : `${where}: missing (the API of ${at} names it so; \`${other}\` from ${entry.date})`);
          }
        });
      } else if (step.op === 'add' && step.default !== undefined && effective) {
        objectsAt(body, path, (value, trail) => {
          if (!Object.hasOwn(value, step.field)) names.missing.push(`${formatTrail([...trail, step.field])}: missing`);
        });
      }
    }
  }
  return names;
}

/** Whether query parameter `name` of `operationId` is one a rename replaced by version `at` (it is then a legacy name). */
export function queryNameReplacedAt(operationId: string, name: string, at: VersionKey = latestDate): boolean {
  const entries = transformPlan.operations[operationId]?.query ?? [];
  return entries.some((entry) => inEffect(entry.date, at) && entry.steps.some((step) => step.op === 'rename' && step.from === name));
}
