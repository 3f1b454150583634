/**
 * Which local jobs are not an upstream's to replace or expire (docs/decisions/snapshots.md §
 * What a snapshot replaces): the jobs a followed board crawled (crawl_postings). SQL selecting job
 * ids from the index attached as `schema` (`main` unless said).
 */
export const notTheUpstreams = (schema = 'main'): string => `SELECT job_id FROM ${schema}.crawl_postings`;
