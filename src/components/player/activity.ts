/** How a study dynamic reads on `/watch`: its sentence's pieces and where its link goes. */
import type { StudyDynamic } from '@/api/learning-types';
import { localizePath, type Locale } from '@/i18n/locale-path';

/** A piece of a sentence template: plain text, or a `{name}` slot to fill. */
export type SentencePart = { text: string } | { slot: string };

/**
 * Splits a sentence template around its `{name}` slots, so a slot can become a link.
 *
 * @example sentenceParts('Completed {item} in {course}') → [{ text: 'Completed ' }, { slot: 'item' }, { text: ' in ' }, { slot: 'course' }]
 */
export function sentenceParts(template: string): SentencePart[] {
  const parts: SentencePart[] = [];
  let at = 0;
  for (const m of template.matchAll(/\{(\w+)\}/g)) {
    if (m.index > at) parts.push({ text: template.slice(at, m.index) });
    parts.push({ slot: m[1]! });
    at = m.index + m[0].length;
  }
  if (at < template.length) parts.push({ text: template.slice(at) });
  return parts;
}

/** The object a dynamic links to: its course, project or live room, with its name and page. */
export interface ActivityTarget {
  slot: 'course' | 'project' | 'live';
  name: string;
  /** The object's page; absent when the dynamic has no such object left. */
  href?: string;
}

/**
 * The linked object of a dynamic: the course's detail page for kinds 1–3, the project for 4,
 * the live room for 5.
 *
 * @example activityTarget({ kind: 4, projectId: 'p1', projectName: 'Boot camp', … }, 'en') → { slot: 'project', name: 'Boot camp', href: '/en/knowledge/project/p1' }
 */
export function activityTarget(d: StudyDynamic, locale: Locale): ActivityTarget {
  const page = (base: string, id: string | null, name: string) =>
    id && name ? localizePath(`${base}/${encodeURIComponent(id)}`, locale) : undefined;
  if (d.kind === 4) return { slot: 'project', name: d.projectName, href: page('/knowledge/project', d.projectId, d.projectName) };
  if (d.kind === 5) return { slot: 'live', name: d.liveRoomName, href: page('/live/watch', d.liveRoomId, d.liveRoomName) };
  return { slot: 'course', name: d.courseName, href: page('/knowledge/course', d.courseId, d.courseName) };
}
