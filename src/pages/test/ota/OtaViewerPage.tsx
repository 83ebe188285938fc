import { OtaJobs } from './OtaJobsPage';

/** /test/otaUpdateListForUser: the OTA viewer's read-only jobs and per-device progress. */
export default function OtaViewerPage() {
  return <OtaJobs readOnly />;
}
