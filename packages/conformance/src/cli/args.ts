// The command line's arguments: parsed with node:util parseArgs, merged over a config file
// (`media-conformance.config.json` in the working directory, or `--config FILE`), and turned into the
// library's options. Mistakes are RunErrors in the CLI's own words (its flags), never stack traces.
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import type { ConformanceOptions } from '../conformance.js';
import { parseSelection } from '../engine/options.js';
import { type OptionName, RunError } from '../model/terms.js';
import { MAX_TIMER_MS } from '../plumbing/budgets.js';
import { readRegularFile } from '../plumbing/files.js';

import { parseReporters, type ReporterSpec, RUN_REPORTERS, reporterPath } from '../report/reporters.js';

export type { ReporterSpec };

export interface CliRun {
  options: ConformanceOptions;
  reporters: ReporterSpec[];
  color: 'auto' | 'always' | 'never';
  verbose: boolean;
  /** Judge a recording instead of sending requests. */
  fromHar?: string;
  /** Merge the run's assumption verdicts into this evidence file. */
  evidence?: string;
  /** The config file read, and the options it set (a flag given too wins): said on stderr. */
  config?: { file: string; keys: string[] };
}

/** What the command line talks to (the bin gives the process's; tests give their own). */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Whether stdout is a terminal (colour by default). */
  isTty: boolean;
  /** Aborts the run (the CLI wires SIGINT, SIGTERM and SIGHUP to it): cleanup runs, reports are written. */
  signal?: AbortSignal;
}

/** The config file's name in the working directory (read when present and no --config is given). */
export const CONFIG_FILE = 'media-conformance.config.json';

/** The most bytes a config file may have (it holds a few options). */
export const MAX_CONFIG_BYTES = 1024 * 1024;

/**
 * What a config file may not say: where the key goes and what a run may spend are said on the
 * command line only (a config file in a cloned repository's working directory is read on its own).
 * `mode` may only lower to read-only; `target` only names the suite's own mocks on loopback.
 */
const COMMAND_LINE_ONLY: Readonly<Record<string, string>> = {
  'api-key': 'an API key does not belong in a file: set MEDIAGEN_API_KEY',
  'base-url': 'where the key is sent is said on the command line only: give --base-url',
  'max-credits': 'what a run may spend is said on the command line only: give --max-credits',
};

/** Options of a config file that name files written: they stay inside the working directory. */
const WRITTEN_PATHS = new Set(['reporter', 'evidence']);

const FLAGS = {
  'base-url': { type: 'string' },
  target: { type: 'string' },
  'api-key': { type: 'string' },
  mode: { type: 'string' },
  'max-credits': { type: 'string' },
  stateless: { type: 'boolean' },
  strict: { type: 'boolean' },
  only: { type: 'string', multiple: true },
  skip: { type: 'string', multiple: true },
  operation: { type: 'string', multiple: true },
  seed: { type: 'string' },
  'max-examples': { type: 'string' },
  workers: { type: 'string' },
  'rate-limit': { type: 'string' },
  at: { type: 'string' },
  timeout: { type: 'string' },
  deadline: { type: 'string' },
  'max-answer-bytes': { type: 'string' },
  'max-silent': { type: 'string' },
  reporter: { type: 'string', multiple: true },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  verbose: { type: 'boolean' },
  config: { type: 'string' },
  'from-har': { type: 'string' },
  evidence: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = Partial<Record<keyof typeof FLAGS, string | boolean | string[]>>;

/**
 * The flag of each library option a message may name: the CLI reads a RunError in these words
 * (`error.said(flagOf)`), so a message names flags where it is made, never by rewriting its prose.
 */
const FLAG_OF: Readonly<Record<OptionName, string>> = {
  apiKey: '--api-key',
  baseUrl: '--base-url',
  maxCredits: '--max-credits',
  maxExamples: '--max-examples',
  mode: '--mode',
  rateLimit: '--rate-limit',
  seed: '--seed',
  workers: '--workers',
  'budgets.timeoutMs': '--timeout',
  'budgets.deadlineMs': '--deadline',
  'budgets.maxAnswerBytes': '--max-answer-bytes',
  'budgets.maxSilentInARow': '--max-silent',
  'budgets.cleanupMs': 'the cleanup deadline (budgets.cleanupMs)',
  'budgets.cleanupRequestMs': 'the cleanup request limit (budgets.cleanupRequestMs)',
};

export const flagOf = (option: OptionName): string => FLAG_OF[option];

/** A message for the command line: a RunError in the CLI's words, anything else as it is. */
export function inCliWords(error: unknown): string {
  return error instanceof RunError ? error.said(flagOf) : ((error as Error)?.message ?? String(error));
}

const list = (values: unknown): string[] =>
  (Array.isArray(values) ? values : values === undefined ? [] : [values])
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter(Boolean);

function number(name: string, value: unknown, options: { whole?: boolean; min?: number; max?: number; unit?: string } = {}): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  const n = Number(text);
  const min = options.min ?? 0;
  if (text.trim() === '' || !Number.isFinite(n) || n < min || (options.whole && !Number.isInteger(n))) {
    throw new RunError(`--${name} must be a ${options.whole ? 'whole ' : ''}number ≥ ${min}, got ${JSON.stringify(text)}`);
  }
  if (options.max !== undefined && n > options.max)
    throw new RunError(`--${name} must be at most ${options.max}${options.unit ?? ''}, got ${JSON.stringify(text)}`);
  return n;
}

