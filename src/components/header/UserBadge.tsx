import { useState } from 'react';
import { ChevronDownIcon } from '@/components/layout/icons';

interface UserBadgeProps {
  name: string;
  /** What the trigger opens, read before the name: "User menu". */
  label: string;
  avatar?: string;
}

/** Avatar (or the name's first letter) and the user name: the face of the user menu trigger. */
export function UserBadge({ name, label, avatar }: UserBadgeProps) {
  const [failed, setFailed] = useState(false);
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <>
      <span className="sr-only">{`${label}: `}</span>
      <span className="bg-muted text-muted-foreground flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full text-sm font-medium">
        {avatar && !failed ? (
          <img src={avatar} alt="" className="size-full object-cover" onError={() => setFailed(true)} />
        ) : (
          <span aria-hidden="true">{initial}</span>
        )}
      </span>
      <span className="max-w-32 truncate max-sm:sr-only">{name}</span>
      <ChevronDownIcon className="text-muted-foreground size-4 max-sm:hidden" />
    </>
  );
}
