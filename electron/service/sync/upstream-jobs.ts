/**
 * Which local jobs are not an upstream's to replace or expire (docs/decisions/snapshots.md §
 * What a snapshot replaces): today, the jobs a followed board crawled (crawl_postings). Once
 * provenance lands (issue 26, index migration 0012), this is where "held by a source other than
 * this upstream" is said instead. SQL selecting job ids.
 */
export const NOT_THE_UPSTREAMS = 'SELECT job_id FROM crawl_postings';
