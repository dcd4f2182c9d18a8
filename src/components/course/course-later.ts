/** The sections a course's page loads after the course, fetched as one script. */
export { CourseNotes } from '@/components/course/CourseNotes';
export { CourseProjects, RelatedCourses } from '@/components/course/CourseRelations';
export { CoursePeriodTools } from '@/components/course/CoursePeriodTools';
