// media-validate, run as users run it: a real process, files on disk, standard input, exit codes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'media-validate-'));
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};
const cli = (args: string[], input?: string) => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(packageRoot, 'src/cli/validate.ts'), ...args], { cwd: packageRoot, input, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe('media-validate', () => {
  it('exits 0 on a valid request and prints warnings', () => {
    const r = cli([file('ok.json', [{ segment: { asset_id: 'a', find: 'x', replace: 'y' }, steps: 20 }])]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('warning [0].steps: ignored: a segment generation reads only its own object');
    expect(r.out).toContain('valid generateMedia request (1 warning)');
  });

  it('exits 1 with path-precise errors, from standard input', () => {
    const r = cli(['-'], JSON.stringify([{ model: 'M' }, { video_anyone: { media_id: 'm', prompt: 'x'.repeat(501) } }]));
    expect(r.code).toBe(1);
    expect(r.out).toContain('error   [1].video_anyone.prompt: at most 500 characters');
    expect(r.out).toContain('invalid: 1 error');
  });

  it('applies context rules and names skipped ones', () => {
    const request = file('ctx-req.json', [{ model: 'M', batch_size: 8, loras: [{ name: 'film', weight: 1 }] }]);
    const r = cli(['--context', file('ctx.json', { plan: { maxBatchSize: 4 } }), request]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('error   [0].batch_size: must be ≤ 4 (the maximum of the plan)');
    expect(r.out).toContain('skipped [0].loras: base model match (no LoRA listing given)');
  });

  it('checks other operations and prints JSON', () => {
    const r = cli(['--operation', 'createCharacter', '--json', file('char.json', { asset_id: 'a', character_type: 'Realistic', name: 'n', prompt: 'p' })]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out).errors).toEqual(['character_type: must be one of "realistic", "stylized" (case-sensitive); got "Realistic", did you mean "realistic"?']);
  });

  it.each([
    [['nope.json'], /cannot read request nope.json: ENOENT/],
    [[file('bad.json', '{ not json')], /is not JSON/],
    [['--operation', 'launchRocket', 'x.json'], /unknown operation "launchRocket"/],
    [['--operation', 'listModels', 'x.json'], /listModels takes no request body/],
    [['--frobnicate', 'x.json'], /Unknown option '--frobnicate'/],
    [[], /give exactly one request file/],
  ])('exits 2 without a stack trace for %j', (args, message) => {
    const r = cli(args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err).not.toMatch(/\n\s+at /);
  });

  it('prints usage with --help', () => {
    const r = cli(['--help']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Exit codes: 0 valid, 1 invalid, 2 could not check/);
  });
});
