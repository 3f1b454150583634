// Preloaded with `node --import` into a child whose memory a test asserts: on exit, the process's
// peak resident set (all its threads), as `maxRSS <KiB>` on stderr's last line.
import { writeSync } from 'node:fs';

process.on('exit', () => writeSync(2, `\nmaxRSS ${process.resourceUsage().maxRSS}\n`));
