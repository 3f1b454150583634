import { describe, expect, it } from 'vitest';
import { seriesPlace, splitTitle } from '../../../electron/service/index-db/fold/title-series.js';

// The per-town series rule (docs/decisions/folding.md § Per-town series): a trailing segment is a
// place when the board repeats the title with at least three of them, none a word of the
// employer's name and none written in lower case in the series' texts.

const text = (s: string) => () => s;
const SALES = '<p>Visit shops in your town and sign new partners for the app.</p>';

describe('per-town series', () => {
  it('reads a town the title alone names as a place when the board repeats the title town by town', () => {
    const siblings = ['Sales Representative (Chlef)', 'Sales representative Alger', 'Sales Representative - Medea'].map(
      (title) => ({ title, text: text(SALES) }),
    );
    expect(seriesPlace('Sales Representative Jijel', 'Yassir', siblings, SALES)).toEqual(['jijel']);
  });

  it('counts only segments no place list knows: known towns say nothing of "- Payments"', () => {
    const siblings = ['Fold Cartographer - Berlin', 'Fold Cartographer - Munich', 'Fold Cartographer - Oran'].map(
      (title) => ({ title, text: text(SALES) }),
    );
    expect(seriesPlace('Fold Cartographer - Payments', 'Acme', siblings, SALES)).toBeUndefined();
  });

  it('needs three different segments: two could be two teams', () => {
    const siblings = [{ title: 'Store Supervisor - Ormonde', text: text(SALES) }];
    expect(seriesPlace('Store Supervisor - Braamfontein', 'Yassir', siblings, SALES)).toBeUndefined();
  });

  it('never reads a team as a place: its word is also a common word of the texts', () => {
    const texts = '<p>Build backend and frontend services; ship our Android and iOS apps.</p>';
    const siblings = [
      'Software Engineer Internship - Backend',
      'Software Engineer Internship - Frontend',
      'Software Engineer Internship - iOS',
    ].map((title) => ({ title, text: text(texts) }));
    expect(seriesPlace('Software Engineer Internship - Android', 'Ramp', siblings, texts)).toBeUndefined();
  });

  it("never reads the employer's own name as a place", () => {
    const siblings = [
      'Product Manager - Theodo HealthTech',
      'Product Manager - Theodo FinTech',
      'Product Manager - Theodo Cloud',
    ].map((title) => ({ title, text: text(SALES) }));
    expect(seriesPlace('Product Manager - Theodo', 'Theodo', siblings, SALES)).toBeUndefined();
  });

  it('leaves segments with digits, long segments and one-word titles alone', () => {
    expect(splitTitle('Senior Android Engineer - L6')).toBeUndefined();
    expect(splitTitle('Account Executive - Large Enterprise Accounts North')).toBeUndefined();
    expect(splitTitle('Engineer Berlin')).toBeUndefined();
    expect(splitTitle('Sales Representative (Chlef)')).toEqual({
      prefix: ['sales', 'representative'],
      raw: 'Chlef',
      tail: ['chlef'],
    });
  });
});
