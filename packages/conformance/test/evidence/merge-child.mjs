// One of the concurrent writers of test/evidence/hostile.test.ts and test/usage/hostile.test.ts: a real
// process that waits for the
// start line (the file named first appears), then runs the command line with the other arguments and
// exits with its code. All the writers start their merges within milliseconds of each other. It
// imports the package by its name, as a user's program does: the build (dist/).
import { existsSync } from 'node:fs';
import { cli } from '@mediagen/conformance';

const [go, ...args] = process.argv.slice(2);
while (!existsSync(go)) await new Promise((resolve) => setTimeout(resolve, 5));
process.exitCode = await cli(args, { stderr: (text) => void process.stderr.write(text), stdout: () => undefined });
