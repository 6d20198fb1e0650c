// The suite as of a baseline commit, built to compare with: the commit's tree from `git archive`,
// installed and built in a temporary folder with the repository's own bootstrap (Node, npm and the
// pinned pnpm only). A folder that already holds a finished build of the same commit is used again
// (a commit does not change); `fresh` builds it anew.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const say = (line: string) => process.stderr.write(`[bench] ${line}\n`);

function git(args: string[], cwd: string): string {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${(result.stderr || result.error?.message || 'failed').trim()}`);
  return result.stdout.trim();
}

/** Runs a command in `cwd`, its output on stderr; rejects with its exit code. */
function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', process.stderr, process.stderr] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code} (in ${cwd})`))));
  });
}

/** Writes the tree of `commit` into `dir` (git archive, untarred). */
function extract(root: string, commit: string, dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const archive = spawn('git', ['archive', '--format=tar', commit], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    const untar = spawn('tar', ['-x', '-C', dir], { stdio: ['pipe', 'inherit', 'inherit'] });
    archive.stdout.pipe(untar.stdin);
    archive.on('error', reject);
    untar.on('error', reject);
    untar.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`tar exited with ${code}`))));
  });
}

/** The built suite of `commit`: the path of its library entry (dist/index.js). */
export async function baselineSuite(commit: string, options: { fresh?: boolean } = {}): Promise<{ entry: string; commit: string; dir: string }> {
  const root = git(['rev-parse', '--show-toplevel'], process.cwd());
  let full: string;
  try {
    full = git(['rev-parse', '--verify', `${commit}^{commit}`], root);
  } catch {
    throw new Error(`the baseline commit ${commit} is not in this clone's history (a shallow clone?): fetch it, or give another with --baseline`);
  }
  const dir = join(tmpdir(), `mediagen-bench-${full.slice(0, 12)}`);
  const marker = join(dir, '.bench-built');
  const entry = join(dir, 'packages', 'conformance', 'dist', 'index.js');
  if (!options.fresh && existsSync(marker) && readFileSync(marker, 'utf8') === full && existsSync(entry)) {
    say(`baseline ${full.slice(0, 7)}: the build in ${dir} is used again (--fresh builds it anew)`);
    return { entry, commit: full, dir };
  }
  say(`baseline ${full.slice(0, 7)}: building it in ${dir} (install and build take a few minutes)`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await extract(root, full, dir);
  await run(process.execPath, ['scripts/bootstrap.mjs'], dir);
  await run(process.execPath, ['scripts/bootstrap.mjs', 'turbo', 'run', 'build', '--filter=@mediagen/conformance...'], dir);
  if (!existsSync(entry)) throw new Error(`the baseline's build left no ${entry}`);
  writeFileSync(marker, full);
  return { entry, commit: full, dir };
}
