// The lazy-loading boundary, and the only place the client imports code on demand: everything else
// under lazy/ is loaded through here (bundlers give each dynamic import a chunk of its own) and
// imports nothing from the core at run time (the core hands it what it needs, see kit.ts). A test
// holds both rules.

/** Waiting for a generation, the upload PUT, walking pages: what takes requests and seconds anyway. */
export const loadWork = () => import('./work.js');

/** The ledger's transforms (from the schema package), when a response in a legacy shape arrives. */
export const loadUpgrade = () => import('./upgrade.js');
