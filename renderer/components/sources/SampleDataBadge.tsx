import type { Route } from '../../state/route.js';
import { useMeta } from '../../state/meta-store.js';

/** Says, on every screen, that the jobs shown are invented until a real board is followed. */
export function SampleDataBadge({ go }: { go(r: Route): void }) {
  const sample = useMeta((s) => s.info?.sampleData);
  if (!sample) return null;
  return (
    <a
      className="sample-badge"
      href="#/sources"
      title="These companies and jobs are invented examples. Follow real employers in Sources to replace them."
      onClick={(e) => {
        e.preventDefault();
        go({ view: 'sources' });
      }}
    >
      Sample data
    </a>
  );
}
