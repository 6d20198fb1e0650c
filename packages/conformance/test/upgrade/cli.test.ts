// `media-conformance usage` and `media-conformance upgrade` on the command line: a usage file kept
// across runs, the upgrade report from it and from the recording (console, JSON, HTML), what a
// recording can carry into a report (markup, terminal escapes) shown and never obeyed, and the exit
// codes: 0 nothing breaks, 1 a call would break, 2 could not run (one line, no stack).
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../src/index.js';
import { readUsageFile } from '../../src/usage/index.js';
import { datedApp, recordThroughProxy } from '../support/recordings.js';

const KEY = 'sk-upgrade-cli-9902';
const HOSTILE = `<script>document.title='pwned'</script>\u001b[2J<img src=x onerror=alert(1)>`;

async function run(args: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const code = await cli(args, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), env: {}, cwd });
  return { code, stdout, stderr };
}

/** A recording of 2024-11-08 whose one generation (Flux with a control mode, served then) a later rule refuses; its prompt is hostile. */
function hostileRecording(path: string): void {
  const answer = (data: unknown) => ({
    status: 200,
    headers: [{ name: 'content-type', value: 'application/json' }],
    content: { text: JSON.stringify({ data, err: {} }) },
  });
  const item = { prompt: { positive: HOSTILE }, model: 'Flux', aspect_ratio: '1:1', control_net: { asset_id: 'ast_01', name: 'Canny', control_mode: 0 } };
  const entry = (i: number, method: string, url: string, response: unknown, body?: unknown) => ({
    startedDateTime: `2024-11-20T10:00:0${i}Z`,
    time: 5,
    request: { method, url, headers: [{ name: 'X-API-KEY', value: KEY }], ...(body ? { postData: { text: JSON.stringify(body) } } : {}) },
    response,
  });
  const entries = [
    entry(0, 'GET', 'https://api.rendernet.ai/pub/v1/models?type=flux', answer([{ name: 'Flux', base_model: 'flux' }])),
    entry(1, 'POST', 'https://api.rendernet.ai/pub/v1/generations', answer({ generation_id: 'gen_1', credits_remaining: 9, media: [] }), [item]),
  ];
  writeFileSync(path, JSON.stringify({ log: { version: '1.2', entries } }));
}

