// The follow field's hint names every platform the crawler reads, by its name: a platform added to
// PLATFORMS shows there without another edit (it once listed six of ten).
import { describe, expect, it } from 'vitest';
import { FOLLOW_HINT } from '../../renderer/components/sources/platform-names.js';
import { PLATFORM_NAMES, PLATFORMS } from '../../shared/rules/board-ref.js';

describe('the follow hint', () => {
  it('names every platform, and says a name is not tried on Workday', () => {
    for (const p of PLATFORMS) expect(FOLLOW_HINT).toContain(PLATFORM_NAMES[p]);
    expect(FOLLOW_HINT).toMatch(/^Careers pages on Greenhouse, Lever, .* and JazzHR\. /);
    expect(FOLLOW_HINT).toContain('but Workday');
  });
});
