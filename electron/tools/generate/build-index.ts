import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { setMeta } from '#service/index-db/meta';
import { openIndex } from '#service/index-db/open-index';
import { refreshStats } from '#service/index-db/write/refresh-stats';
import { INDEX_FILE } from '#service/sqlite/file-kinds';
import { checkReplaceable } from '#service/sqlite/open';
import { IndexWriter } from '#service/index-db/write/index-writer';
import { generateCorpus, type CorpusOptions } from './corpus.js';

export interface BuildProgress {
  done: number;
  total: number;
}

/** Writes a generated corpus into a fresh index file (replacing any file there). */
export function buildIndex(
  file: string,
  opts: CorpusOptions,
  onProgress?: (p: BuildProgress) => void,
): { jobs: number; companies: number } {
  mkdirSync(dirname(file), { recursive: true });
  checkReplaceable(file, INDEX_FILE);
  for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) rmSync(f);
  const db = openIndex(file);
  try {
    // A fresh file has nothing to recover: trade durability for speed while it is built.
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -1048576');
    // One big merge at the end beats many incremental ones while a million rows stream in.
    for (const t of ['job_search', 'job_pay_search']) {
      db.exec(`INSERT INTO ${t} (${t}, rank) VALUES ('automerge', 0);
        INSERT INTO ${t} (${t}, rank) VALUES ('hashsize', 67108864);`);
    }
    const corpus = generateCorpus(opts);
    const writer = new IndexWriter(db);
    writer.transaction(() => corpus.companies.forEach((c) => writer.upsertCompany(c)));
    const batch = 5000;
    const jobs = corpus.jobs();
    let done = 0;
    for (;;) {
      let n = 0;
      writer.transaction(() => {
        for (; n < batch; n++) {
          const next = jobs.next();
          if (next.done) break;
          writer.upsertJob(next.value);
        }
      });
      done += n;
      onProgress?.({ done, total: opts.jobs });
      if (n < batch) break;
    }
    setMeta(db, 'built_at', String(opts.now));
    setMeta(db, 'sample_data', '1');
    setMeta(
      db,
      'generator',
      JSON.stringify({ seed: opts.seed, jobs: opts.jobs, now: new Date(opts.now).toISOString() }),
    );
    refreshStats(db, opts.now);
    for (const t of ['job_search', 'job_pay_search']) {
      db.exec(`INSERT INTO ${t} (${t}) VALUES ('optimize');
        INSERT INTO ${t} (${t}, rank) VALUES ('automerge', 4);
        INSERT INTO ${t} (${t}, rank) VALUES ('hashsize', 1048576);`);
    }
    db.exec("INSERT INTO company_search (company_search) VALUES ('optimize')");
    db.pragma('wal_checkpoint(TRUNCATE)');
    // 'optimize' merged the search indexes' segments and freed the old pages; a generated file
    // (the bundled sample, the bench indexes) is built once, so it is written without them (issue 28).
    db.exec('VACUUM');
    return { jobs: opts.jobs, companies: corpus.companies.length };
  } finally {
    db.close();
  }
}
