/** Helpers for the research and recorded period tests: the demo survey answered in full. */
import type { ResearchAnswers, ResearchView } from '@/api/period-types';
import { courses } from '../../db/schema';
import type { TestGateway } from '../../testing';
import { idOf, periodOf, type Viewer } from '../player/test-support';

/** A complete, valid set of answers to the demo survey 新员工调研. */
export const SURVEY_ANSWERS: ResearchAnswers = {
  channel: ['C'],
  helpful: ['A', 'D'],
  equipment: ['true'],
  mentor: ['李娜', '系统架构'],
  suggestion: ['希望第一天就能拿到门禁卡，并提前收到 "入职清单"。'],
};

/** Submits the demo survey for the member and returns the view (fails the test on a refusal). */
export async function submitSurvey(gw: TestGateway, who: Viewer, courseId?: string): Promise<ResearchView> {
  const course = courseId ?? (await idOf(gw, courses, 'New employee onboarding'));
  const itemId = await periodOf(gw, course, 'New-hire survey');
  const { body } = await gw.call<ResearchView>('periodResearchSubmit', {
    token: who.token,
    body: { courseId: course, itemId, answers: SURVEY_ANSWERS },
  });
  if (body.code !== 200) throw new Error(`periodResearchSubmit: ${body.code} ${body.msg}`);
  return body.data;
}
