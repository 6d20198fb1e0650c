// `npm run bench` (proxy): the validating proxy's peak resident memory while it carries many large
// answers at once. The proxy runs as the CLI in a child process (peak RSS from getrusage at exit); an
// upstream answering every request with the same 20 MB envelope and the clients, which read every
// answer to its end, run in this process. What the proxy keeps for judging is bounded per answer
// (--max-answer-bytes) and across the answers in flight (--max-kept-bytes): the peak stays near
// that bound plus the process's own, however many answers stream at once.
// Usage: tsx --conditions=@mediagen/source bench/proxy.ts [--clients N] [--answer-mib N]
import { parseArgs } from 'node:util';
import { crowd, largeAnswers } from '../test/proxy/crowd.js';
import { startProxyProcess } from '../test/proxy/process.js';

const { values } = parseArgs({ options: { clients: { type: 'string' }, 'answer-mib': { type: 'string' } } });
const CLIENTS = values.clients ? Number(values.clients) : 120;
const ANSWER_MIB = values['answer-mib'] ? Number(values['answer-mib']) : 20;
const MIB = 1024 * 1024;

// Every answer in flight at once (each held back by its last byte until all were sent): the worst case.
const upstream = await largeAnswers(ANSWER_MIB * MIB, CLIENTS);
try {
  const idle = await startProxyProcess(['--upstream', upstream.url, '--insecure-upstream', '--port', '0'], { limitMs: 600_000 });
  idle.signal('SIGINT');
  const idleExit = await idle.exited;

  const proxy = await startProxyProcess(['--upstream', upstream.url, '--insecure-upstream', '--port', '0'], { limitMs: 600_000 });
  const started = performance.now();
  const got = await crowd(proxy.url, CLIENTS);
  const wallMs = performance.now() - started;
  proxy.signal('SIGINT');
  const exit = await proxy.exited;
  const whole = got.filter((bytes) => bytes >= ANSWER_MIB * MIB - 1024).length;
  const cut = /(\d+) answers? judged on their first bytes only/.exec(proxy.stdout())?.[1] ?? '0';
  process.stdout.write(`Validating proxy under ${CLIENTS} concurrent ${ANSWER_MIB} MB answers (the CLI in a child process)\n`);
  process.stdout.write(
    `  peak RSS ${exit.peakMiB.toFixed(0)} MiB (idle proxy: ${idleExit.peakMiB.toFixed(0)} MiB); ${whole}/${CLIENTS} answers streamed whole in ${(wallMs / 1000).toFixed(1)} s; ${cut} judged on their start (the shared judging budget was full); exit ${exit.code}\n`,
  );
  if (whole !== CLIENTS || exit.code === null) process.exitCode = 1;
} finally {
  await upstream.stop();
}
