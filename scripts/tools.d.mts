/** Runs `work` while holding the lock `lock` (a directory path), waiting up to `timeoutMs` for it. */
export function withLock<T>(lock: string, work: () => Promise<T>, timeoutMs?: number): Promise<T>;
/** Installs `manifest` into .tools/<name> unless its marker says it is there; resolves with the dir or rejects. */
export function ensureTools(name: string, manifest: { dependencies: Record<string, string>; overrides?: Record<string, unknown> }): Promise<string>;
