/**
 * The icon of a course item's type (spec section 3): one per content type 3–8, per resource
 * type 2–6, per document kind (xls, doc, txt, pdf, ppt by file name); a folder for chapters.
 */
import BadgeCheckIcon from 'lucide-react/icons/badge-check';
import ClipboardCheckIcon from 'lucide-react/icons/clipboard-check';
import ClipboardListIcon from 'lucide-react/icons/clipboard-list';
import FileIcon from 'lucide-react/icons/file';
import FileArchiveIcon from 'lucide-react/icons/file-archive';
import FileSpreadsheetIcon from 'lucide-react/icons/file-spreadsheet';
import FileTextIcon from 'lucide-react/icons/file-text';
import FileTypeIcon from 'lucide-react/icons/file-type';
import FolderIcon from 'lucide-react/icons/folder';
import HeadphonesIcon from 'lucide-react/icons/headphones';
import ImageIcon from 'lucide-react/icons/image';
import NewspaperIcon from 'lucide-react/icons/newspaper';
import PresentationIcon from 'lucide-react/icons/presentation';
import UsersIcon from 'lucide-react/icons/users';
import VideoIcon from 'lucide-react/icons/video';
import WrenchIcon from 'lucide-react/icons/wrench';
import { itemKind, type ItemKind } from '@/components/learning/type-label';

type Icon = typeof FileIcon;

const CONTENT_ICONS: Record<3 | 4 | 5 | 6 | 7 | 8, Icon> = {
  3: ClipboardCheckIcon,
  4: NewspaperIcon,
  5: ClipboardListIcon,
  6: UsersIcon,
  7: WrenchIcon,
  8: BadgeCheckIcon,
};
const RESOURCE_ICONS: Record<2 | 3 | 5 | 6, Icon> = {
  2: VideoIcon,
  3: HeadphonesIcon,
  5: ImageIcon,
  6: FileArchiveIcon,
};
const DOC_ICONS: Record<string, Icon> = {
  xls: FileSpreadsheetIcon,
  doc: FileTextIcon,
  txt: FileTypeIcon,
  pdf: FileTextIcon,
  ppt: PresentationIcon,
};
/** Tints that tell the document kinds apart at a glance (the label says it in words). */
const DOC_TINTS: Record<string, string> = {
  xls: 'text-emerald-600',
  doc: 'text-blue-600',
  txt: 'text-slate-500',
  pdf: 'text-red-600',
  ppt: 'text-orange-600',
};

function pick(kind: ItemKind): { Icon: Icon; tint: string } {
  switch (kind.by) {
    case 'content':
      return { Icon: CONTENT_ICONS[kind.type], tint: 'text-primary' };
    case 'resource':
      return { Icon: RESOURCE_ICONS[kind.type], tint: 'text-primary' };
    case 'doc':
      return kind.kind
        ? { Icon: DOC_ICONS[kind.kind]!, tint: DOC_TINTS[kind.kind]! }
        : { Icon: FileIcon, tint: 'text-muted-foreground' };
    default:
      return { Icon: FolderIcon, tint: 'text-muted-foreground' };
  }
}

interface TypeIconProps {
  contentType: number;
  resourceType: number;
  /** Tells the document kinds apart. */
  fileName?: string | null;
  /** Names the icon for assistive technology; without it the icon is decorative. */
  label?: string;
  className?: string;
}

export function TypeIcon({ contentType, resourceType, fileName, label, className }: TypeIconProps) {
  const { Icon, tint } = pick(itemKind(contentType, resourceType, fileName));
  return (
    <Icon
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={`${className ?? 'size-4'} shrink-0 ${tint}`}
    />
  );
}
