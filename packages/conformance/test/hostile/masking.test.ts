// No writer holds the key, in any form: for random keys and every form a key takes (raw, case
// variants, percent-encoded in part or whole, base64, base64url, hex, JSON \u escapes, userinfo,
// Bearer, Basic), an exchange carries the form in a header, the query, the body and the answer, and
// every real writer runs on it: a live run of the suite against a server echoing every form of the
// key it was sent (console, JSON, HAR); the validating proxy's violation lines, summary and --har (a real proxy
// on loopback before a real upstream echoing what it gets), and, from a recording holding the key in
// clear, the console, JSON, JUnit and HTML reports, the re-written HAR ("a recording safe to share"),
// the evidence file, the usage file and the upgrade report. The scan decodes each output layer by
// layer (keyIn), so a form the masker does not know is found all the same.

import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { startValidatingProxy } from '../../src/proxy/server.js';
import { formatSummary } from '../../src/report/console.js';
import { toHtml } from '../../src/report/html.js';
import { toJson } from '../../src/report/json.js';
import { toJunit } from '../../src/report/junit.js';
import { har } from '../har/recordings.js';
import { keyForms, keyIn } from '../support/key-forms.js';

/** Keys of 12 to 32 characters, with the characters that change when encoded. */
const keys = fc.string({ unit: fc.constantFrom(...'ABCDEFGHJKabcdefghjk0123456789-_.~+/=!'), minLength: 12, maxLength: 32 }).filter((k) => /[a-z]/i.test(k));

/** A form as it may stand in a query value (encoded where it must be). */
const inQuery = (form: string) => (/^[\w.~%!-]*$/.test(form) ? form : encodeURIComponent(form));

/** The outputs that show the exchanges themselves (URLs, curl lines, bodies). */
const CARRIERS = [
  'proxy lines and summary',
  'proxy --har',
  'proxy JSON',
  'console, stderr and announcements',
  'run.json',
  'run.xml',
  'run.html',
  'shared.har',
  'evidence.json',
];

/** Every output, by writer, that holds the key: `writer: how`. */
function leaks(outputs: Record<string, string>, key: string): string[] {
  return Object.entries(outputs).flatMap(([writer, text]) => keyIn(text, key).map((how) => `${writer}: ${how}`));
}

/** An upstream that echoes what it got into its answer: the body, the query, a header, in the body and headers. */
let echo: Server;
beforeAll(async () => {
  echo = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://upstream');
      // A request with no form of its own (the suite's own run) gets every form of the key it sent.
      const sent = String(req.headers['x-api-key'] ?? '');
      const form = url.searchParams.get('q') ?? (req.headers['x-echo'] as string | undefined) ?? Object.values(keyForms(sent)).join(' ');
      // A list that is not one (a violation, whose line shows the exchange), or a refusal echoing the body.
      const get = req.method === 'GET';
      if (url.searchParams.get('q') === null && req.headers['x-echo'] === undefined) {
        // The suite's own run: an answer it accepts, carrying every form of the key it sent.
        res.writeHead(200, { 'content-type': 'application/json', 'x-echo': form.replace(/[^\x20-\x7e]/g, '?') });
        res.end(JSON.stringify({ data: [], err: null, echo: form }));
        return;
      }
      const text = JSON.stringify(
        get ? { data: `not a list ${form}`, err: null } : { data: null, err: { code: 'unauthorized', message: `bad key ${form} in ${body}` } },
      );
      res.writeHead(get ? 200 : 401, {
        'content-type': 'application/json',
        'x-echo': form.replace(/[^\x20-\x7e]/g, '?'),
        location: `https://user:${form}@elsewhere.test/`,
      });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => echo.close(() => resolve())));

async function throughProxy(dir: string, key: string, forms: Record<string, string>): Promise<Record<string, string>> {
  const { port } = echo.address() as { port: number };
  const harPath = join(dir, 'proxy.har');
  const lines: string[] = [];
  const proxy = await startValidatingProxy({
    upstream: `http://127.0.0.1:${port}`,
    insecureUpstream: true,
    har: harPath,
    onViolation: (line) => lines.push(line),
    onRefused: (line) => lines.push(line),
  });
  const requests = async () => {
    for (const form of Object.values(forms)) {
      const headers = { 'x-api-key': key, 'x-echo': form, 'content-type': 'application/json' };
      await (await fetch(`${proxy.url}/pub/v1/voices?q=${inQuery(form)}`, { headers })).text();
      await (await fetch(`${proxy.url}/pub/v1/generations`, { method: 'POST', headers, body: JSON.stringify({ prompt: form }) })).text();
    }
  };
  await requests().finally(() => proxy.stop());
  const report = await proxy.stop();
  lines.push(formatSummary(report, { color: false, verbose: true }));
  return {
    'proxy lines and summary': lines.join('\n'),
    'proxy --har': await readFile(harPath, 'utf8'),
    'proxy JSON': toJson(report),
    'proxy JUnit': toJunit(report),
    'proxy HTML': toHtml(report),
  };
}

