// Words too common and too empty to be what a person meant by a misspelt job word ("nurse" →
// "use"): never offered as spelling help (docs/decisions/spelling.md § Plausible words). The
// function words of the languages the index mostly holds; folded, 3 letters or more (shorter words
// are never offered at all).
const WORDS = `
the and for with you your our are use used uses using will who what when where which this that these those
from have has had can could would should may might must all any not but one out was were how why its per via
into onto more most also such than then them they their there here her his him she own off yes etc
very just only some each every other both few many much make made get got let lets way ways well
der die das und mit fur ein eine einen einem einer oder auch sie wir ihr sind bei von zur zum den dem des
les des une pour avec dans sur par qui que est pas vous nous aux ses son
los las una para con por del que como mas sus uno
oraz dla jest nie lub jak przy
een het van voor met naar ook zijn bij
`;

export const STOP_WORDS: ReadonlySet<string> = new Set(WORDS.split(/\s+/).filter((w) => w.length >= 3));
