// Preloaded into the suite's process by the hostile tests (`node --import …/peak-rss.mjs`): at exit,
// however it exits, writes the process's peak resident memory (getrusage's maxrss, KiB on Linux) to
// the file named by MEDIAGEN_PEAK_RSS_FILE.
import { writeFileSync } from 'node:fs';

const file = process.env.MEDIAGEN_PEAK_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
