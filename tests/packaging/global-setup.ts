// The packaging project's global setup: one temp dir per run for the packed tarballs and the
// throwaway projects the tests install them into (see packed.ts), removed when the run ends. The
// removal is asynchronous: tens of thousands of installed files take a while to delete, and a
// synchronous removal would stall vitest's own process (its workers could not be told to stop).
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

export default function setup(project: TestProject): () => Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mediagen-packed-'));
  project.provide('packedRoot', dir);
  return () => rm(dir, { recursive: true, force: true });
}
