import { timestampMs } from '@bufbuild/protobuf/wkt';
import { whereFrom } from '#shared/format/source-words';
import { sourcesClient } from '../api/clients.js';
import { useRpc } from '../hooks/use-rpc.js';

/**
 * Where the job comes from: "From the Greenhouse board luno · also from upstream
 * jobs.example.com" (SourcesService.JobSources, docs/decisions/provenance.md). Nothing while it
 * loads, when no source is known, or where the service is not there: the detail stands without it.
 */
export function JobOrigin({ id }: { id: string }) {
  const from = useRpc(id, (signal) => sourcesClient.jobSources({ jobId: id }, { signal }));
  if (from.status !== 'ready') return null;
  const words = whereFrom(
    from.data.sources.map((s) => ({
      key: s.key,
      open: s.open,
      at: s.at ? timestampMs(s.at) : 0,
      directorySet: s.directorySet,
    })),
    from.data.sample,
  );
  return words ? <p className="detail__from muted">{words}</p> : null;
}
