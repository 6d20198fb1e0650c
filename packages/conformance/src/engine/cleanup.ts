// Everything a run creates is registered here as it is created and deleted at the end, whatever
// happened in between (the run drains it in a finally block). Removals run in parallel under their own
// deadline: a target that stopped answering cannot hold the run's end hostage.
import type { Creates } from '@mediagen/schema';

export interface CleanupEntry {
  kind: Creates;
  id: string;
  /** Deletes it; resolves true when the target confirmed. Absent: the API offers no way (noted). */
  remove?: () => Promise<boolean>;
}

export class CleanupRegistry {
  private readonly entries: CleanupEntry[] = [];
  created = 0;
  deleted = 0;
  readonly leftover: string[] = [];

  register(entry: CleanupEntry): void {
    if (this.entries.some((e) => e.kind === entry.kind && e.id === entry.id)) return;
    this.entries.push(entry);
    this.created++;
  }

  /** Marks an entry deleted by the run itself (a delete operation under test). */
  markDeleted(kind: Creates, id: string): void {
    const index = this.entries.findIndex((e) => e.kind === kind && e.id === id);
    if (index >= 0) {
      this.entries.splice(index, 1);
      this.deleted++;
    }
  }

  get pending(): readonly CleanupEntry[] {
    return this.entries;
  }

  /**
   * Deletes every registered entry, `concurrency` at a time, newest first; gives up on what is left
   * when `deadlineMs` has passed. Failures are recorded, never thrown.
   */
  async drain(deadlineMs: number, concurrency = 4): Promise<void> {
    const queue = this.entries.splice(0).reverse();
    const deadline = Date.now() + deadlineMs;
    let timedOut = false;
    const one = async (entry: CleanupEntry) => {
      if (!entry.remove) {
        this.leftover.push(`${entry.kind} ${entry.id} (the API has no delete for it)`);
        return;
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        timedOut = true;
        this.leftover.push(`${entry.kind} ${entry.id} (cleanup deadline reached)`);
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      const expired = new Promise<'expired'>((resolve) => {
        timer = setTimeout(() => resolve('expired'), left);
      });
      try {
        const outcome = await Promise.race([entry.remove(), expired]);
        if (outcome === true) this.deleted++;
        else this.leftover.push(`${entry.kind} ${entry.id}${outcome === 'expired' ? ' (cleanup deadline reached)' : ''}`);
      } catch (error) {
        this.leftover.push(`${entry.kind} ${entry.id} (${(error as Error).message})`);
      } finally {
        clearTimeout(timer);
      }
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.max(1, Math.min(concurrency, queue.length)) }, async () => {
        while (next < queue.length) await one(queue[next++]!);
      }),
    );
    if (timedOut) this.leftover.sort();
  }
}
