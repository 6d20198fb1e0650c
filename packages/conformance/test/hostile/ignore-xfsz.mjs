// Preloaded into the suite's process by the write tests (`node --import …/ignore-xfsz.mjs`), run under
// a file size limit (`ulimit -f`): a write past the limit then fails with EFBIG, as a disk filling up
// fails one with ENOSPC, instead of the signal killing the process.
process.on('SIGXFSZ', () => {});
