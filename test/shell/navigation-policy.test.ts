import { describe, expect, it } from 'vitest';
import { navigationDecision } from '../../electron/shell/navigation-policy.js';

describe('navigation and new windows', () => {
  it('stay on the app’s own pages', () => {
    expect(navigationDecision('app://jobindex/index.html')).toBe('stay');
    expect(navigationDecision('app://jobindex/jobs/1')).toBe('stay');
  });

  it('send web and mail links to the system', () => {
    expect(navigationDecision('https://boards.example.com/jobs/42')).toBe('open-externally');
    expect(navigationDecision('http://example.com')).toBe('open-externally');
    expect(navigationDecision('mailto:jobs@example.com')).toBe('open-externally');
  });

  it('drop everything else', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'app://other/index.html',
      'smb://host/share',
      'data:text/html,hi',
      'not a url',
      '',
    ]) {
      expect(navigationDecision(url), url).toBe('deny');
    }
  });
});