/** The longest --timeout or --deadline, in seconds (a longer timer would fire at once). */
export const MAX_DURATION_S = MAX_TIMER_MS / 1000;
const DURATION = { max: MAX_DURATION_S, unit: ' s (about 24.8 days: a longer timer would fire at once)' };

/** A path a config file names for writing: relative, and inside the working directory. */
function insideWorkingDirectory(value: string, cwd: string): boolean {
  const path = reporterPath(RUN_REPORTERS, value);
  const rel = relative(cwd, resolve(cwd, path));
  return !isAbsolute(path) && rel !== '..' && !rel.startsWith(`..${sep}`);
}

/** The config file's values, keyed like the flags (`maxCredits` or `max-credits` both read); and its path. */
function readConfig(path: string | undefined, cwd: string): { file: string; values: Values } {
  const file = resolve(cwd, path ?? CONFIG_FILE);
  // The file in the working directory is optional; one named by --config is not.
  const text = path === undefined ? readRegularFile(file, '--config', MAX_CONFIG_BYTES, () => undefined) : readRegularFile(file, '--config', MAX_CONFIG_BYTES);
  if (text === undefined) return { file, values: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new RunError(`${file}: not JSON (${(error as Error).message.split('\n')[0]})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new RunError(`${file}: must be a JSON object of options`);
  const values: Values = {};
  for (const [key, value] of Object.entries(parsed)) {
    const flag = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`) as keyof typeof FLAGS;
    if (!Object.hasOwn(FLAGS, flag) || flag === 'config' || flag === 'help') throw new RunError(`${file}: unknown option ${JSON.stringify(key)} (see --help)`);
    const refused = COMMAND_LINE_ONLY[flag];
    if (refused) throw new RunError(`${file}: ${JSON.stringify(key)} is refused in a config file: ${refused}`);
    if (flag === 'mode' && value !== 'read-only')
      throw new RunError(`${file}: "mode" may only be "read-only" in a config file: a full run is asked for on the command line (--mode full)`);
    const boolean = FLAGS[flag].type === 'boolean';
    const scalar = (item: unknown) => typeof item === 'string' || (typeof item === 'number' && Number.isFinite(item));
    if (boolean ? typeof value !== 'boolean' : !(scalar(value) || ('multiple' in FLAGS[flag] && Array.isArray(value) && value.every(scalar))))
      throw new RunError(
        `${file}: ${JSON.stringify(key)} must be ${boolean ? 'true or false' : 'a string or a number'}, got ${JSON.stringify(value)?.slice(0, 60)}`,
      );
    const items = Array.isArray(value) ? value.map(String) : typeof value === 'boolean' ? value : String(value);
    if (WRITTEN_PATHS.has(flag))
      for (const item of Array.isArray(items) ? items : [String(items)])
        if (!insideWorkingDirectory(item, cwd))
          throw new RunError(
            `${file}: ${JSON.stringify(key)} names ${JSON.stringify(item)}, outside the working directory: give a path there, or the flag on the command line`,
          );
    values[flag] = items;
  }
  return { file, values };
}

