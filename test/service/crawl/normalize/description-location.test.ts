import { describe, expect, it } from 'vitest';
import { locationLineOf } from '../../../../electron/service/crawl/normalize/description-location.js';

describe("locationLineOf: a description's labelled Location line", () => {
  it('finds the line, tags and entities undone', () => {
    expect(
      locationLineOf(
        '<p><strong>Job Posted: </strong>10/16/25</p><p><strong>Location:</strong> <strong>Remote - United States</strong></p><p>Hi there!</p>',
      ),
    ).toBe('Remote - United States');
    expect(
      locationLineOf('<p><strong>Location: </strong>North<strong> </strong>America (Canada &amp; United States)</p>'),
    ).toBe('North America (Canada & United States)');
  });

  it('a place the prose mentions is no Location line', () => {
    expect(
      locationLineOf(
        '<p>We have offices in London, New York and Tokyo.</p><p>Our location: anywhere you like, really, as long as you are happy and productive and online.</p>',
      ),
    ).toBeUndefined();
    expect(locationLineOf('')).toBeUndefined();
  });
});
