// The published declarations compile for a strict consumer: `exactOptionalPropertyTypes: true` and
// `skipLibCheck: false`, NodeNext resolution. The declarations are what the package's `build` script
// emitted into dist/ (turbo builds the package before its tests, and caches the build), copied into
// a scratch folder under its node_modules (so its dependencies resolve as a consumer's would), and a
// small consumer using every entry point is compiled against that copy. Only diagnostics in the
// mock's own declarations and in the consumer fail the test: the other packages' declarations are
// theirs to keep.
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { built } from '../built.js';
import { packageRoot } from '../cli-process.js';

const scratch = join(packageRoot, 'node_modules', '.cache', `declarations-${process.pid}`);
const dist = join(scratch, 'dist');

const CONSUMER = `
import { createSandbox, EDGE_LIMITS, MOCK_HEADER, type MockOptions, requestLine, SANDBOX_API_KEY, SANDBOX_DEFAULTS, type SandboxServerOptions, startMock, startSandbox } from './dist/index.js';
import { createBodyBudget, createEdgeServer, createGate, type EdgeLimits, readBody, resolveEdgeLimits } from './dist/edge/index.js';
import { createSandbox as createBare, type SandboxOptions } from './dist/sandbox/index.js';

const limits: Partial<EdgeLimits> = { bodyTimeoutMs: 1_000, maxConnections: 8 };
const mock: MockOptions = { port: 0, dynamic: true, watch: false, cors: ['http://localhost:5173'], limits, onRequest: (entry) => console.log(requestLine(entry)) };
const server: SandboxServerOptions = { seed: 1, budgets: { uploads: 3 }, corsCredentials: false, publicUrl: 'http://localhost:4010', faults: { errorRate: 0 } };
const bare: SandboxOptions = { credits: SANDBOX_DEFAULTS.credits, apiKeys: [SANDBOX_API_KEY], delays: { pendingMs: 1 } };
const { app, state } = createSandbox(bare);
const again = createBare({ at: 'baseline' });
const header: string = MOCK_HEADER;
const timeout: number = EDGE_LIMITS.bodyTimeoutMs + resolveEdgeLimits(limits).headersTimeoutMs;
const budget = createBodyBudget(1024);
const gate = createGate({ port: () => 4010, host: '127.0.0.1' });
void [startMock(mock), startSandbox(server), app, state.credits, again.version, header, timeout, budget.used, gate.hosts(), readBody, createEdgeServer];
`;

let diagnostics: ts.Diagnostic[] = [];
let checked: ts.SourceFile[] = [];

beforeAll(() => {
  // The package's own build, as the build task left it (and the schema's, whose declarations it
  // imports), stopping when either is missing or older than its source; no second build here.
  const build = built('mock/dist');
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  cpSync(build, dist, { recursive: true });
  writeFileSync(join(scratch, 'consumer.ts'), CONSUMER);
  const program = ts.createProgram({
    rootNames: [join(scratch, 'consumer.ts')],
    options: {
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      exactOptionalPropertyTypes: true,
      skipLibCheck: false,
      noEmit: true,
      types: ['node'],
    },
  });
  // Only the copy's files and the consumer are checked: diagnostics are found file by file, and the
  // libraries' own (lib.dom.d.ts, @types/node, …) are not looked at, so they need not be computed.
  checked = program.getSourceFiles().filter((file) => file.fileName.startsWith(scratch));
  diagnostics = checked.flatMap((file) => ts.getPreEmitDiagnostics(program, file));
  // One compiler run: seconds on a quiet machine, a minute or more on a loaded one; the limit only catches a hang.
}, 600_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const where = (d: ts.Diagnostic) => (d.file ? relative(scratch, d.file.fileName) : '(global)');
const describeAll = (list: ts.Diagnostic[]) => list.map((d) => `${where(d)}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);

describe('a consumer with exactOptionalPropertyTypes and skipLibCheck: false', () => {
  it('compiles against the mock\u2019s declarations: none of its own files, nor the consumer, has an error', () => {
    // The consumer and the copy of the declarations it imports were checked (not an empty list).
    const names = checked.map((file) => relative(scratch, file.fileName));
    expect(names).toEqual(expect.arrayContaining(['consumer.ts', 'dist/index.d.ts', 'dist/edge/index.d.ts', 'dist/sandbox/index.d.ts']));
    const ours = diagnostics.filter((d) => d.file?.fileName.startsWith(scratch));
    expect(describeAll(ours)).toEqual([]);
  });

  it('is strict (the check is not vacuous): a consumer passing undefined for an optional option is refused', { timeout: 600_000 }, () => {
    writeFileSync(join(scratch, 'wrong.ts'), `import type { MockOptions } from './dist/index.js';\nexport const wrong: MockOptions = { port: undefined };\n`);
    // Only wrong.ts's own diagnostics matter here: the libraries' declarations are the test above's.
    const wrong = ts.createProgram({
      rootNames: [join(scratch, 'wrong.ts')],
      options: {
        skipLibCheck: true,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        strict: true,
        exactOptionalPropertyTypes: true,
        noEmit: true,
        types: ['node'],
      },
    });
    const found = ts.getPreEmitDiagnostics(wrong).filter((d) => d.file?.fileName.endsWith('wrong.ts'));
    expect(describeAll(found).join('\n')).toMatch(/undefined/);
  });
});
