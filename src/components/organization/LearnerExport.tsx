/** The learners export: the spreadsheet of every learner the filters list, followed until it can be downloaded. */
import { exportOrganizationLearners } from '@/api/organization';
import type { OrganizationLearnerFilters } from '@/api/people-types';
import { FollowedExport } from '@/components/layout/FollowedExport';
import type { OrganizationMessages } from '@/components/organization/messages';

export function LearnerExport({ filters, messages: m }: { filters: OrganizationLearnerFilters; messages: OrganizationMessages }) {
  return (
    <FollowedExport
      start={() => exportOrganizationLearners(filters)}
      texts={{
        export: m['organization.export'],
        exporting: m['organization.exporting'],
        running: m['organization.exportRunning'],
        done: m['organization.exportDone'],
        failed: m['organization.exportFailed'],
        slow: m['organization.exportSlow'],
        download: m['organization.exportDownload'],
        downloadFailed: m['organization.exportDownloadFailed'],
      }}
    />
  );
}
