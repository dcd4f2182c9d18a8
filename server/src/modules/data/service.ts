/** The data module's calls for other modules: an export of their own rows into the caller's download centre. */
export { startExport } from './exports';
