/**
 * Reports what a viewing actually played: spans gather as the medium plays; every heartbeat
 * sends those not yet accepted (`resourceLogUpdate`), and `save` sends the final report
 * (`progressSave`) on pause, end and leaving the period. Spans of a failed report stay and go
 * with the next one. When the page goes away the report leaves with a keepalive request.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { ProgressReportBody, ProgressReportResult } from '@/api/learning-types';
import { saveProgress, saveProgressOnExit, updateResourceLog } from '@/api/player';
import { mergeIntervals, subtractIntervals, type Interval } from '@/lib/intervals';

export interface ProgressReport {
  /** A span just played, seconds. */
  add: (span: Interval) => void;
  /** The play head, for the next report. */
  setPosition: (seconds: number) => void;
  /** Sends the final report now (pause, end, leaving). */
  save: () => Promise<ProgressReportResult | undefined>;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

export function useProgressReport(
  watchId: string | undefined,
  heartbeatSeconds: number,
  onResult: (result: ProgressReportResult) => void,
): ProgressReport {
  const pending = useRef<Interval[]>([]);
  const position = useRef(0);
  const busy = useRef<Promise<ProgressReportResult | undefined> | undefined>(undefined);
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;

  const body = useCallback(
    (): ProgressReportBody => ({
      watchId: watchId ?? '',
      intervals: pending.current.map(([s, e]): Interval => [round(s), round(e)]),
      position: round(position.current),
    }),
    [watchId],
  );

  const send = useCallback(
    async (final: boolean): Promise<ProgressReportResult | undefined> => {
      if (!watchId) return undefined;
      // One report at a time, in order: a final report waits for a heartbeat in flight.
      if (busy.current) {
        if (!final) return undefined;
        await busy.current.catch(() => undefined);
      }
      const sent = pending.current;
      if (!final && !sent.length) return undefined;
      const report = body();
      const run = (async () => {
        try {
          const result = await (final ? saveProgress : updateResourceLog)(report, { isShowErrTip: false });
          pending.current = subtractIntervals(pending.current, sent);
          onResultRef.current(result);
          return result;
        } catch {
          return undefined;
        }
      })();
      busy.current = run;
      try {
        return await run;
      } finally {
        if (busy.current === run) busy.current = undefined;
      }
    },
    [watchId, body],
  );

  useEffect(() => {
    if (!watchId) return;
    const id = window.setInterval(() => void send(false), Math.max(2, heartbeatSeconds) * 1000);
    return () => window.clearInterval(id);
  }, [watchId, heartbeatSeconds, send]);

  useEffect(() => {
    if (!watchId) return;
    const onHide = () => {
      if (!pending.current.length && !position.current) return;
      saveProgressOnExit(body());
      pending.current = [];
    };
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      // Leaving the period (another one, or the component goes): the final report.
      void send(true);
    };
  }, [watchId, body, send]);

  return {
    add: useCallback((span: Interval) => {
      pending.current = mergeIntervals([...pending.current, span]);
    }, []),
    setPosition: useCallback((seconds: number) => {
      if (Number.isFinite(seconds)) position.current = seconds;
    }, []),
    save: useCallback(() => send(true), [send]),
  };
}
