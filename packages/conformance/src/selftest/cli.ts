// `pnpm selftest`: runs the suite against every broken target and the faithful mocks, prints the
// catch rate and the false-failure count. Exit 0 only for a 100 % catch rate and no false failure.
import { parseArgs } from 'node:util';
import { formatSelftest } from './format.js';
import { runSelftest } from './run.js';

const { values } = parseArgs({
  options: { only: { type: 'string', multiple: true }, 'max-examples': { type: 'string' }, seed: { type: 'string' } },
});
const result = await runSelftest({
  only: (values.only ?? []).flatMap((v) => v.split(',')),
  ...(values['max-examples'] ? { maxExamples: Number(values['max-examples']) } : {}),
  ...(values.seed ? { seed: Number(values.seed) } : {}),
  onResult: (r) => {
    if ('id' in r) process.stdout.write(`${r.caught ? 'caught' : 'MISSED'} ${r.id} (${r.expect})\n`);
    else process.stdout.write(`${r.ok ? 'passed' : 'FAILED'} faithful ${r.target} (${r.mode})\n`);
  },
});
process.stdout.write(`\n${formatSelftest(result)}\n`);
process.exitCode = result.caught === result.total && result.falseFailures === 0 && result.falseFailuresStrict === 0 ? 0 : 1;
