// pino-roll 4.0.0 ships no types; this is the part of its API (pino-roll.js JSDoc) the app uses.
declare module 'pino-roll' {
  import type { SonicBoom, SonicBoomOpts } from 'sonic-boom';

  interface RollOptions extends Omit<SonicBoomOpts, 'dest'> {
    /** The file's path without its number: `logs/app` → `logs/app.1`, `logs/app.2`, … */
    file: string | (() => string);
    /** Rolls at this size: '10m', '500k'; a number is megabytes. */
    size?: string | number;
    /** Rolls every day or hour ('daily', 'hourly'), or every so many milliseconds. */
    frequency?: 'daily' | 'hourly' | number;
    /** Appended after the number: '.log'. */
    extension?: string;
    /** Older files kept besides the current one; the oldest go first. */
    limit?: { count?: number; removeOtherLogFiles?: boolean };
    symlink?: boolean;
    dateFormat?: string;
  }

  export default function roll(options: RollOptions): Promise<SonicBoom>;
}
