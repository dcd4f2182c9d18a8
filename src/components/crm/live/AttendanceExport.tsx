/** The attendance export: the room's spreadsheet in the download centre (a toast says so), followed until it can be downloaded. */
import { exportLiveAttendance } from '@/api/crm-live';
import type { LiveAttendanceMessages } from '@/components/crm/live/messages';
import { FollowedExport } from '@/components/layout/FollowedExport';
import { notifySuccess } from '@/stores/toasts';

export function AttendanceExport({ roomId, messages: m }: { roomId: string; messages: LiveAttendanceMessages }) {
  return (
    <FollowedExport
      start={() => exportLiveAttendance(roomId)}
      onStarted={() => notifySuccess(m['crmLive.att.exportStarted'])}
      texts={{
        export: m['crmLive.att.export'],
        exporting: m['crmLive.att.exporting'],
        running: m['crmLive.att.exportRunning'],
        done: m['crmLive.att.exportDone'],
        failed: m['crmLive.att.exportFailed'],
        slow: m['crmLive.att.exportSlow'],
        download: m['crmLive.att.download'],
        downloadFailed: m['crmLive.att.downloadFailed'],
      }}
    />
  );
}
