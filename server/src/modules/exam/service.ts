/** The exam module's calls for other modules: an exam task as a course period shows it. */
export { examTaskView } from './tasks';
