// A reader of a usage folder as the gate and the site read it (`readUsageDir` of the built package,
// `@mediagen/conformance/usage`), as a real process: prints the consumers, or the error's one line
// on stderr and exits 2. A read that never ends (a FIFO) is the test's watchdog's to kill.
import { readUsageDir } from '@mediagen/conformance/usage';

try {
  process.stdout.write(
    `${readUsageDir(process.argv[2])
      .map((u) => u.consumer)
      .join(',')}\n`,
  );
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 2;
}
