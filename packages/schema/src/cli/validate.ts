#!/usr/bin/env node
// `media-validate`: checks a generation request (or any operation's request body) against the
// contract before it is sent, with the same path-precise messages the client and the mock use.
//
//   media-validate request.json                       generation request (generate/estimate body)
//   media-validate --operation createCharacter b.json another operation's body
//   media-validate --context context.json request.json  rules that need a plan, catalogue, inputs
//   media-validate --strict request.json              unknown fields are errors, not warnings
//   cat request.json | media-validate -               read standard input
//   media-validate --max-bytes 1048576 request.json   refuse an input above 1 MiB (default 16 MiB)
//
// Exit codes: 0 valid (warnings may be printed), 1 invalid, 2 could not check (usage, unreadable
// file, an input above --max-bytes, not JSON, unknown operation, a context file that is not a valid
// context).
import { createReadStream, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { operationById } from '../operations.js';
import type { GenerationContext } from '../rules/check.js';
import { formatIssue, type Issue } from '../rules/issues.js';
import { checkOperationRequest } from '../rules/operation-request.js';
import { parseContext } from './context.js';

const USAGE = `usage: media-validate [--operation ID] [--context FILE] [--strict] [--max-errors N] [--max-bytes N] [--json] FILE|-

Checks a request body against the media-generation API contract.
  --operation ID   operationId whose body to check (default generateMedia)
  --context FILE   JSON with { plan, catalogue, inputs } for the rules that need outside facts
  --strict         fields the contract does not name are errors (default: warnings)
  --max-errors N   print at most N errors and N warnings (default 50)
  --max-bytes N    read at most N bytes of each input, or stop with exit 2 (default 16777216, 16 MiB)
  --json           print the result as JSON
Each issue names its rule and where the rule comes from (interface, live-docs or assumption).
Exit codes: 0 valid, 1 invalid, 2 could not check.`;

const DEFAULT_MAX = 50;
/** The most bytes read of each input (request, context) by default: far above any real request. */
export const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;
/** Inputs are read in chunks of this size, so a refused input costs about the cap, never its own size. */
const CHUNK_BYTES = 64 * 1024;

/** Could not check; the message is followed by a pointer to --help. */
class UsageError extends Error {}
/** Could not check; the message says all there is (one line). */
class InputError extends Error {}

/** Control characters, DEL, C1 controls and line/paragraph separators as \uXXXX: printed values cannot drive the terminal. */
export function escapeControl(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The input as text, read as a stream and given up as soon as it passes `maxBytes` (the device
 * `/dev/zero` never ends; a sparse file claims gigabytes it does not hold): memory stays near the cap.
 */
async function readCapped(path: string, what: string, maxBytes: number): Promise<string> {
  const where = path === '-' ? 'standard input' : path;
  const stream = path === '-' ? process.stdin : createReadStream(path, { highWaterMark: CHUNK_BYTES });
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxBytes) throw new InputError(`${what} ${where} is larger than --max-bytes ${count(maxBytes)}: nothing was checked`);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new UsageError(`cannot read ${what} ${path === '-' ? 'from standard input' : path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  } finally {
    if (path !== '-') stream.destroy();
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

async function readJson(path: string, what: string, maxBytes: number): Promise<unknown> {
  const text = await readCapped(path, what, maxBytes);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${what} ${path === '-' ? '(standard input)' : path} is not JSON: ${(error as Error).message}`);
  }
}

/** `… and 769,221 more errors` when the list was cut. */
function more(left: number, what: string): string[] {
  return left > 0 ? [`… and ${count(left)} more ${what}${left === 1 ? '' : 's'}`] : [];
}

