/**
 * Course progress, shared by every way a period is completed: the player's reports, a survey or
 * recorded period, a passed exam, a downloaded file. A course completed here issues the
 * certificates that name it (through the certificate service).
 */
export { updateCourse } from './course-progress';
export { creditExamPass, type PassedTask } from './exam-pass';
export { completeOnDownload } from './downloads';
export { isPdfPeriod, knownPageCount, progressByOf } from './progress-by';
