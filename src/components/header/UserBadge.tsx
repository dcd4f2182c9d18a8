import { useState } from 'react';
import { ChevronDownIcon } from '@/components/layout/icons';

interface UserBadgeProps {
  name: string;
  avatar?: string;
}

/** Avatar (or the name's first letter) and the user name: the face of the user menu trigger. */
export function UserBadge({ name, avatar }: UserBadgeProps) {
  const [failed, setFailed] = useState(false);
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <>
      <span className="bg-muted text-muted-foreground flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full text-sm font-medium">
        {avatar && !failed ? (
          <img src={avatar} alt="" className="size-full object-cover" onError={() => setFailed(true)} />
        ) : (
          <span aria-hidden="true">{initial}</span>
        )}
      </span>
      <span className="hidden max-w-32 truncate sm:inline">{name}</span>
      <ChevronDownIcon className="text-muted-foreground size-4 max-sm:hidden" />
    </>
  );
}
