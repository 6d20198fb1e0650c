// Writers started together: real processes (test/evidence/merge-child.mjs, run built) that each run one
// command line into the same file. Each says `ready` once its modules are loaded; the start file is
// written when all of them have, so their merges begin together whatever the machine's speed (a fixed
// wait was both slower on a quiet machine and no guarantee on a loaded one).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { built } from './built.js';

export interface WriterExit {
  code: number | null;
  stderr: string;
}

/** Starts one writer per command line, releases them together through the start file `go`, and gives each one's exit. */
export async function writeTogether(go: string, commandLines: readonly (readonly string[])[]): Promise<WriterExit[]> {
  const writer = built('conformance/test/evidence/merge-child.mjs');
  const children = commandLines.map((args) => spawn(process.execPath, [writer, go, ...args], { cwd: built('conformance'), stdio: ['ignore', 'pipe', 'pipe'] }));
  const exits = children.map(
    (child) =>
      new Promise<WriterExit>((resolve) => {
        let stderr = '';
        child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.once('close', (code) => resolve({ code, stderr }));
      }),
  );
  // Ready, or gone before saying it (its exit then tells why): either way nothing more to wait for.
  const ready = children.map(
    (child) =>
      new Promise<void>((resolve) => {
        let stdout = '';
        child.stdout!.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (stdout.includes('ready\n')) resolve();
        });
        child.once('close', () => resolve());
      }),
  );
  await Promise.all(ready);
  writeFileSync(go, '');
  return Promise.all(exits);
}
