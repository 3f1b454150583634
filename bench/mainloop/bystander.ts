// A process that does nothing but watch its own event loop (stall-probe.ts), run beside
// bench:mainloop's main thread: a stall both see at the same moment comes from the machine (the
// scheduler, the kernel), not from anything main runs. Sends its stalls when asked, then exits.
import { startStallProbe } from './stall-probe.js';

const probe = startStallProbe();
process.send?.({ t: 'started' });
process.on('message', () => {
  probe.stop();
  process.send?.({ t: 'stalls', stalls: probe.stalls, gcs: probe.gcs }, () => process.disconnect());
});
