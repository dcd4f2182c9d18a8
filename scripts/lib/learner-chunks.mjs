// The shared "common" chunk of the learner site's pages: modules that a sixteen or more of the
// learner site's entry points (islands, page scripts, lazily loaded parts) reach. The back
// office's entry points are not counted, so however many of them share a module, learner pages
// load it only when learner code needs it.

/** Entry points of the back office: its pages, layout, islands and their lazily loaded parts. */
const BACK_OFFICE = /(^|[\\/:])src[\\/](components[\\/]crm|pages[\\/]\[\.\.\.locale\][\\/]crm|layouts[\\/]Crm\.astro)/;

/**
 * @typedef {{ isEntry: boolean; importers: string[]; dynamicImporters: string[]; meta: Record<string, unknown> }} Info
 * @typedef {{ getModuleInfo(id: string): Info | null }} Context
 */

/**
 * A `codeSplitting` group's `name` function: 'common' for a module that at least
 * `minLearnerEntries` learner entry points reach through static imports, else null (the module
 * is then split as usual). The sets are kept in each module's `meta`, which lives for one
 * chunking pass (the server and the browser builds each have their own).
 *
 * @param {number} minLearnerEntries
 */
export function learnerCommonChunk(minLearnerEntries) {
  /**
   * @param {string} id
   * @param {Context} ctx
   * @param {Set<string>} visiting
   * @returns {Set<string>}
   */
  function entriesOf(id, ctx, visiting) {
    const info = ctx.getModuleInfo(id);
    if (!info || visiting.has(id)) return new Set();
    const known = /** @type {Set<string> | undefined} */ (info.meta.learnerEntries);
    if (known) return known;
    visiting.add(id);
    const entries = new Set();
    if ((info.isEntry || info.dynamicImporters.length > 0) && !BACK_OFFICE.test(id)) entries.add(id);
    for (const importer of info.importers) for (const entry of entriesOf(importer, ctx, visiting)) entries.add(entry);
    visiting.delete(id);
    // Inside an import cycle the set may be short of the cycle's other members' entries: not kept.
    if (visiting.size === 0 || !info.importers.some((i) => visiting.has(i))) info.meta.learnerEntries = entries;
    return entries;
  }
  /** @type {(id: string, ctx: Context) => string | null} */
  return (id, ctx) => (entriesOf(id, ctx, new Set()).size >= minLearnerEntries ? 'common' : null);
}
