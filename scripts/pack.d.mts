/** The workspace's published packages: every packages/* that is not private. */
export function publishedPackages(): { name: string; version: string; dir: string }[];
/** Packs every published package into `out` (old tarballs removed) with the pinned pnpm; the tarballs written. */
export function packAll(out: string): Promise<string[]>;
