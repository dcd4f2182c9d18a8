/**
 * How a period's progress is made, from its content and resource type and its file:
 * - `time`: video and audio, by the spans played;
 * - `pages`: a document the page shows (a PDF, page by page; a text or spreadsheet preview as
 *   one page), by the pages shown for the course's minimum time each;
 * - `download`: a file the page cannot show (Word, PowerPoint, an archive), once the learner
 *   downloads it through the gateway;
 * - `opening`: an image, image and text, or a document shown as an image or medium;
 * - `none`: exam, research and offline periods, which the player never completes.
 */
import { ContentType, ResourceType, type ProgressBy } from '@/api/learning-types';
import { downloadNameOf, previewKindOf } from '../../files/resources';
import type { Period } from '../../db/access/player';

export function progressByOf(period: Period): ProgressBy {
  const { item, resource } = period;
  if (item.contentType === ContentType.image) return 'opening';
  if (item.contentType !== ContentType.directoryOrVideo || !resource) return 'none';
  switch (resource.resourceType) {
    case ResourceType.video:
    case ResourceType.audio:
      return 'time';
    case ResourceType.image:
      return 'opening';
    case ResourceType.archive:
      return 'download';
    case ResourceType.document: {
      const kind = previewKindOf(downloadNameOf(resource, 'zh'), resource.resourceType);
      if (kind === 'pdf' || kind === 'text' || kind === 'sheet') return 'pages';
      return kind === 'none' ? 'download' : 'opening';
    }
    default:
      return 'none';
  }
}

/** Whether a document period is a PDF (counted page by page) rather than a one-page text preview. */
export function isPdfPeriod(period: Period): boolean {
  const resource = period.resource;
  return Boolean(resource) && previewKindOf(downloadNameOf(resource!, 'zh'), resource!.resourceType) === 'pdf';
}

/**
 * The pages of a `pages` period the gateway knows: the PDF's page count as read from the file
 * (at least 1 when it could not be read), 1 for a text preview; 0 for other periods.
 */
export function knownPageCount(period: Period): number {
  if (progressByOf(period) !== 'pages') return 0;
  if (!isPdfPeriod(period)) return 1;
  return Math.max(1, period.resource?.pages ?? 0);
}
