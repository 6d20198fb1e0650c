// Does the suite catch broken servers? Shard 1 of the broken-target catalogue (see broken-shards.ts):
// every target of it must fail through the check and the rule it names.
import { describeBrokenShard } from './broken-shards.js';

describeBrokenShard(1);
