import type { GetResponse } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { useState } from 'react';
import { timestampMs } from '@bufbuild/protobuf/wkt';
import { locationWords } from '#shared/format/location-words';

const month = new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const DAY = 86_400_000;

/**
 * Evidence that a listing may be stale or is one of several copies (docs/decisions/folding.md,
 * posting-age.md), shown as facts, never a verdict: "Reposted · first posted Apr 2020", "open
 * 2,061 days on its board", and the role's other places.
 */
export function FoldEvidence({ job }: { job: Pick<GetResponse, 'fold' | 'postedAt' | 'status'> }) {
  // The moment the detail opened: the count of days does not tick while it is read.
  const [now] = useState(Date.now);
  const f = job.fold;
  const open =
    job.postedAt && job.status === 'active' ? Math.floor((now - timestampMs(job.postedAt)) / DAY) : undefined;
  const facts: string[] = [];
  if (f?.reposts)
    facts.push(
      `Reposted${f.reposts > 1 ? ` ${f.reposts} times` : ''}${f.firstPostedAt ? ` · first posted ${month.format(timestampMs(f.firstPostedAt))}` : ''}`,
    );
  if (open !== undefined && open >= 30) facts.push(`open ${open.toLocaleString('en')} days on its board`);
  const places = f?.locations.map(locationWords).filter(Boolean) ?? [];
  if (!facts.length && !places.length) return null;
  return (
    <>
      {facts.length > 0 && (
        <>
          <dt>Age</dt>
          <dd className="fold-evidence">{facts.join(' · ')}</dd>
        </>
      )}
      {places.length > 0 && (
        <>
          <dt>{`Also in ${places.length} ${places.length === 1 ? 'place' : 'places'}`}</dt>
          <dd>
            <ul className="fold-places">
              {places.map((p, i) => (
                <li key={i}>{p}</li>
              ))}
            </ul>
          </dd>
        </>
      )}
    </>
  );
}
