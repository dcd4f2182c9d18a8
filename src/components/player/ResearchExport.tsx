/** The download of a research period's answers as CSV, for the course's lecturers and administrators. */
import { useState } from 'react';
import { exportResearch } from '@/api/periods';
import { saveBlob } from '@/components/course/save-blob';
import type { PeriodMessages } from '@/components/player/period-messages';

const secondary =
  'border-input bg-background hover:bg-accent focus-visible:ring-ring/50 inline-flex h-9 items-center justify-center rounded-md border px-4 text-sm outline-none focus-visible:ring-[3px] disabled:opacity-60';

/** Downloads the answers of a research period as CSV (lecturers and administrators). */
export function ResearchExportButton({ courseId, itemId, fileName, messages }: {
  courseId: string;
  itemId: string;
  fileName: string;
  messages: Pick<PeriodMessages, 'periods.research.export' | 'periods.research.exporting'>;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await exportResearch(courseId, itemId), `${fileName}.csv`);
    } catch {
      // The client showed the gateway's message.
    }
    setBusy(false);
  };
  return (
    <button type="button" className={secondary} disabled={busy} onClick={() => void download()}>
      {busy ? messages['periods.research.exporting'] : messages['periods.research.export']}
    </button>
  );
}

