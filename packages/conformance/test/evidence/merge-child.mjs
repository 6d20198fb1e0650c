// One of the concurrent writers of test/evidence/hostile.test.ts and test/usage/hostile.test.ts
// (started by test/support/writers.ts): a real process that says `ready` on its stdout once its modules
// are loaded, waits for the start line (the file named first appears), then runs the command line with
// the other arguments and exits with its code. The test writes the start file once every writer said
// ready, so all of them start their merges within milliseconds of each other however long loading
// took. It imports the package by its name, as a user's program does: the build (dist/).
import { existsSync } from 'node:fs';
import { cli } from '@mediagen/conformance';

const [go, ...args] = process.argv.slice(2);
process.stdout.write('ready\n');
while (!existsSync(go)) await new Promise((resolve) => setTimeout(resolve, 5));
process.exitCode = await cli(args, { stderr: (text) => void process.stderr.write(text), stdout: () => undefined });
