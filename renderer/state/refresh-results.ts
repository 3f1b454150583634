import { searchJobs } from '../api/job-requests.js';
import { jobResults } from './lists.js';
import { searchFromParams } from './search-state.js';

/** Asks the current search again (after hiding or blocking changed what it may show). */
export function refreshResults(): void {
  const key = jobResults.getState().key;
  if (key === undefined) return;
  jobResults.setState({ key: undefined });
  jobResults.getState().run(key, searchJobs(searchFromParams(new URLSearchParams(key))));
}
