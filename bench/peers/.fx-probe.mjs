import { Document } from 'flexsearch';
const idx = new Document({
  tokenize: 'forward',
  document: {
    id: 'rid',
    index: ['title', 'company', 'description'],
    tag: ['countries', 'remote'],
    store: ['salaryMin', 'salaryMax'],
  },
});
idx.add({
  rid: 1,
  title: 'Senior Software Engineer',
  company: 'Acme',
  description: 'build things',
  countries: ['US', 'DE'],
  remote: 'yes',
  salaryMin: 100,
  salaryMax: 200,
});
idx.add({
  rid: 2,
  title: 'Nurse',
  company: 'Senior Care',
  description: 'software developer',
  countries: ['GB'],
  remote: 'no',
  salaryMin: null,
  salaryMax: null,
});
idx.add({
  rid: 3,
  title: 'Software Nurse',
  company: 'Senior Care',
  description: 'software developer',
  countries: ['GB'],
  remote: 'no',
  salaryMin: null,
  salaryMax: null,
});
console.log(JSON.stringify(idx.search('software', { tag: { countries: 'US' } })));
console.log(JSON.stringify(idx.search('software', { tag: { countries: 'DE' } })));
console.log(JSON.stringify(idx.search('software', { tag: { remote: 'yes' } })));
console.log(JSON.stringify(idx.search('softw', { tag: { countries: 'GB' } })));
console.log(JSON.stringify(idx.search('software', { merge: true, tag: { countries: 'GB', remote: 'no' } })));
console.log(JSON.stringify(idx.search('software', { tag: { countries: 'GB', remote: 'yes' } })));
