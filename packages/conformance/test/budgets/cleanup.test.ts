// Cleanup runs in parallel under its own deadline, records what it could not delete, never throws.
import { describe, expect, it } from 'vitest';
import { CleanupRegistry } from '../../src/index.js';

describe('cleanup', () => {
  it('deletes newest first, records failures and what the API cannot delete', async () => {
    const order: string[] = [];
    const registry = new CleanupRegistry();
    registry.register({
      kind: 'asset',
      id: 'a1',
      remove: async () => {
        order.push('a1');
        return true;
      },
    });
    registry.register({
      kind: 'generation',
      id: 'g1',
      remove: async () => {
        order.push('g1');
        return false;
      },
    });
    registry.register({ kind: 'character', id: 'c1' });
    registry.register({ kind: 'generation', id: 'g2', remove: async () => Promise.reject(new Error('boom')) });
    await registry.drain(5_000, 1);
    expect(order).toEqual(['g1', 'a1']);
    expect(registry.deleted).toBe(1);
    expect(registry.leftover.sort()).toEqual(['character c1 (the API has no delete for it)', 'generation g1', 'generation g2 (boom)']);
  });

  it('gives up at its deadline: a stalled target cannot hold the run', async () => {
    const registry = new CleanupRegistry();
    for (let i = 0; i < 10; i++) registry.register({ kind: 'generation', id: `g${i}`, remove: () => new Promise<boolean>(() => {}) });
    const started = Date.now();
    await registry.drain(300, 4);
    // The removals never settle: without the deadline it would not end. Slack for a loaded machine.
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(registry.leftover).toHaveLength(10);
    expect(registry.leftover[0]).toContain('cleanup deadline');
  });
});
