import type { DirectoryEntry } from './directory-file.js';

/** A named set of directory boards a person can follow at once from Sources. */
export interface StarterSet {
  id: string;
  title: string;
  about: string;
  pick(e: DirectoryEntry): boolean;
}

/**
 * The starter sets. Agreement between the public lists is the one signal the directory carries
 * of a board being real and alive (a board every list names has been seen by four crawls), so
 * the sets are cut by it (docs/decisions/board-directory.md, "Following a set").
 */
export const STARTER_SETS: readonly StarterSet[] = [
  {
    id: 'every-list',
    title: 'Named by every list',
    about: 'Boards all four public directories name: the likeliest to be real and hiring.',
    pick: (e) => e.sources >= 4,
  },
  {
    id: 'most-lists',
    title: 'Named by three lists or more',
    about: 'Boards at least three of the four public directories name.',
    pick: (e) => e.sources >= 3,
  },
];

export function starterSet(id: string): StarterSet | undefined {
  return STARTER_SETS.find((s) => s.id === id);
}