async function fromRecording(dir: string, key: string, forms: Record<string, string>): Promise<Record<string, string>> {
  const recording = join(dir, 'clear.har');
  await writeFile(
    recording,
    har(
      Object.values(forms).flatMap((form) => {
        const err = { data: null, err: { code: 'unauthorized', message: `bad key ${form}` }, echo: [form] };
        const headers = [
          { name: 'X-Echo', value: form },
          { name: 'Location', value: `https://user:${form}@elsewhere.test/` },
          { name: 'WWW-Authenticate', value: `Bearer ${form}` },
        ];
        return [
          // Answers that break the contract: the failures' curl lines, evidence and messages show the exchange.
          { method: 'GET', path: `/pub/v1/voices?q=${inQuery(form)}`, key, status: 200, answer: { data: `not a list ${form}`, err: null }, headers },
          { method: 'POST', path: '/pub/v1/generations', key, body: { prompt: form, note: [form], [form]: 1 }, status: 400, answer: err, headers },
          // The form as a field name, sent and answered (a usage file keeps names).
          { method: 'GET', path: '/pub/v1/models', key, status: 200, answer: { data: [{ name: 'm', [form]: form }], err: null }, headers },
          {
            method: 'GET',
            path: `/pub/v1/generations/${inQuery(form)}`,
            key,
            status: 200,
            answer: { data: { generation_id: form, status: 7 }, err: null },
            headers,
          },
        ];
      }),
    ),
  );
  let out = '';
  const io = { stdout: (t: string) => void (out += t), stderr: (t: string) => void (out += t), env: { NO_COLOR: '1' }, cwd: dir, isTty: false };
  const reports = ['json=run.json', 'junit=run.xml', 'html=run.html', 'har=shared.har'];
  await main(['--from-har', recording, '--reporter', 'console', ...reports.flatMap((r) => ['--reporter', r]), '--evidence', 'evidence.json', '--verbose'], io);
  await main(['usage', '--from-har', recording, '--consumer', 'app', '--out', 'usage.json'], io);
  await main(['upgrade', '--from-har', recording, '--reporter', 'console', '--reporter', 'json=upgrade.json', '--reporter', 'html=upgrade.html'], io);
  await main(['upgrade', '--usage', 'usage.json', '--reporter', 'console'], io);
  const { port } = echo.address() as { port: number };
  await main(
    [
      '--base-url',
      `http://127.0.0.1:${port}`,
      '--mode',
      'read-only',
      '--operation',
      'listVoices',
      '--max-examples',
      '2',
      '--reporter',
      'console',
      '--reporter',
      'json=live.json',
      '--reporter',
      'har=live.har',
      '--verbose',
    ],
    { ...io, env: { NO_COLOR: '1', MEDIAGEN_API_KEY: key } },
  );
  const file = (name: string) => readFile(join(dir, name), 'utf8').catch(() => '');
  const outputs: Record<string, string> = { 'console, stderr and announcements': out };
  for (const name of ['live.json', 'live.har', 'run.json', 'run.xml', 'run.html', 'shared.har', 'evidence.json', 'usage.json', 'upgrade.json', 'upgrade.html'])
    outputs[name] = await file(name);
  return outputs;
}

describe('no writer holds the key in any form', () => {
  it('the scan finds every form (it is not vacuous)', () => {
    const key = 'Key-with+odd/chars=0123';
    for (const [name, form] of Object.entries(keyForms(key))) expect(keyIn(`…${form}…`, key), name).not.toEqual([]);
  });

  it('for random keys: every form, in every place, through every writer', async () => {
    await fc.assert(
      fc.asyncProperty(keys, async (key) => {
        const dir = await mkdtemp(join(tmpdir(), 'masking-'));
        const forms = keyForms(key);
        const outputs = { ...(await throughProxy(dir, key, forms)), ...(await fromRecording(dir, key, forms)) };
        // Each writer wrote something: an empty output would hold no key for want of running.
        for (const [writer, text] of Object.entries(outputs)) expect(text.length, writer).toBeGreaterThan(0);
        // The writers that show exchanges showed these, masked (usage files and upgrade reports hold names only).
        for (const writer of CARRIERS) expect(outputs[writer], writer).toContain('***');
        if (process.env.DUMP_DIR) console.log('DIR', dir);
        expect(leaks(outputs, key)).toEqual([]);
      }),
      { numRuns: 8, seed: 31 },
    );
  }, 600_000);
});
