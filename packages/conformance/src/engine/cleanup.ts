// Everything a run creates is registered here as it is created and deleted at the end, newest first,
// whatever happened in between (the run calls `drain` in a finally block).

export interface CleanupEntry {
  kind: 'generation' | 'asset' | 'character';
  id: string;
  /** Deletes it; resolves true when the target confirmed. Absent: the API offers no way (noted). */
  remove?: () => Promise<boolean>;
}

export class CleanupRegistry {
  private readonly entries: CleanupEntry[] = [];
  private readonly deletedIds = new Set<string>();
  created = 0;
  deleted = 0;
  readonly leftover: string[] = [];

  register(entry: CleanupEntry): void {
    if (this.entries.some((e) => e.kind === entry.kind && e.id === entry.id)) return;
    this.entries.push(entry);
    this.created++;
  }

  /** Marks an entry deleted by the run itself (a delete operation under test). */
  markDeleted(kind: CleanupEntry['kind'], id: string): void {
    const index = this.entries.findIndex((e) => e.kind === kind && e.id === id);
    if (index >= 0) {
      this.entries.splice(index, 1);
      this.deleted++;
      this.deletedIds.add(`${kind}:${id}`);
    }
  }

  get pending(): readonly CleanupEntry[] {
    return this.entries;
  }

  /** Deletes every registered entry, newest first; failures are recorded, never thrown. */
  async drain(): Promise<void> {
    while (this.entries.length > 0) {
      const entry = this.entries.pop()!;
      if (!entry.remove) {
        this.leftover.push(`${entry.kind} ${entry.id} (the API has no delete for it)`);
        continue;
      }
      try {
        if (await entry.remove()) this.deleted++;
        else this.leftover.push(`${entry.kind} ${entry.id}`);
      } catch (error) {
        this.leftover.push(`${entry.kind} ${entry.id} (${(error as Error).message})`);
      }
    }
  }
}
