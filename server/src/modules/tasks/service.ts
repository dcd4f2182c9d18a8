/** The study task back office's calls for other modules: assigning members who join or move the tasks open to them. */
export { assignJoiningMembers } from './crm';
