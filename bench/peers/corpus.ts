import { createReadStream, createWriteStream, existsSync, renameSync } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { openIndex } from '#service/index-db/open-index';
import { unpackDescription } from '#service/index-db/description-blob';
import { htmlToText } from '#service/index-db/write/html-text';
import { currentBenchIndex } from './bench-file.js';

/** One searchable job as every peer indexes it: the text and filter values of our search row. */
export interface CorpusDoc {
  /** Our `jobs.rid`: a number every engine can key on, and newest-first when sorted descending. */
  rid: number;
  title: string;
  company: string;
  /** The description's visible text, exactly what our FTS5 `description` column holds. */
  description: string;
  countries: string[];
  remote: boolean;
  salaryMin: number | null;
  salaryMax: number | null;
}

/**
 * The NDJSON corpus of the `jobs`-job bench index, dumped once next to it: the active jobs (the
 * ones our search holds), newest first.
 */
export async function corpusFile(jobs: number): Promise<string> {
  const index = currentBenchIndex(jobs);
  const file = join(dirname(index), `corpus-${jobs}-s42.ndjson`);
  if (existsSync(file)) return file;
  process.stderr.write(`dumping ${jobs.toLocaleString('en')}-job corpus (one time)…\n`);
  const db = openIndex(index, { readonly: true });
  const rows = db
    .prepare(
      `SELECT j.rid, j.title, j.company_name AS company, d.html, j.countries, j.remote,
         j.salary_min AS salaryMin, j.salary_max AS salaryMax
       FROM jobs j JOIN job_descriptions d ON d.rid = j.rid WHERE j.status = 'active' ORDER BY j.rid DESC`,
    )
    .iterate() as IterableIterator<{
    rid: number;
    title: string;
    company: string;
    html: string | Buffer;
    countries: string;
    remote: number;
    salaryMin: number | null;
    salaryMax: number | null;
  }>;
  const tmp = `${file}.tmp`;
  const out = createWriteStream(tmp);
  for (const r of rows) {
    const doc: CorpusDoc = {
      rid: r.rid,
      title: r.title,
      company: r.company,
      description: htmlToText(unpackDescription(r.html)),
      countries: r.countries.split(',').filter(Boolean),
      remote: r.remote === 1,
      salaryMin: r.salaryMin,
      salaryMax: r.salaryMax,
    };
    if (!out.write(`${JSON.stringify(doc)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  db.close();
  renameSync(tmp, file);
  return file;
}

/** Streams the corpus, so a builder never holds every document at once. */
export async function* readCorpus(file: string): AsyncGenerator<CorpusDoc> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) if (line) yield JSON.parse(line) as CorpusDoc;
}
