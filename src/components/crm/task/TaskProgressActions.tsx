/** A task progress page's actions: export what the filters show into the download centre (followed until it can be downloaded), and remind those not done after a confirmation. */
import BellIcon from 'lucide-react/icons/bell';
import { useState } from 'react';
import { exportCrmTaskProgress, remindCrmTask } from '@/api/crm-task';
import type { CrmTaskProgressFilters } from '@/api/crm-task-types';
import { ConfirmDialog } from '@/components/crm/data-table/ConfirmDialog';
import type { TaskProgressMessages } from '@/components/crm/task/messages';
import { FollowedExport } from '@/components/layout/FollowedExport';
import { Button } from '@/components/ui/button';
import { fill } from '@/i18n/fill';
import { notifySuccess } from '@/stores/toasts';

export function TaskProgressActions({
  taskId,
  filters,
  canRemind,
  messages: m,
}: {
  taskId: string;
  filters: CrmTaskProgressFilters;
  /** Whether anyone assigned is not done. */
  canRemind: boolean;
  messages: TaskProgressMessages;
}) {
  const [reminding, setReminding] = useState(false);
  return (
    <div className="flex flex-wrap items-start gap-3">
      <FollowedExport
        start={() => exportCrmTaskProgress({ id: taskId, ...filters })}
        onStarted={() => notifySuccess(m['crmTask.prog.exportStarted'])}
        texts={{
          export: m['crmTask.prog.export'],
          exporting: m['crmTask.prog.exporting'],
          running: m['crmTask.prog.exportRunning'],
          done: m['crmTask.prog.exportDone'],
          failed: m['crmTask.prog.exportFailed'],
          slow: m['crmTask.prog.exportSlow'],
          download: m['crmTask.prog.download'],
          downloadFailed: m['crmTask.prog.downloadFailed'],
        }}
      />
      <Button type="button" variant="outline" disabled={!canRemind} onClick={() => setReminding(true)}>
        <BellIcon aria-hidden="true" />
        {m['crmTask.prog.remind']}
      </Button>
      <ConfirmDialog
        open={reminding}
        onOpenChange={setReminding}
        title={m['crmTask.prog.remindTitle']}
        description={m['crmTask.prog.remindBody']}
        confirmLabel={m['crmTask.prog.remind']}
        cancelLabel={m['crm.table.cancel']}
        onConfirm={async () => {
          const { reminded } = await remindCrmTask(taskId);
          notifySuccess(fill(m['crmTask.prog.reminded'], { count: reminded }));
        }}
      />
    </div>
  );
}