/** `--help`, or the run the arguments ask for. Throws RunError for arguments that cannot work. */
export function parseCli(argv: readonly string[], env: Record<string, string | undefined>, cwd: string): { help: true } | ({ help: false } & CliRun) {
  let parsed: Values;
  try {
    parsed = parseArgs({ args: [...argv], strict: true, allowPositionals: false, options: FLAGS }).values as Values;
  } catch (error) {
    throw new RunError(`${(error as Error).message.split('\n')[0]} (see --help)`);
  }
  if (parsed.help) return { help: true };
  const config = readConfig(parsed.config as string | undefined, cwd);
  // A target on the command line (--base-url or --target) replaces the config file's.
  if (parsed['base-url'] !== undefined || parsed.target !== undefined) delete config.values.target;
  const fromConfig = Object.keys(config.values).filter((key) => !Object.hasOwn(parsed, key));
  const v: Values = { ...config.values, ...parsed };
  const target = v.target as string | undefined;
  if (target !== undefined && target !== 'prism' && target !== 'sandbox')
    throw new RunError(`--target must be prism or sandbox, got ${JSON.stringify(target)}`);
  if (target !== undefined && v['base-url'] !== undefined) throw new RunError('give either --base-url or --target, not both');
  const mode = v.mode as string | undefined;
  if (mode !== undefined && mode !== 'read-only' && mode !== 'full') throw new RunError(`--mode must be read-only or full, got ${JSON.stringify(mode)}`);
  const apiKey = (v['api-key'] as string | undefined) ?? env.MEDIAGEN_API_KEY;
  const selection = parseSelection({ only: list(v.only), skip: list(v.skip), operations: list(v.operation) });
  const timeout = number('timeout', v.timeout, { min: 0.001, ...DURATION });
  const deadline = number('deadline', v.deadline, { min: 1, ...DURATION });
  const maxAnswerBytes = number('max-answer-bytes', v['max-answer-bytes'], { whole: true, min: 1024 });
  const maxSilent = number('max-silent', v['max-silent'], { whole: true, min: 1 });
  const budgets = {
    ...(timeout !== undefined ? { timeoutMs: timeout * 1000 } : {}),
    ...(deadline !== undefined ? { deadlineMs: deadline * 1000 } : {}),
    ...(maxAnswerBytes !== undefined ? { maxAnswerBytes } : {}),
    ...(maxSilent !== undefined ? { maxSilentInARow: maxSilent } : {}),
  };
  const optional = <T>(key: string, value: T | undefined) => (value === undefined ? {} : { [key]: value });
  const options: ConformanceOptions = {
    ...optional('baseUrl', v['base-url'] as string | undefined),
    ...optional('target', target as 'prism' | 'sandbox' | undefined),
    ...optional('apiKey', apiKey || undefined),
    ...optional('mode', mode as 'read-only' | 'full' | undefined),
    ...optional('maxCredits', number('max-credits', v['max-credits'])),
    ...(v.stateless ? { stateful: false } : {}),
    ...(v.strict ? { strict: true } : {}),
    ...selection,
    ...optional('seed', number('seed', v.seed, { whole: true })),
    ...optional('maxExamples', number('max-examples', v['max-examples'], { whole: true })),
    ...optional('workers', number('workers', v.workers, { whole: true, min: 1 })),
    ...optional('rateLimit', number('rate-limit', v['rate-limit'], { min: 0.001 })),
    ...optional('at', v.at as string | undefined),
    ...(Object.keys(budgets).length ? { budgets } : {}),
  };
  const color = v['no-color'] ? 'never' : v.color ? 'always' : 'auto';
  return {
    help: false,
    options,
    reporters: parseReporters(RUN_REPORTERS, Array.isArray(v.reporter) ? v.reporter.map(String) : v.reporter !== undefined ? [String(v.reporter)] : []),
    color,
    verbose: v.verbose === true,
    ...optional('fromHar', v['from-har'] as string | undefined),
    ...optional('evidence', v.evidence as string | undefined),
    ...(fromConfig.length ? { config: { file: config.file, keys: fromConfig } } : {}),
  };
}
