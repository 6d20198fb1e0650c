// The README's "Supported versions" table, tested: every package says the Node it needs in
// `engines`, the conformance suite's vitest peer range names exactly the table's vitest majors, and
// under each Node × vitest pair this machine can run (its own Node, and Node 22 from the npm package
// `node`), a passing and a failing `describeConformance` suite run against the packed packages. A
// supported pair reports the failing check readably; an unsupported one says why in one line first.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeRun, type Finished, repoRoot, run } from '../support/process.js';
import { node22 } from '../support/tools.js';
import { importedEveryEntryPoint, installedProject, packageNames, packedTarballs } from './packed.js';

interface Pair {
  /** The Node line of the row (20, 22) and its lowest supported version. */
  node: { major: number; min: string };
  vitest: number;
  supported: boolean;
  title: string;
}

/** The rows of the README's "## Supported versions" table: `| 20 (20.19+) | 4 | supported |`. */
function readmePairs(): Pair[] {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((s) => s.startsWith('Supported versions\n'));
  if (!section) throw new Error('README.md has no "## Supported versions" section');
  return section
    .split('\n')
    .filter((line) => /^\| \d/.test(line))
    .map((row) => {
      const m = /^\| (\d+) \((\d+\.\d+)\+\) \| (\d+) \| (supported|not supported)\b/.exec(row);
      if (!m) throw new Error(`README Supported versions: cannot read the row ${row}`);
      return {
        node: { major: Number(m[1]), min: m[2]! },
        vitest: Number(m[3]),
        supported: m[4] === 'supported',
        title: `Node ${m[1]} (${m[2]}+) × vitest ${m[3]}: ${m[4]}`,
      };
    });
}

const pairs = readmePairs();
const atLeast = (version: string, min: string) => {
  const [a = 0, b = 0] = version.split('.').map(Number);
  const [c = 0, d = 0] = min.split('.').map(Number);
  return a > c || (a === c && b >= d);
};
const strip = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** The Node binaries this machine has, by major: its own, and Node 22 from .tools/ when it installs. */
const nodes = new Map<number, { path: string; version: string }>();
let node22Reason = '';

beforeAll(async () => {
  nodes.set(Number(process.versions.node.split('.')[0]), { path: process.execPath, version: process.versions.node });
  // Every project the rows need, installed side by side (each row's own hook then finds it ready).
  const [installed] = await Promise.all([node22(), ...[...new Set(pairs.map((p) => p.vitest))].map((major) => installedProject(`vitest-${major}`))]);
  if ('path' in installed) {
    const r = await run(installed.path, ['--version']);
    nodes.set(22, { path: installed.path, version: r.stdout.trim().replace(/^v/, '') });
  } else node22Reason = installed.reason;
}, 1_200_000);

describe('the README table and the package manifests', () => {
  it('lists each Node line with each vitest major the peer range allows', () => {
    expect(pairs.length).toBeGreaterThan(0);
    const majors = [...new Set(pairs.map((p) => p.vitest))].sort((a, b) => a - b);
    for (const line of new Set(pairs.map((p) => p.node.major))) {
      expect(pairs.filter((p) => p.node.major === line).map((p) => p.vitest)).toEqual(majors);
    }
  });

  it('says in every package engines the lowest Node of the table', async () => {
    const lowest = pairs.map((p) => p.node).sort((a, b) => a.major - b.major)[0]!;
    const packed = await packedTarballs();
    for (const name of packageNames) expect(`${name} ${packed.get(name)!.manifest.engines?.node}`).toBe(`${name} >=${lowest.min}`);
  });

  it('gives @mediagen/conformance a vitest peer range of exactly the table majors', async () => {
    const majors = [...new Set(pairs.map((p) => p.vitest))].sort((a, b) => a - b);
    const manifest = (await packedTarballs()).get('@mediagen/conformance')!.manifest;
    expect(manifest.peerDependencies?.vitest).toBe(majors.map((m) => `^${m}.0.0`).join(' || '));
  });
});

const PASSING = `// A suite against the mock's own sandbox: every check passes or is skipped with a reason.
import { describeConformance } from '@mediagen/conformance/vitest';

describeConformance({ target: 'sandbox', operations: ['listModels'], maxExamples: 2 });
`;

