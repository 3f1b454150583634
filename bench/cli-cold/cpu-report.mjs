// Preloaded into each timed process (`node --import`): prints the CPU time it used, as its last
// stderr line, so the bench can report CPU beside wall time (wall time on a busy machine is noise).
import { writeSync } from 'node:fs';
process.on('exit', () => {
  const u = process.cpuUsage();
  writeSync(2, `\ncpu-us ${u.user + u.system}\n`);
});