describe('media-conformance usage and upgrade', () => {
  let dir: string;
  let har: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'upgrade-cli-'));
    har = await recordThroughProxy('baseline', KEY, (url) => datedApp(url, KEY, 'baseline'), dir);
  });

  it('usage: merges a recording into a usage file, run after run', async () => {
    const first = await run(['usage', '--from-har', har, '--consumer', 'legacy-app', '--out', 'usage/legacy-app.json'], dir);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /^usage of legacy-app: 5 exchanges of 5 operations \(API at http:\/\/127\.0\.0\.1:\d+, 0 other entries ignored\) merged into usage\/legacy-app\.json: 5 exchanges in all\n$/,
    );
    expect((await run(['usage', '--from-har', har, '--consumer', 'legacy-app', '--out', 'usage/legacy-app.json'], dir)).stdout).toContain(
      '10 exchanges in all',
    );
    const usage = readUsageFile(join(dir, 'usage', 'legacy-app.json'));
    expect(usage).toMatchObject({ consumer: 'legacy-app', exchanges: 10 });
    expect(usage.operations.listGenerations!.sent.query.image_id).toBe(2);
  });

  it('upgrade --usage: the changes from a usage file alone (no call replayed), exit 1 when one is required', async () => {
    const fromUsage = await run(['upgrade', '--usage', 'usage/legacy-app.json', '--no-color', '--reporter', 'json=reports/usage.json'], dir);
    expect(fromUsage.code).toBe(1);
    const fromHar = await run(['upgrade', '--from-har', har, '--no-color', '--reporter', 'json=reports/har.json'], dir);
    expect(fromHar.code).toBe(1);
    const [a, b] = ['usage', 'har'].map((name) => JSON.parse(readFileSync(join(dir, 'reports', `${name}.json`), 'utf8')));
    expect(a.format).toBe('mediagen-upgrade/1');
    expect(a.source).toMatchObject({ kind: 'usage', consumer: 'legacy-app' });
    expect(a.replay).toBeUndefined();
    expect(a.notes).toContain(
      `read the usage of legacy-app (${join(dir, 'usage/legacy-app.json')}): 10 exchanges; a usage file holds no exchange, so no call was replayed`,
    );
    // The same changes, found from the usage as from the recording.
    const changes = (report: { operations: { operationId: string; changes: { date: string; where: string; after: string }[] }[] }) =>
      report.operations.flatMap((o) => o.changes.map((c) => `${o.operationId} ${c.date} ${c.where} ${c.after}`)).sort();
    expect(changes(a)).toEqual(changes(b));
    expect(b.summary.required).toBe(8);
    expect(b.replay).toMatchObject({ calls: 5, passing: 5 });
  });

  it('upgrade: a recording cannot colour the terminal nor run in the HTML report', async () => {
    const file = join(dir, `flux<img src=x onerror=alert(2)>\u001b[2J.har`);
    hostileRecording(file);
    const { code, stdout } = await run(['upgrade', '--from-har', file, '--reporter', 'console', '--reporter', 'html=reports/upgrade.html', '--no-color'], dir);
    expect(code).toBe(1);
    expect(stdout).toContain(
      'negative_data_rejection · flux_control_net_modes (assumption): [0].control_net.control_mode: not supported with Flux: the client of 2025-05-07 refuses this request before sending it',
    );
    expect(stdout).not.toContain('\u001b');
    expect(stdout).toContain('\\x1b[2J');
    expect(stdout).not.toContain(KEY);
    const html = readFileSync(join(dir, 'reports', 'upgrade.html'), 'utf8');
    expect(html).toContain('<span class="verdict bad">WOULD BREAK</span>');
    expect(html).not.toMatch(/<script|<img|onerror=alert\(1\)>/);
    expect(html).toContain('&#60;script&#62;document.title=');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(html).toContain('flux&#60;img src=x onerror=alert(2)&#62;\\x1b[2J.har');
    expect(html).not.toContain('\u001b');
    expect(html).not.toContain(KEY);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`);
  });

  it('says in one line why it cannot run (exit 2)', async () => {
    const cases: [string[], string][] = [
      [['upgrade'], 'upgrade needs one of --from-har FILE and --usage FILE'],
      [['upgrade', '--from-har', har, '--usage', 'usage/legacy-app.json'], 'upgrade needs one of --from-har FILE and --usage FILE'],
      [['upgrade', '--from-har', har, '--to', 'soon'], '--to: Invalid API version "soon": expected a date written YYYY-MM-DD or "baseline".'],
      [['upgrade', '--from-har', 'missing.har'], `--from-har: cannot read ${join(dir, 'missing.har')}: ENOENT`],
      [['upgrade', '--usage', 'missing.json'], `usage file: cannot read ${join(dir, 'missing.json')}: ENOENT`],
      [['upgrade', '--from-har', har, '--reporter', 'junit=x.xml'], '--reporter must be console, json=PATH or html=PATH, got "junit=x.xml"'],
      [['usage', '--from-har', har, '--consumer', 'two words', '--out', 'u.json'], '--consumer must name the consumer'],
      [['usage', '--from-har', har, '--out', 'u.json'], '--consumer must name the consumer'],
      [['usage', '--from-har', har], 'usage needs --from-har FILE, --consumer NAME and --out FILE'],
      [['upgrade', '--bogus'], "Unknown option '--bogus'"],
    ];
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = await run(args, dir);
      expect(code, args.join(' ')).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.startsWith(`media-conformance: ${message}`), stderr).toBe(true);
      expect(stderr.trim().split('\n')).toHaveLength(1);
    }
    expect((await run(['upgrade', '--help'], dir)).stdout).toContain('Usage: media-conformance upgrade --from-har FILE [--to DATE] [options]');
    expect((await run(['usage', '--help'], dir)).stdout).toContain('Usage: media-conformance usage --from-har FILE --consumer NAME --out FILE');
  });
});
