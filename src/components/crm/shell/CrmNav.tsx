/**
 * The back office's side navigation: the pages of the signed-in member's roles, by group,
 * the current one marked. Until the member is known it lists nothing (the gateway decides
 * anyway); the breadcrumbs and the page stay usable meanwhile.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { crmGroups, navAreas, type CrmGroup } from '@/components/crm/shell/areas';
import type { RouteId } from '@/i18n/routes';
import { $user } from '@/stores/session';

export interface CrmNavProps {
  current: RouteId;
  /** The area (page) the current page belongs to in the navigation (itself or its parent). */
  section: RouteId;
  label: string;
  groupTitles: Record<CrmGroup, string>;
  /** Every page's title and localized path, by route id. */
  links: Partial<Record<RouteId, { title: string; href: string }>>;
}

export function CrmNav({ section, label, groupTitles, links }: CrmNavProps) {
  const user = useStore($user);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const areas = mounted && user ? navAreas(user) : [];
  return (
    <nav aria-label={label} className="text-sm">
      {crmGroups.map((group) => {
        const items = areas.filter((a) => a.group === group);
        if (items.length === 0) return null;
        return (
          <div key={group} className="mb-4">
            <h2 className="text-muted-foreground mb-1 px-3 text-xs font-medium">{groupTitles[group]}</h2>
            <ul className="flex flex-col gap-0.5">
              {items.map((a) => {
                const link = links[a.id];
                if (!link) return null;
                return (
                  <li key={a.id}>
                    <a
                      href={link.href}
                      aria-current={a.id === section ? 'page' : undefined}
                      className="hover:bg-accent hover:text-accent-foreground aria-[current=page]:bg-primary/10 aria-[current=page]:text-primary focus-visible:ring-ring/50 block rounded-md px-3 py-2 outline-none focus-visible:ring-[3px] aria-[current=page]:font-medium"
                    >
                      {link.title}
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
