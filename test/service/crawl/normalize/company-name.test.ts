import { describe, expect, it } from 'vitest';
import { nameSpelledInPostings } from '../../../../electron/service/crawl/normalize/company-name.js';

describe('nameSpelledInPostings: the company writes its own name, the board token only spells it', () => {
  it('finds the spelling the postings use most, spaces and capitals included', () => {
    expect(
      nameSpelledInPostings('mamamoney', [
        'Who we are: Mama Money is a growth-stage fintech.',
        'Join Mama Money. Apply at mamamoney.co.za',
      ]),
    ).toBe('Mama Money');
    expect(
      nameSpelledInPostings('elevenlabs', [
        'ABOUT ELEVENLABS ElevenLabs is a research company.',
        'At ElevenLabs we ship.',
      ]),
    ).toBe('ElevenLabs');
    expect(nameSpelledInPostings('moo', ['MOO brings brands to life.', 'At MOO, we print.'])).toBe('MOO');
    expect(nameSpelledInPostings('finni-health', ['Finni Health is hiring.'])).toBe('Finni Health');
  });

  it('reads whole words only, and nothing when the postings never write the name', () => {
    expect(nameSpelledInPostings('moo', ['Smooth Moonshots at Moodle.'])).toBeUndefined();
    expect(nameSpelledInPostings('acme', ['We build rockets.'])).toBeUndefined();
    // Lower case only is a URL or an e-mail address, not the company writing its name.
    expect(nameSpelledInPostings('acme', ['Apply at acme.com or jobs@acme.com'])).toBeUndefined();
  });

  it('reads the text of HTML, entities decoded', () => {
    expect(nameSpelledInPostings('ab-inbev', ['<p>At <strong>AB&nbsp;InBev</strong> we brew.</p>'])).toBe('AB InBev');
  });
});
