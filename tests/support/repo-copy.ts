// A copy of the working tree as it is (committed or not, without what git ignores), made its own git
// repository on `main` with one commit: for tests that run commands which rewrite the tree.
import { run } from './process.js';

/** Runs git with a committer identity of its own (the machine may have none). */
export const git = (args: string[], cwd: string) => run('git', ['-c', 'user.name=ci', '-c', 'user.email=ci@localhost', ...args], { cwd });

/** Copies the working tree into `dest` (an existing, empty directory) and commits it there on `main` (the release rehearsal's copy). */
export { copyWorkingTree } from '../../scripts/release/rehearse.mjs';