/** Runs media-validate with `argv`; resolves to the exit code. */
export async function run(argv: string[], out: (line: string) => void, err: (line: string) => void): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: {
        operation: { type: 'string' },
        context: { type: 'string' },
        strict: { type: 'boolean' },
        'max-errors': { type: 'string' },
        'max-bytes': { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
    });
    if (values.help) {
      out(USAGE);
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError('give exactly one request file (or - for standard input)');
    const operationId = values.operation ?? 'generateMedia';
    const op = operationById(operationId);
    if (!op) throw new UsageError(`unknown operation ${JSON.stringify(operationId)}`);
    if (!op.body) throw new UsageError(`${operationId} takes no request body`);
    const max = values['max-errors'] === undefined ? DEFAULT_MAX : Number(values['max-errors']);
    if (!Number.isSafeInteger(max) || max < 0) throw new UsageError(`--max-errors takes a whole number ≥ 0, got ${JSON.stringify(values['max-errors'])}`);
    const maxBytes = values['max-bytes'] === undefined ? DEFAULT_MAX_BYTES : Number(values['max-bytes']);
    if (!/^\d+$/.test(values['max-bytes'] ?? '0') || !Number.isSafeInteger(maxBytes) || maxBytes < 1) {
      throw new UsageError(`--max-bytes takes a whole number ≥ 1, got ${JSON.stringify(values['max-bytes'])}`);
    }
    const body = await readJson(positionals[0]!, 'request', maxBytes);
    let context: GenerationContext | undefined;
    if (values.context) {
      const parsed = parseContext(await readJson(values.context, 'context', maxBytes));
      if ('errors' in parsed) {
        const shown = parsed.errors.slice(0, max);
        throw new UsageError(
          [
            `context ${values.context} is not a valid context:`,
            ...shown.map((e) => `  ${formatIssue(e)}`),
            ...more(parsed.errors.length - shown.length, 'error'),
          ]
            .map(escapeControl)
            .join('\n'),
        );
      }
      context = parsed.context;
    }
    const strict = values.strict === true;

    // The body alone: the operation's path parameters and query are not the file's to say.
    const checked = checkOperationRequest(op, { body }, { context, strict });
    // Rules skipped for want of facts are named only when facts were given (the plain check skips them all).
    const result = { ...checked, unchecked: context ? checked.unchecked : [] };

    const errors = result.errors.slice(0, max);
    const warnings = result.warnings.slice(0, max);
    if (values.json) {
      const line = (issue: Issue) => ({ issue: formatIssue(issue), rule: issue.rule, source: issue.source });
      out(
        JSON.stringify(
          {
            ok: result.ok,
            errors: errors.map(formatIssue),
            warnings: warnings.map(formatIssue),
            unchecked: result.unchecked,
            rules: { errors: errors.map(line), warnings: warnings.map(line) },
            omitted: { errors: result.errors.length - errors.length, warnings: result.warnings.length - warnings.length },
          },
          null,
          2,
        ),
      );
    } else {
      const print = (line: string) => out(escapeControl(line));
      const basis = (issue: Issue) => (issue.source === 'assumption' ? ' [assumption]' : '');
      for (const issue of errors) print(`error   ${formatIssue(issue)}${basis(issue)}`);
      for (const line of more(result.errors.length - errors.length, 'error')) print(line);
      for (const issue of warnings) print(`warning ${formatIssue(issue)}`);
      for (const line of more(result.warnings.length - warnings.length, 'warning')) print(line);
      for (const rule of result.unchecked) print(`skipped ${rule}`);
      print(
        result.ok
          ? `valid ${operationId} request${result.warnings.length ? ` (${count(result.warnings.length)} warning${result.warnings.length === 1 ? '' : 's'})` : ''}`
          : `invalid: ${count(result.errors.length)} error${result.errors.length === 1 ? '' : 's'}`,
      );
    }
    return result.ok ? 0 : 1;
  } catch (error) {
    if (error instanceof InputError) {
      err(escapeControl(`media-validate: ${error.message}`));
      return 2;
    }
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      // Lines of the message are ours; each is escaped on its own, so a value cannot add lines.
      for (const line of `media-validate: ${(error as Error).message}`.split('\n')) err(escapeControl(line));
      err('run media-validate --help for usage');
      return 2;
    }
    throw error;
  }
}

// Run when executed directly, also through the bin link package managers create (not when imported).
const invokedAs = process.argv[1] ? realpathSync(process.argv[1]) : '';
if (invokedAs === fileURLToPath(import.meta.url)) {
  process.exitCode = await run(
    process.argv.slice(2),
    (l) => console.log(l),
    (l) => console.error(l),
  );
}
