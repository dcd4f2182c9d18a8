/**
 * The exam runner's calls (spec section 7, exam paper record): starting or resuming a paper,
 * saving answers, reporting page leaves, handing in and reading the result of a paper.
 */
import { call, type CallOptions } from '@/api/client';
import type {
  AnswerSaveBody,
  AnswerSaveResult,
  PaperResult,
  PaperSession,
  ScreenSwitchBody,
  ScreenSwitchResult,
} from '@/api/exam-types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal' | 'keepalive'>;

/** Starts a paper of the task, or resumes the one in progress with every saved answer. */
export function examStart(taskId: string, opts?: Extra): Promise<PaperSession> {
  return call<PaperSession>('examStart', { ...opts, body: { taskId } });
}

/** Saves one answer; a seq not above the stored one changes nothing and answers the stored seq. */
export function examAnswerSave(body: AnswerSaveBody, opts?: Extra): Promise<AnswerSaveResult> {
  return call<AnswerSaveResult>('examAnswerSave', { ...opts, body: { ...body } });
}

/** Reports one leave of the page; the same `eventId` counts once. */
export function examScreenSwitch(body: ScreenSwitchBody, opts?: Extra): Promise<ScreenSwitchResult> {
  return call<ScreenSwitchResult>('examScreenSwitch', { ...opts, body: { ...body } });
}

/** Hands the paper in (again is harmless) and answers its result. */
export function examFinish(paperId: string, opts?: Extra): Promise<PaperResult> {
  return call<PaperResult>('examFinish', { ...opts, body: { paperId } });
}

/** The result of a paper, handed in or not. */
export function examFinishView(paperId: string, opts?: Extra): Promise<PaperResult> {
  return call<PaperResult>('examFinishView', { ...opts, query: { paperId } });
}
