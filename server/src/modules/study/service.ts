/** The study module's calls for other modules: whether a member may study a project or task, and their training progress. */
export { projectAccess, taskAccess, type ProjectAccess, type TaskAccess } from './access';
export { trainingProgressPage } from './projects';
