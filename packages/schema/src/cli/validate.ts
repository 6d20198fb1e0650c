#!/usr/bin/env node
// `media-validate`: checks a generation request (or any operation's request body) against the
// contract before it is sent, with the same path-precise messages the client and the mock use.
//
//   media-validate request.json                       generation request (generate/estimate body)
//   media-validate --operation createCharacter b.json another operation's body
//   media-validate --context context.json request.json  rules that need a plan, catalogue, inputs
//   cat request.json | media-validate -               read standard input
//
// Exit codes: 0 valid (warnings may be printed), 1 invalid, 2 could not check (usage, unreadable
// file, not JSON, unknown operation).
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { operationsById } from '../operations.js';
import { type GenerationContext, checkGenerationRequest } from '../rules/check.js';
import { type Issue, formatIssue, validate } from '../rules/issues.js';

const USAGE = `usage: media-validate [--operation ID] [--context FILE] [--json] FILE|-

Checks a request body against the media-generation API contract.
  --operation ID   operationId whose body to check (default generateMedia)
  --context FILE   JSON with { plan, catalogue, inputs } for the rules that need outside facts
  --json           print the result as JSON
Exit codes: 0 valid, 1 invalid, 2 could not check.`;

class UsageError extends Error {}

function readJson(path: string, what: string): unknown {
  let text: string;
  try {
    text = path === '-' ? readFileSync(0, 'utf8') : readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${what} ${path === '-' ? 'from standard input' : path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${what} ${path === '-' ? '(standard input)' : path} is not JSON: ${(error as Error).message}`);
  }
}

interface Result {
  ok: boolean;
  errors: Issue[];
  warnings: Issue[];
  unchecked: string[];
}

export function run(argv: string[], out: (line: string) => void, err: (line: string) => void): number {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { operation: { type: 'string' }, context: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    });
    if (values.help) {
      out(USAGE);
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError('give exactly one request file (or - for standard input)');
    const operationId = values.operation ?? 'generateMedia';
    const op = operationsById[operationId];
    if (!op) throw new UsageError(`unknown operation ${JSON.stringify(operationId)}`);
    if (!op.body) throw new UsageError(`${operationId} takes no request body`);
    const body = readJson(positionals[0]!, 'request');
    const context = values.context ? (readJson(values.context, 'context') as GenerationContext) : undefined;

    let result: Result;
    if (operationId === 'generateMedia' || operationId === 'estimateGeneration') {
      const checked = checkGenerationRequest(body, context);
      result = { ok: checked.ok, errors: checked.errors, warnings: checked.warnings, unchecked: context ? checked.unchecked : [] };
    } else {
      const checked = validate(op.body, body);
      result = { ok: checked.success, errors: checked.errors, warnings: [], unchecked: [] };
    }

    if (values.json) {
      out(JSON.stringify({ ...result, errors: result.errors.map(formatIssue), warnings: result.warnings.map(formatIssue) }, null, 2));
    } else {
      for (const issue of result.errors) out(`error   ${formatIssue(issue)}`);
      for (const issue of result.warnings) out(`warning ${formatIssue(issue)}`);
      for (const rule of result.unchecked) out(`skipped ${rule}`);
      out(result.ok ? `valid ${operationId} request${result.warnings.length ? ` (${result.warnings.length} warning${result.warnings.length === 1 ? '' : 's'})` : ''}` : `invalid: ${result.errors.length} error${result.errors.length === 1 ? '' : 's'}`);
    }
    return result.ok ? 0 : 1;
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      err(`media-validate: ${(error as Error).message}`);
      err('run media-validate --help for usage');
      return 2;
    }
    throw error;
  }
}

// Run when executed directly, also through the bin link package managers create (not when imported).
const invokedAs = process.argv[1] ? realpathSync(process.argv[1]) : '';
if (invokedAs === fileURLToPath(import.meta.url)) {
  process.exitCode = run(process.argv.slice(2), (l) => console.log(l), (l) => console.error(l));
}
