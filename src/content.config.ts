/**
 * Texts that editors change without touching components (reading notes, "content editors
 * tweak static shell pages"), in Chinese and English:
 *
 * - `shell`: the "coming soon" text of pages not built yet. `<locale>/coming-soon.md` is the
 *   generic text; `<locale>/<routeId>.md` (route ids of src/i18n/routes.ts) overrides it for one page.
 * - `pages`: complete Markdown pages and fragments: `agreement`, `appCompany`, `footer`.
 *
 * Entry ids are the file path without `.md`, e.g. `en/coming-soon`, `zh/knowledgeCourse`.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const idFromPath = ({ entry }: { entry: string }) => entry.replace(/\.md$/, '');

const shell = defineCollection({
  loader: glob({ pattern: '{zh,en}/*.md', base: './src/content/shell', generateId: idFromPath }),
  schema: z.object({
    /** Heading of the notice; the interface's "coming soon" text when absent. */
    heading: z.string().optional(),
  }),
});

const pages = defineCollection({
  loader: glob({ pattern: '{zh,en}/*.md', base: './src/content/pages', generateId: idFromPath }),
  schema: z.object({
    /** Shown above the text; pages without one use their route title. */
    title: z.string().optional(),
    /** The date the text last changed, shown on legal texts (`updated: 2026-11-01`). */
    updated: z.coerce.date().optional(),
  }),
});

export const collections = { shell, pages };
