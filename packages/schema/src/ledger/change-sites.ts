// Every place the ledger's entries between two versions change an exchange: per operation and
// location (query, body, a response status), what was renamed, added, given a new value, constrained
// by a rule or deprecated, with the field paths before and after. Renames, additions and values come
// from the transform plan (the same paths the transforms apply); rules and deprecations from the dated
// documents (where their component sits). Which calls of a consumer each touches is the caller's.
import type { JsonObject } from '../util/json.js';
import { describeInstruction } from './changelog.js';
import { ledger } from './changes.js';
import { type ComponentSite, componentSites, componentsAt } from './component-sites.js';
import { BASELINE } from './dates.js';
import { compareVersions, type Location, pathText, translatePath } from './field-paths.js';
import type { Instruction, VersionChange } from './instructions.js';
import { transformPlan } from './plan.generated.js';
import type { PlanStep } from './plan.js';

/** The component sites of each dated document, read once per call. */
interface Documents {
  sites(version: string): ReadonlyMap<string, readonly ComponentSite[]>;
}

export type ChangeKind = 'renamed' | 'added' | 'value_added' | 'constrained' | 'deprecated';

export interface ChangeSite {
  /** The ledger entry: its date and name, and the instruction in words. */
  date: string;
  entry: string;
  instruction: string;
  kind: ChangeKind;
  operationId: string;
  location: Location;
  /** The version just before the entry: `holder` and `before` are said as it says them. */
  previous: string;
  /** The object the change is in (`''`: the root of the location). */
  holder: string;
  /** The field as it was (renamed: its old path); absent for what the entry adds. */
  before?: string;
  /** The field as of the entry (a value: the field whose values gain it; a rule: the object it constrains). */
  after: string;
  value?: string;
  rule?: string;
  /** Deprecated in favour of this field. */
  use?: string;
  /** Added with a value filled in when an older body is upgraded. */
  filled?: unknown;
}

const previousOf = (date: string): string => {
  const index = ledger.findIndex((e) => e.date === date);
  return index > 0 ? ledger[index - 1]!.date : BASELINE;
};

/** The instruction of an entry that a plan step carries out at a place (matched by names, then by the component there). */
function instructionOf(documents: Documents, change: VersionChange, step: PlanStep, operationId: string, location: Location): Instruction | undefined {
  const candidates = change.instructions.filter((i) => {
    if (step.op === 'rename')
      return (i.op === 'field_renamed' || (i.op === 'param_renamed' && i.operations.includes(operationId))) && i.from === step.from && i.to === step.to;
    if (step.op === 'add')
      return (i.op === 'field_added' && i.field === step.field) || (i.op === 'param_added' && i.name === step.field && i.operations.includes(operationId));
    return i.op === 'enum_value_added' && i.value === step.value;
  });
  if (candidates.length <= 1) return candidates[0];
  const here = componentsAt(documents.sites(change.date), operationId, location, pathText(step.at));
  return candidates.find((i) => 'schema' in i && here.includes(i.schema)) ?? candidates[0];
}

function planSites(documents: Documents, change: VersionChange, operationId: string, location: Location, steps: readonly PlanStep[]): ChangeSite[] {
  const base = { date: change.date, entry: change.name, operationId, location, previous: previousOf(change.date) };
  return steps.map((step): ChangeSite => {
    const instruction = instructionOf(documents, change, step, operationId, location);
    const words = instruction ? describeInstruction(instruction) : `${step.op} at ${pathText(step.at) || '(root)'}`;
    const was = step.was ?? step.at;
    // A renamed or added field's holder is the object it sits in; an added value's, the field it is a value of.
    const site = { ...base, instruction: words, holder: pathText(was) };
    if (step.op === 'rename') return { ...site, kind: 'renamed', before: pathText([...was, step.from]), after: pathText([...step.at, step.to]) };
    if (step.op === 'add')
      return { ...site, kind: 'added', after: pathText([...step.at, step.field]), ...(step.default !== undefined ? { filled: step.default } : {}) };
    return { ...site, kind: 'value_added', holder: pathText(was.slice(0, -1)), before: pathText(was), after: pathText(step.at), value: step.value };
  });
}

/** Sites of rules and deprecations: where the component they name sits in the document of their date. */
function componentChanges(documents: Documents, change: VersionChange): ChangeSite[] {
  const out: ChangeSite[] = [];
  const previous = previousOf(change.date);
  for (const instruction of change.instructions) {
    if (instruction.op !== 'rule_added' && instruction.op !== 'field_deprecated') continue;
    for (const site of documents.sites(change.date).get(instruction.schema) ?? []) {
      // A rule narrows what a client sends: it is a change for the requests only.
      if (instruction.op === 'rule_added' && site.location.kind !== 'body') continue;
      const holder = translatePath(site.operationId, site.location, site.holder, change.date, previous);
      const base = {
        date: change.date,
        entry: change.name,
        instruction: describeInstruction(instruction),
        operationId: site.operationId,
        location: site.location,
        previous,
        holder,
      };
      if (instruction.op === 'rule_added') out.push({ ...base, kind: 'constrained', after: site.holder, rule: instruction.rule });
      else {
        const field = (path: string) => (path === '' ? instruction.field : `${path}.${instruction.field}`);
        out.push({ ...base, kind: 'deprecated', before: field(holder), after: field(site.holder), ...(instruction.use ? { use: instruction.use } : {}) });
      }
    }
  }
  return out;
}

/**
 * Every change site of the entries after `from`, up to and including `to`, oldest entry first.
 * `documentOf` gives the contract's document of a version (`baseline` or a ledger date), as emitted.
 */
export function changeSites(from: string, to: string, documentOf: (version: string) => JsonObject): ChangeSite[] {
  const found = new Map<string, Map<string, ComponentSite[]>>();
  const documents: Documents = {
    sites: (version) => {
      let sites = found.get(version);
      if (!sites) found.set(version, (sites = componentSites(documentOf(version))));
      return sites;
    },
  };
  const entries = ledger.filter((e) => compareVersions(e.date, from) > 0 && compareVersions(e.date, to) <= 0);
  const sites: ChangeSite[] = [];
  for (const change of entries) {
    for (const [operationId, plan] of Object.entries(transformPlan.operations)) {
      const locations: [Location, typeof plan.body][] = [
        [{ kind: 'query' }, plan.query],
        [{ kind: 'body' }, plan.body],
        ...Object.entries(plan.responses ?? {}).map(([status, list]): [Location, typeof list] => [{ kind: 'response', status }, list]),
      ];
      for (const [location, list] of locations) {
        const entry = list?.find((e) => e.date === change.date);
        if (entry) sites.push(...planSites(documents, change, operationId, location, entry.steps));
      }
    }
    sites.push(...componentChanges(documents, change));
  }
  return sites;
}
