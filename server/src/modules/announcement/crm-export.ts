/**
 * Exports of the back office's announcement pages into the caller's download centre, through the
 * shared export runner, with this module's own ready message.
 */
import type { ExportStarted } from '@/api/learning-types';
import { settledExports, startExport } from '../../export-runner';
import type { ExportSpec } from '../../exports';
import type { AuthContext } from '../../routing';
import { sendMessage } from './records';

/** Resolves when every export started so far has finished or failed (tests). */
export const settledNoticeExports = settledExports;

/** Starts an export into the caller's download centre; a message tells them when it is ready. */
export function startNoticeExport<T>(ctx: AuthContext, spec: ExportSpec<T>): Promise<ExportStarted> {
  return startExport(ctx, spec, sendMessage);
}
