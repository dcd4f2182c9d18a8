/** Handlers of the research and recorded period rows of the call table. */
import { z } from 'zod';
import { authRoute, type RouteTable } from '../../routing';
import { pagingFields } from '../../paging';
import { learnerPage, NOTE_MAX, recordSave, recordView, researchExport, researchSubmit, researchView } from './service';

const id = z.uuid();
const periodInput = z.object({ courseId: id, itemId: id });
/** A calendar date, YYYY-MM-DD, that exists. */
const day = z.iso.date();

export const periodRoutes = {
  periodResearchView: authRoute({
    input: periodInput,
    handle: (ctx, query) => researchView(ctx, query),
  }),
  periodResearchSubmit: authRoute({
    input: periodInput.extend({
      answers: z.record(z.string().max(40), z.array(z.string().max(4000)).max(20)),
    }),
    handle: (ctx, body) => researchSubmit(ctx, body),
  }),
  periodResearchExport: authRoute({
    input: periodInput,
    handle: (ctx, query) => researchExport(ctx, query),
  }),
  periodRecordView: authRoute({
    input: periodInput,
    handle: (ctx, query) => recordView(ctx, query),
  }),
  periodLearnerPage: authRoute({
    input: periodInput.extend({ ...pagingFields('periodLearnerPage'), keyword: z.string().max(50).optional() }),
    handle: (ctx, body) => learnerPage(ctx, body),
  }),
  periodRecordSave: authRoute({
    input: periodInput.extend({
      memberIds: z.array(id).min(1).max(200),
      passed: z.boolean(),
      score: z.number().int().min(0).max(100).nullable().optional(),
      note: z.string().max(NOTE_MAX).optional(),
      recordedOn: day,
    }),
    handle: (ctx, body) => recordSave(ctx, body),
  }),
} satisfies Partial<RouteTable>;
