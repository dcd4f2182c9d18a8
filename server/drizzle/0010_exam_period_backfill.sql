-- Exam periods (content type 3) count towards a course's progress, and a passed exam completes
-- the periods holding it: the course exam task's own period, and the exam's periods in courses
-- the learner has started. This backfills passes made before: the periods (at the first passing
-- paper's hand-in), their study dynamics (kind 2), course rows for courses first reached by the
-- exam, and the progress of every unfinished course holding an exam, survey or recorded period
-- (all of them count since 0009), completing (kind 3) those that reach 100. Courses completed
-- before keep their completion.
WITH passed AS (
  SELECT t.enterprise_id, t.enterprise_user_id, ci.course_id, ci.id AS item_id,
    coalesce((SELECT min(p.submitted_at) FROM exam_papers p JOIN exams e ON e.id = p.exam_id
      WHERE p.enterprise_id = t.enterprise_id AND p.task_id = t.id AND p.status = 2 AND p.score >= e.pass_score), now()) AS at
  FROM exam_tasks t
  JOIN course_items ci ON ci.enterprise_id = t.enterprise_id AND ci.exam_id = t.exam_id AND ci.content_type = 3
    AND (ci.parent_id IS NOT NULL OR NOT EXISTS (SELECT 1 FROM course_items ch WHERE ch.enterprise_id = ci.enterprise_id AND ch.parent_id = ci.id))
  WHERE t.status = 1
    AND (ci.course_id = t.course_id OR EXISTS (SELECT 1 FROM course_progress cp
      WHERE cp.enterprise_id = t.enterprise_id AND cp.enterprise_user_id = t.enterprise_user_id AND cp.course_id = ci.course_id))
), first_pass AS (
  SELECT DISTINCT ON (enterprise_user_id, item_id) * FROM passed ORDER BY enterprise_user_id, item_id, at
), completed AS (
  INSERT INTO "period_progress" (enterprise_id, enterprise_user_id, course_id, item_id, progress, completed_at)
  SELECT enterprise_id, enterprise_user_id, course_id, item_id, 100, at FROM first_pass
  ON CONFLICT (enterprise_user_id, item_id) DO UPDATE SET progress = 100, completed_at = excluded.completed_at, updated_at = now()
    WHERE "period_progress".completed_at IS NULL
  RETURNING enterprise_id, enterprise_user_id, course_id, item_id, completed_at
)
INSERT INTO "study_dynamics" (enterprise_id, enterprise_user_id, kind, course_id, item_id, created_at)
SELECT enterprise_id, enterprise_user_id, 2, course_id, item_id, completed_at FROM completed;--> statement-breakpoint
WITH reached AS (
  INSERT INTO "course_progress" (enterprise_id, enterprise_user_id, course_id, status, created_at)
  SELECT DISTINCT ON (pp.enterprise_user_id, pp.course_id) pp.enterprise_id, pp.enterprise_user_id, pp.course_id, 1, pp.completed_at
  FROM period_progress pp
  JOIN course_items ci ON ci.id = pp.item_id AND ci.enterprise_id = pp.enterprise_id AND ci.content_type = 3
  WHERE pp.completed_at IS NOT NULL
  ORDER BY pp.enterprise_user_id, pp.course_id, pp.completed_at
  ON CONFLICT (enterprise_user_id, course_id) DO NOTHING
  RETURNING enterprise_id, enterprise_user_id, course_id, created_at
)
INSERT INTO "study_dynamics" (enterprise_id, enterprise_user_id, kind, course_id, created_at)
SELECT enterprise_id, enterprise_user_id, 1, course_id, created_at FROM reached;--> statement-breakpoint
WITH counted AS (
  SELECT ci.enterprise_id, ci.course_id, ci.id FROM course_items ci
  WHERE ci.content_type IN (2, 3, 4, 5, 6, 7, 8)
    AND (ci.parent_id IS NOT NULL OR NOT EXISTS (SELECT 1 FROM course_items ch WHERE ch.enterprise_id = ci.enterprise_id AND ch.parent_id = ci.id))
    AND ci.course_id IN (SELECT x.course_id FROM course_items x WHERE x.content_type IN (3, 5, 6, 7, 8))
), recomputed AS (
  SELECT cp.enterprise_user_id, cp.course_id, floor(avg(coalesce(pp.progress, 0)))::int AS progress
  FROM course_progress cp
  JOIN counted c ON c.course_id = cp.course_id AND c.enterprise_id = cp.enterprise_id
  LEFT JOIN period_progress pp ON pp.enterprise_user_id = cp.enterprise_user_id AND pp.item_id = c.id
  WHERE cp.status <> 2
  GROUP BY cp.enterprise_user_id, cp.course_id
), updated AS (
  UPDATE "course_progress" cp SET progress = r.progress,
    status = CASE WHEN r.progress >= 100 THEN 2 ELSE greatest(cp.status, 1) END,
    completed_at = CASE WHEN r.progress >= 100 THEN now() ELSE cp.completed_at END,
    updated_at = now()
  FROM recomputed r
  WHERE cp.enterprise_user_id = r.enterprise_user_id AND cp.course_id = r.course_id AND cp.progress <> r.progress
  RETURNING cp.enterprise_id, cp.enterprise_user_id, cp.course_id, cp.status
)
INSERT INTO "study_dynamics" (enterprise_id, enterprise_user_id, kind, course_id)
SELECT enterprise_id, enterprise_user_id, 3, course_id FROM updated WHERE status = 2;
