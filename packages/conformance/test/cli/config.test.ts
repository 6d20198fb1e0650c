// A config file cannot move the key or raise the spend: a media-conformance.config.json in the working
// directory (a cloned repository's) that names another server, full mode, a credit cap or a key is
// refused in one line before anything is sent; what it may set is said on stderr; a path it names for
// writing stays in the working directory, also followed through its symbolic links; flags still win, and a target given on the command line
// replaces the file's.

import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCli } from '../../src/cli/args.js';
import { cli } from '../../src/index.js';

const ENV_KEY = 'sk-env-DO-NOT-SEND-9a8b7c6d';
const root = mkdtempSync(join(tmpdir(), 'conformance-config-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A working directory holding `config` as its media-conformance.config.json. */
function workingDirectory(config: unknown): string {
  const cwd = mkdtempSync(join(root, 'cwd-'));
  writeFileSync(join(cwd, 'media-conformance.config.json'), typeof config === 'string' ? config : JSON.stringify(config));
  return cwd;
}

async function run(args: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const code = await cli(args, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), env: { MEDIAGEN_API_KEY: ENV_KEY }, cwd });
  return { code, stdout, stderr };
}

/** A server on loopback that counts what reaches it, and the keys sent to it. */
let catcher: Server;
let catcherUrl: string;
const caught: (string | undefined)[] = [];
beforeAll(async () => {
  catcher = createServer((req, res) => {
    caught.push(req.headers['x-api-key'] as string | undefined);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[],"err":null}');
  });
  await new Promise<void>((resolve) => catcher.listen(0, '127.0.0.1', resolve));
  catcherUrl = `http://127.0.0.1:${(catcher.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => catcher.close(() => resolve())));

describe('a config file in the working directory', () => {
  // Each message names the key as the file wrote it, and the flag to use instead.
  it.each([
    [{ baseUrl: 'URL' }, /"baseUrl" is refused in a config file: where the key is sent is said on the command line only: give --base-url/],
    [{ 'base-url': 'URL' }, /"base-url" is refused in a config file/],
    // The file's own key names it (no prose rewritten into flags).
    [{ maxCredits: 100_000 }, /"maxCredits" is refused in a config file: what a run may spend is said on the command line only: give --max-credits/],
    [{ apiKey: 'sk-in-a-file' }, /"apiKey" is refused in a config file: an API key does not belong in a file: set MEDIAGEN_API_KEY/],
    [{ mode: 'full' }, /"mode" may only be "read-only" in a config file: a full run is asked for on the command line \(--mode full\)/],
    [{ baseUrl: 'URL', mode: 'full', maxCredits: 100_000, operation: 'listVoices', maxExamples: 0 }, /"baseUrl" is refused in a config file/],
  ])('%j: refused in one line, exit 2, nothing sent', async (config, message) => {
    const text = JSON.stringify(config).replace('URL', catcherUrl);
    const cwd = workingDirectory(text);
    const sent = caught.length;
    const { code, stderr, stdout } = await run(['--operation', 'listVoices', '--max-examples', '0'], cwd);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).toContain(join(cwd, 'media-conformance.config.json'));
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stdout).toBe('');
    expect(caught.length).toBe(sent);
    expect(stderr).not.toContain(ENV_KEY);
  });

  it('the same setting on the command line is taken, and the key goes where the command line says', async () => {
    const cwd = workingDirectory({ seed: 4 });
    const sent = caught.length;
    const { code, stderr } = await run(['--base-url', catcherUrl, '--operation', 'listVoices', '--max-examples', '0', '--only', 'not_a_server_error'], cwd);
    expect([0, 1]).toContain(code);
    expect(stderr).toContain(`options from ${join(cwd, 'media-conformance.config.json')}: seed`);
    expect(caught.length).toBeGreaterThan(sent);
  });

  it('may lower the mode to read-only and name one of the suite’s own mocks; a target on the command line replaces it', () => {
    const cwd = workingDirectory({ mode: 'read-only', target: 'sandbox', only: ['auth_required'], strict: true });
    expect(parseCli([], {}, cwd)).toMatchObject({
      options: { mode: 'read-only', target: 'sandbox', only: ['auth_required'], strict: true },
      config: { keys: ['mode', 'target', 'only', 'strict'] },
    });
    const flagged = parseCli(['--base-url', 'http://127.0.0.1:4010'], {}, cwd);
    expect(flagged).toMatchObject({ options: { baseUrl: 'http://127.0.0.1:4010', mode: 'read-only' } });
    expect((flagged as { options: { target?: string } }).options.target).toBeUndefined();
    expect(parseCli(['--mode', 'full'], {}, cwd)).toMatchObject({ options: { mode: 'full' }, config: { keys: ['target', 'only', 'strict'] } });
  });

  it('says on stderr which options it set', async () => {
    const cwd = workingDirectory({ seed: 7, maxExamples: 0, operation: ['listVoices'], only: 'status_code_conformance', target: 'sandbox' });
    const { code, stderr } = await run(['--seed', '8'], cwd);
    expect(code).toBe(0);
    expect(stderr).toBe(`media-conformance: options from ${join(cwd, 'media-conformance.config.json')}: max-examples, operation, only, target\n`);
  }, 600_000);

  it.each([
    [{ reporter: 'json=/tmp/elsewhere.json' }, /"reporter" names "json=\/tmp\/elsewhere\.json", outside the working directory/],
    [{ reporter: ['console', 'html=../up.html'] }, /"reporter" names "html=\.\.\/up\.html", outside the working directory/],
    [{ evidence: '/etc/evidence.json' }, /"evidence" names "\/etc\/evidence\.json", outside the working directory/],
    [{ evidence: 'a/../../b.json' }, /outside the working directory/],
  ])('%j: a file written outside the working directory is refused', (config, message) => {
    expect(() => parseCli([], {}, workingDirectory(config))).toThrow(message);
  });

  it.each([
    [
      { reporter: ['console', 'json=out/r.json'] },
      /"reporter" names "json=out\/r\.json", outside the working directory \(or through a symbolic link leading outside it\)/,
    ],
    [{ reporter: 'har=out/deeper/run.har' }, /"reporter" names "har=out\/deeper\/run\.har", outside the working directory/],
    [{ evidence: 'out/evidence.json' }, /"evidence" names "out\/evidence\.json", outside the working directory/],
    [{ evidence: 'linked.json' }, /"evidence" names "linked\.json", outside the working directory/],
  ])('%j: a path through a symbolic link leading outside the working directory is refused', (config, message) => {
    const cwd = workingDirectory(config);
    const elsewhere = mkdtempSync(join(root, 'elsewhere-'));
    symlinkSync(elsewhere, join(cwd, 'out'));
    symlinkSync(join(elsewhere, 'evidence.json'), join(cwd, 'linked.json'));
    expect(() => parseCli([], {}, cwd)).toThrow(message);
    // A link to a folder inside the working directory is inside.
    const inside = workingDirectory({ reporter: 'json=in/r.json', evidence: 'in/e.json' });
    mkdirSync(join(inside, 'real'));
    symlinkSync(join(inside, 'real'), join(inside, 'in'));
    expect(parseCli([], {}, inside)).toMatchObject({ evidence: 'in/e.json' });
  });

  it('may name files inside the working directory, and flags still name any', () => {
    const cwd = workingDirectory({ reporter: ['console', 'json=reports/r.json'], evidence: 'contract/evidence.json' });
    expect(parseCli([], {}, cwd)).toMatchObject({
      reporters: [{ kind: 'console' }, { kind: 'json', path: 'reports/r.json' }],
      evidence: 'contract/evidence.json',
    });
    expect(parseCli(['--evidence', '/tmp/e.json'], {}, cwd)).toMatchObject({ evidence: '/tmp/e.json' });
  });

  it.each([
    [{ strict: 'false' }, /"strict" must be true or false, got "false"/],
    [{ seed: { a: 1 } }, /"seed" must be a string or a number, got \{"a":1\}/],
    [{ only: [['auth_required']] }, /"only" must be a string or a number/],
    [{ seed: [1, 2] }, /"seed" must be a string or a number/],
  ])('%j: a value of the wrong type is refused', (config, message) => {
    expect(() => parseCli([], {}, workingDirectory(config))).toThrow(message);
  });

  it('is optional; a --config FILE that is missing is not', () => {
    const empty = mkdtempSync(join(root, 'empty-'));
    mkdirSync(join(empty, 'sub'));
    expect(parseCli([], {}, empty)).toMatchObject({ help: false });
    expect(() => parseCli(['--config', 'absent.json'], {}, empty)).toThrow(/--config: cannot read .*absent\.json: ENOENT/);
  });
});
