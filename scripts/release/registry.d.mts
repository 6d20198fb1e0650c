export const VERDACCIO: { dependencies: Record<string, string>; overrides: Record<string, unknown> };
export interface Registry {
  /** http://127.0.0.1:PORT/ */
  url: string;
  /** An npmrc naming only this registry, with a publishing user's token. */
  npmrc: string;
  stop(): Promise<void>;
}
/** Starts verdaccio on a free loopback port with storage and config in `dir`. */
export function startRegistry(dir: string, options?: { timeoutMs?: number }): Promise<Registry>;
