// The real sandbox behind a hostile front: started in the test's process (the suite runs in a child),
// with the settings the suite gives its own sandbox, and what it still holds after a run.
import { type RunningSandbox, SANDBOX_API_KEY, startSandbox } from '@mediagen/mock';
import { type Hostility, type RunningFront, startFront } from './servers.js';

export { SANDBOX_API_KEY };

/** The sandbox's own settings as the suite starts it (`--target sandbox`): many credits, short lifecycles. */
export const startBehind = () => startSandbox({ credits: 100_000, delays: { pendingMs: 50, completeMs: 150 } });

/** The ids of what the sandbox holds that a run can delete: generations, and assets not archived. */
export function deletable(sandbox: RunningSandbox): string[] {
  const assets = [...sandbox.state.assets.values()].filter((asset) => asset.status !== 'archive').map((asset) => asset.id);
  return [...sandbox.state.generations.keys(), ...assets];
}

/** A fresh sandbox with a hostile front; `stop` closes both. */
export async function hostileTarget(hostility: Hostility, extra: Omit<Parameters<typeof startFront>[0], 'upstream' | 'hostility'> = {}) {
  const sandbox = await startBehind();
  const before = new Set(deletable(sandbox));
  const front: RunningFront = await startFront({ upstream: sandbox.url, hostility, ...extra });
  return {
    sandbox,
    front,
    /** What the run created and left on the sandbox (generations, assets not archived). */
    left: () => deletable(sandbox).filter((id) => !before.has(id)),
    /** The flags that point the suite at the front. */
    args: ['--base-url', front.url],
    env: { MEDIAGEN_API_KEY: SANDBOX_API_KEY },
    stop: async () => {
      await front.stop();
      await sandbox.stop();
    },
  };
}
