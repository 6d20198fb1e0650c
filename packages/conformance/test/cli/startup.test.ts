// What a command loads before it does anything: the mocks themselves (Prism's host, the sandbox's
// store, the documents' YAML reader) are loaded when a run starts one or meets one, not by every
// command. `--help`, a run against a URL and the proxy start without them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { conformanceBin } from '../support/built.js';

const HOOK = new URL('./fixtures/loaded-urls.mjs', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'conformance-startup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The modules `media-conformance <args>` loaded. */
function loadedBy(args: string[]): string[] {
  const file = join(dir, `loaded-${args.join('-').replace(/\W+/g, '_')}.txt`);
  const run = spawnSync(process.execPath, ['--import', HOOK, conformanceBin(), ...args], {
    env: { ...process.env, LOADED_URLS_FILE: file },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return readFileSync(file, 'utf8').split('\n').filter(Boolean);
}

describe('media-conformance --help', () => {
  it('loads the suite, and neither the mocks nor their document reader', () => {
    const loaded = loadedBy(['--help']);
    // The hook saw the command's own modules: an empty list would prove nothing.
    expect(loaded.some((url) => /\/conformance\/dist\/cli\.js$/.test(url))).toBe(true);
    expect(loaded.filter((url) => /\/mock\/dist\/(index\.js|prism\/|core\/documents\.js)|\/yaml@/.test(url))).toEqual([]);
  });
});
