// media-validate, run as users run it: a real process, files on disk, standard input, exit codes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateBin } from '../support/built.js';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'media-validate-'));
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};
const cli = (args: string[], input?: string) => {
  const r = spawnSync(process.execPath, [validateBin(), ...args], { cwd: packageRoot, input, encoding: 'utf8' });
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
    expect(JSON.parse(r.out).errors).toEqual([
      'character_type: must be one of "realistic", "stylized" (case-sensitive); got "Realistic", did you mean "realistic"?',
    ]);
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

  it.each([
    ['null', null, 'context: expected object, got null'],
    ['a listing that is not a list', { catalogue: { models: 5 } }, 'context.catalogue.models: expected array, got integer'],
    ['input metadata without sizes', { inputs: { a1: {} } }, 'context.inputs.a1.width: required'],
    ['a plan without its maximum', { plan: {} }, 'context.plan.maxBatchSize: required'],
    ['a misspelt key', { plann: { maxBatchSize: 4 } }, 'context.plann: not a field of the contract'],
  ])('exits 2 with a path-precise error for a context that is %s', (_name, context, message) => {
    const r = cli(['--context', file('bad-ctx.json', JSON.stringify(context)), file('req.json', [{ video_anyone: { asset_id: 'a1', prompt: 'p' } }])]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(r.err).not.toMatch(/\n\s+at |RangeError|stack/);
  });

  it('warns about unknown fields with a did-you-mean, and fails on them with --strict', () => {
    const request = file('typo.json', [{ model: 'M', stpes: 20 }]);
    const lenient = cli([request]);
    expect(lenient.code).toBe(0);
    expect(lenient.out).toContain('warning [0].stpes: not a field of the contract; did you mean "steps"?');
    const strict = cli(['--strict', request]);
    expect(strict.code).toBe(1);
    expect(strict.out).toContain('error   [0].stpes: not a field of the contract; did you mean "steps"? [assumption]');
    const other = cli(['--operation', 'archiveAssets', '--strict', file('archive.json', { ids: ['a'], idz: [] })]);
    expect(other.code).toBe(1);
    expect(other.out).toContain('error   idz: not a field of the contract; did you mean "ids"?');
  });

  it('escapes control characters in printed values', () => {
    const r = cli([file('ctrl.json', '[{"model":"M","\\u001b[2J\\u0007":1,"x\\u2028y":2}]')]);
    expect(r.code).toBe(0);
    expect(r.out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(r.out).toContain('warning [0]["\\u001b[2J\\u0007"]: not a field of the contract');
    expect(r.out).toContain('warning [0]["x\\u2028y"]');
  });

  it('caps the number of printed errors and says how many were left out', () => {
    const many = Array.from({ length: 1200 }, () => ({ model: 'M', steps: 1 }));
    const r = cli([file('many.json', many)]);
    expect(r.code).toBe(1);
    expect(r.out.split('\n').filter((l) => l.startsWith('error')).length).toBe(50);
    expect(r.out).toContain('… and 1,150 more errors');
    expect(r.out).toContain('invalid: 1,200 errors');
    const few = cli(['--max-errors', '3', file('many.json', many)]);
    expect(few.out).toContain('… and 1,197 more errors');
    expect(cli(['--max-errors', '-1', file('many.json', many)]).code).toBe(2);
  });

  it('prints usage with --help', () => {
    const r = cli(['--help']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Exit codes: 0 valid, 1 invalid, 2 could not check/);
    expect(r.out).toContain('--max-bytes N');
  });
});

// Reading is bounded: an input is read in chunks and given up past --max-bytes, so an endless device
// or a huge sparse file costs about the cap, not its size. The child measures its own peak RSS (a
// preload writes process.resourceUsage().maxRSS at exit); before the cap, /dev/zero grew without end
// and a 3 GB file cost 4.1 GB.
describe('media-validate reads with a cap', () => {
  /** Peak RSS allowed to a child that reads a refused input: node and the contract, and the cap (16 MiB) more. */
  const CEILING_BYTES = 256 * 1024 * 1024;
  const probe = join(dir, 'rss-probe.mjs');
  writeFileSync(
    probe,
    "import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => writeFileSync(process.env.RSS_FILE, String(process.resourceUsage().maxRSS * 1024)));\n",
  );
  let runs = 0;
  const measured = (args: string[], input?: string) => {
    const rssFile = join(dir, `rss-${++runs}.txt`);
    const r = spawnSync(process.execPath, ['--import', pathToFileURL(probe).href, validateBin(), ...args], {
      cwd: packageRoot,
      input,
      encoding: 'utf8',
      env: { ...process.env, RSS_FILE: rssFile },
      timeout: 60_000,
    });
    return { code: r.status, out: r.stdout, err: r.stderr, peak: Number(readFileSync(rssFile, 'utf8')) };
  };

  it('stops at /dev/zero with exit 2 and one line, its memory under the ceiling', () => {
    const r = measured(['/dev/zero']);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`media-validate: request /dev/zero is larger than --max-bytes 16,777,216: nothing was checked\n`);
    expect(r.peak).toBeGreaterThan(0);
    expect(r.peak).toBeLessThan(CEILING_BYTES);
  });

  it('stops at a 4 GiB sparse file the same way', () => {
    const sparse = join(dir, 'sparse.json');
    writeFileSync(sparse, '[');
    truncateSync(sparse, 4 * 1024 ** 3);
    const r = measured([sparse]);
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toEqual([`media-validate: request ${sparse} is larger than --max-bytes 16,777,216: nothing was checked`]);
    expect(r.peak).toBeLessThan(CEILING_BYTES);
  });

  it('applies --max-bytes to standard input and to the context, and checks what fits', () => {
    const request = JSON.stringify([{ model: 'M', prompt: { positive: 'x'.repeat(2000) } }]);
    expect(cli(['--max-bytes', '1000', '-'], request)).toMatchObject({
      code: 2,
      err: expect.stringContaining('request standard input is larger than --max-bytes 1,000'),
    });
    expect(cli(['--max-bytes', String(request.length), '-'], request).code).toBe(0);
    const context = file('big-ctx.json', { plan: { maxBatchSize: 4, name: 'p'.repeat(5000) } });
    const r = cli(['--max-bytes', '4096', '--context', context, file('small.json', [{ model: 'M' }])]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`context ${context} is larger than --max-bytes 4,096`);
  });

  it.each(['0', '-5', '1.5', 'lots'])('refuses --max-bytes %s with exit 2', (value) => {
    const r = cli([`--max-bytes=${value}`, file('tiny.json', [{ model: 'M' }])]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--max-bytes takes a whole number ≥ 1');
  });
});
