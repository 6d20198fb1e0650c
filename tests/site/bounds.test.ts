// The site build grows with its inputs no further than their bounds: an evidence file of more
// assumptions than the site shows (20,000 ids no page carries went past 4 GB), and a usage folder of
// files each within their bound but past the folder's total (256 of them went past 400 s and 3.1 GB),
// each stop the build before a page is built, in one line naming the input and its bound. Within the
// bounds, verdicts on a field's constraints are found through an index (a scan of every id for every
// element grew with ids × elements).
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_USAGE_BYTES, MAX_USAGE_FOLDER_BYTES } from '@mediagen/conformance/usage';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/docs/build.mjs';
import { EvidenceError, MAX_SITE_ASSUMPTIONS } from '../../scripts/docs/evidence.mjs';
import { UsageError } from '../../scripts/docs/usage.mjs';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function scratch(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'site-bounds-'));
  dirs.push(dir);
  return dir;
}

const run = (i: number) => ({
  date: '2026-11-20T10:00:00.000Z',
  origin: 'https://api.rendernet.ai',
  source: 'run',
  version: 'unknown',
  verdict: i % 2 ? 'confirmed' : 'refuted',
});

describe('the site against inputs past their bounds', () => {
  it('an evidence file of more assumptions than the site shows stops the build in one line', async () => {
    const dir = await scratch();
    const file = join(dir, 'evidence.json');
    const assumptions: Record<string, unknown> = {};
    for (let i = 0; i <= MAX_SITE_ASSUMPTIONS; i++) {
      const r = run(i);
      assumptions[`rule:unknown_${i}`] = {
        claim: 'c',
        latest: { verdict: r.verdict, date: '2026-11-20', origin: r.origin },
        for: i % 2,
        against: 1 - (i % 2),
        runs: [r],
      };
    }
    await writeFile(file, JSON.stringify({ format: 'mediagen-evidence/1', assumptions }));
    const built = buildSite({ outDir: join(dir, 'site'), evidence: file });
    await expect(built).rejects.toThrow(EvidenceError);
    await expect(built).rejects.toThrow(
      `evidence file ${file}: ${MAX_SITE_ASSUMPTIONS + 1} assumptions, more than the ${MAX_SITE_ASSUMPTIONS} the site shows: refused (start a new file)`,
    );
    expect(existsSync(join(dir, 'site'))).toBe(false);
  });

  it('a usage folder past its total stops the build in one line, before a file is parsed', async () => {
    const dir = await scratch();
    const usage = join(dir, 'usage');
    await mkdir(usage);
    const each = MAX_USAGE_BYTES - 1024;
    for (let i = 0; i <= Math.floor(MAX_USAGE_FOLDER_BYTES / each); i++)
      await writeFile(
        join(usage, `c${i}.json`),
        JSON.stringify({ format: 'mediagen-usage/1', consumer: `c${i}`, exchanges: 0, operations: {}, note: 'x'.repeat(each - 100) }),
      );
    const built = buildSite({ outDir: join(dir, 'site'), usage });
    await expect(built).rejects.toThrow(UsageError);
    await expect(built).rejects.toThrow(new RegExp(`^usage folder ${usage}: its files are \\d+(\\.\\d)? MiB in all, more than the 16 MiB read: refused$`));
    expect(existsSync(join(dir, 'site'))).toBe(false);
  });
});
