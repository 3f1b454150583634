import type { Platform } from '#shared/rules/board-ref';
import { ashby } from './ashby.js';
import { bamboohr } from './bamboohr.js';
import { breezy } from './breezy.js';
import { jazzhr } from './jazzhr.js';
import { personio } from './personio.js';
import { greenhouse } from './greenhouse.js';
import { lever } from './lever.js';
import type { PlatformAdapter } from './platform.js';
import { recruitee } from './recruitee.js';
import { smartrecruiters } from './smartrecruiters.js';
import { workable } from './workable.js';
import { teamtailor } from './teamtailor.js';
import { workday } from './workday.js';

/** The platforms the crawler reads; a board on another one is reported as an error, not guessed. */
export const ADAPTERS: Partial<Record<Platform, PlatformAdapter>> = {
  greenhouse,
  lever,
  ashby,
  smartrecruiters,
  workable,
  recruitee,
  workday,
  teamtailor,
  bamboohr,
  personio,
  breezy,
  jazzhr,
};
