/**
 * A light tab list (WAI-ARIA tabs pattern): arrow keys, Home and End move the selection and the
 * focus; only the selected tab is in the tab order. Panels take {@link tabPanelProps}.
 */
import { useRef, type KeyboardEvent } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

interface TabListProps<T extends string> {
  items: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Accessible name of the list. */
  label: string;
  /** Prefix of the tab and panel ids (unique on the page). */
  idBase: string;
  className?: string;
}

const tabClass =
  'text-muted-foreground hover:text-foreground aria-selected:text-foreground aria-selected:border-primary focus-visible:ring-ring/50 -mb-px border-b-2 border-transparent px-1 pb-2 text-sm font-medium whitespace-nowrap outline-none focus-visible:rounded-sm focus-visible:ring-[3px]';

export function TabList<T extends string>({ items, value, onChange, label, idBase, className }: TabListProps<T>) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    if (target < 0) return;
    event.preventDefault();
    refs.current[target]?.focus();
    onChange(items[target]!.id);
  };

  return (
    <div role="tablist" aria-label={label} className={`flex gap-4 overflow-x-auto border-b ${className ?? ''}`}>
      {items.map((item, index) => {
        const selected = item.id === value;
        return (
          <button
            key={item.id}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${idBase}-tab-${item.id}`}
            aria-selected={selected}
            aria-controls={`${idBase}-panel-${item.id}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={tabClass}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

/**
 * The attributes of the panel that belongs to tab `id`. The panel is not named after its tab:
 * a tab called "Employee number" would make the panel a second match for the field of that
 * name wherever fields are found by label.
 */
export function tabPanelProps(idBase: string, id: string) {
  return {
    role: 'tabpanel',
    id: `${idBase}-panel-${id}`,
    tabIndex: 0,
    className: 'outline-none',
  } as const;
}
