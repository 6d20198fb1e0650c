/** Copies the working tree as it is (without what git ignores) into `dest` and commits it there on `main`. */
export function copyWorkingTree(dest: string): Promise<void>;
/** Links this tree's `.tools/` into the copy `dest` when its pnpm is the one the copy pins; true when linked. */
export function linkTools(dest: string): boolean;
/** The publish command of `npm run release`: what follows its `npm test &&`. */
export function publishStep(dir?: string): string;
export interface Rehearsed {
  /** `name@version` of each package published. */
  published: string[];
  registry: string;
  copy: string;
  consumer: string;
  loaded: { import: number; require: number };
}
/** The rehearsal in `work` (an existing, empty directory). */
export function rehearse(work: string, options?: { build?: boolean; say?: (line: string) => void }): Promise<Rehearsed>;