const FAILING = `// A server that answers every request with a JSON body outside the {data, err} envelope.
import { createServer } from 'node:http';
import { afterAll } from 'vitest';
import { describeConformance } from '@mediagen/conformance/vitest';

const server = createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"models":[]}'));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise((resolve) => server.close(resolve)));

describeConformance({ baseUrl: \`http://127.0.0.1:\${server.address().port}\`, apiKey: 'any-key', operations: ['listModels'], maxExamples: 0 });
`;

/** Runs one suite file with `node` and the project's vitest, in a directory of its own. */
async function runSuite(project: string, node: string, name: string, source: string): Promise<Finished> {
  const dir = join(project, 'suites', `${name}-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.test.mjs`), source);
  const vitest = join(project, 'node_modules', 'vitest', 'vitest.mjs');
  const r = await run(node, [vitest, 'run', '--root', dir, '--dir', dir], {
    cwd: project,
    env: { ...process.env, NO_COLOR: '1', CI: 'true' },
    // A vitest run in a fresh project beside other work: minutes. Only a hang reaches it.
    timeoutMs: 480_000,
  });
  return { ...r, stdout: strip(r.stdout), stderr: strip(r.stderr) };
}

describe.each(pairs)('$title', (pair) => {
  let project: string;
  let node: { path: string; version: string } | undefined;
  let passing: Finished;
  let failing: Finished;

  beforeAll(async () => {
    node = nodes.get(pair.node.major);
    if (!node) return;
    const installed = await installedProject(`vitest-${pair.vitest}`);
    expect(installed.install.code, describeRun(`npm install (vitest ${pair.vitest})`, installed.install)).toBe(0);
    project = installed.dir;
    const tag = `node${pair.node.major}`;
    [passing, failing] = await Promise.all([runSuite(project, node.path, `passing-${tag}`, PASSING), runSuite(project, node.path, `failing-${tag}`, FAILING)]);
  }, 1_200_000);

  const skipped = (ctx: { skip: (reason: string) => void }) => {
    if (node) return false;
    ctx.skip(pair.node.major === 22 && node22Reason ? node22Reason : `no Node ${pair.node.major} on this machine`);
    return true;
  };

  it('runs on the Node of the row and the vitest of the row', async (ctx) => {
    if (skipped(ctx)) return;
    expect(atLeast(node!.version, pair.node.min), `Node ${node!.version} is not ${pair.node.min}+`).toBe(true);
    const vitest = JSON.parse(readFileSync(join(project, 'node_modules', 'vitest', 'package.json'), 'utf8')).version as string;
    expect(Number(vitest.split('.')[0])).toBe(pair.vitest);
  });

  it('passes a passing suite', (ctx) => {
    if (skipped(ctx)) return;
    expect(passing.code, describeRun('the passing suite', passing)).toBe(0);
    expect(passing.stdout).toMatch(/Tests\s+\d+ passed/);
  });

  if (pair.supported) {
    it('fails a failing suite with a readable report that names the failing check', (ctx) => {
      if (skipped(ctx)) return;
      const output = failing.stdout + failing.stderr;
      expect(failing.code, describeRun('the failing suite', failing)).toBe(1);
      expect(output).toMatch(/FAIL .*listModels > envelope_conformance/);
      expect(output).toMatch(/listModels › envelope_conformance: \d+ failing judgement\(s\)/);
      expect(output).not.toMatch(/TypeError|is not a function|@mediagen\/conformance: vitest/);
    });
  } else {
    it('says in one line, before the run, that this vitest does not run on this Node', (ctx) => {
      if (skipped(ctx)) return;
      const line = new RegExp(
        `^@mediagen/conformance: vitest ${pair.vitest}\\.\\d+\\.\\d+ needs Node .+ and this is Node ${pair.node.major}\\.\\d+\\.\\d+: .+$`,
        'm',
      );
      expect(failing.code).not.toBe(0);
      expect(failing.stdout + failing.stderr).toMatch(line);
      // The passing suite still passes, and says the same.
      expect(passing.stdout + passing.stderr).toMatch(line);
    });
  }

  it('imports every entry point of every package', async (ctx) => {
    if (skipped(ctx)) return;
    const { entries, result } = await importedEveryEntryPoint(`vitest-${pair.vitest}`, node!.path);
    expect(result.code, describeRun(`importing ${entries.length} entry points on Node ${node!.version}`, result)).toBe(0);
  });
});
