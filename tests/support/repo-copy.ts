// A copy of the working tree as it is (committed or not, without what git ignores), made its own git
// repository on `main` with one commit: for tests that run commands which rewrite the tree.
import { describeRun, repoRoot, run } from './process.js';

/** Runs git with a committer identity of its own (the machine may have none). */
export const git = (args: string[], cwd: string) => run('git', ['-c', 'user.name=ci', '-c', 'user.email=ci@localhost', ...args], { cwd });

/** Copies the working tree into `dest` (an existing, empty directory) and commits it there on `main`. */
export async function copyWorkingTree(dest: string): Promise<void> {
  const files = (await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'])).stdout
    .split('\0')
    // A file deleted in the working tree but not yet from the index is not part of it.
    .filter(Boolean);
  const tar = await run('sh', ['-c', `tar -cf - --null --ignore-failed-read -T - 2>/dev/null | tar -xf - -C '${dest}'`], {
    cwd: repoRoot,
    input: files.join('\0'),
  });
  if (tar.code !== 0) throw new Error(describeRun('copying the working tree', tar));
  for (const args of [
    ['init', '-q', '-b', 'main'],
    ['add', '-A'],
    ['commit', '-qm', 'copy of the working tree'],
  ]) {
    const r = await git(args, dest);
    if (r.code !== 0) throw new Error(describeRun(`git ${args[0]}`, r));
  }
}
