// The packaging project's global setup: one temp dir per run for the packed tarballs and the
// throwaway projects the tests install them into (see packed.ts), removed when the run ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'mediagen-packed-'));
  project.provide('packedRoot', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
