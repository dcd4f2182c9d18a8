/**
 * The company's departments as a tree of checkboxes (each branch opens and closes with its own
 * button). A chosen department brings its sub-departments along: they show as chosen and
 * cannot be unticked on their own, and only the top-most chosen ids are handed back.
 */
import ChevronRightIcon from 'lucide-react/icons/chevron-right';
import { useId, useState } from 'react';
import type { TreeOption } from '@/api/types';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import type { Messages } from '@/i18n/index';

type PickerMessages = Messages<'crmNotice.msg.expand' | 'crmNotice.msg.collapse'>;

/** The ids of a node's descendants. */
function descendants(node: TreeOption): string[] {
  return (node.children ?? []).flatMap((child) => [child.id, ...descendants(child)]);
}

interface DepartmentPickerProps {
  tree: TreeOption[];
  value: string[];
  onChange: (value: string[]) => void;
  messages: PickerMessages;
  describedBy?: string;
}

export function DepartmentPicker({ tree, value, onChange, messages: m, describedBy }: DepartmentPickerProps) {
  const base = useId();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(tree.map((n) => n.id)));
  const chosen = new Set(value);

  const toggle = (node: TreeOption, checked: boolean) => {
    const below = new Set(descendants(node));
    const rest = value.filter((id) => id !== node.id && !below.has(id));
    onChange(checked ? [...rest, node.id] : rest);
  };

  const branch = (nodes: TreeOption[], implied: boolean, depth: number) => (
    <ul className={depth === 0 ? 'grid gap-1' : 'ms-6 mt-1 grid gap-1'}>
      {nodes.map((node) => {
        const children = node.children ?? [];
        const isOpen = open.has(node.id);
        const checked = implied || chosen.has(node.id);
        const inputId = `${base}-${node.id}`;
        return (
          <li key={node.id}>
            <div className="flex items-center gap-1.5">
              {children.length > 0 ? (
                <button
                  type="button"
                  className="hover:bg-accent focus-visible:ring-ring/50 flex size-6 items-center justify-center rounded outline-none focus-visible:ring-[3px]"
                  aria-expanded={isOpen}
                  aria-controls={`${inputId}-children`}
                  aria-label={`${m[isOpen ? 'crmNotice.msg.collapse' : 'crmNotice.msg.expand']} ${node.name}`}
                  onClick={() => setOpen((old) => {
                    const next = new Set(old);
                    if (next.has(node.id)) next.delete(node.id);
                    else next.add(node.id);
                    return next;
                  })}
                >
                  <ChevronRightIcon aria-hidden="true" className={`size-4 transition-transform ${isOpen ? 'rotate-90' : ''}`} />
                </button>
              ) : (
                <span aria-hidden="true" className="size-6" />
              )}
              <Checkbox
                id={inputId}
                checked={checked}
                disabled={implied}
                aria-describedby={describedBy}
                onCheckedChange={(v) => toggle(node, v === true)}
              />
              <Label htmlFor={inputId} className="font-normal">
                {node.name}
              </Label>
            </div>
            {children.length > 0 && (
              <div id={`${inputId}-children`} hidden={!isOpen}>
                {branch(children, checked, depth + 1)}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );

  return branch(tree, false, 0);
}
