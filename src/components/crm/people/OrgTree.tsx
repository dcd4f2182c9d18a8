/**
 * A department or post tree as the WAI-ARIA tree pattern: one tab stop, arrow keys move
 * (Up/Down through what is shown, Right opens or goes to the first child, Left closes or goes to
 * the parent, Home/End), Enter or Space selects, `*` opens every branch. Nodes are dragged onto
 * another node (to become its last child) or onto the root strip; the page offers the same moves
 * from the keyboard (move dialog, move up/down).
 */
import { ChevronRightIcon } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { CrmOrgNode } from '@/api/crm-people-types';
import { dropMove, flatten, type OrgMove } from '@/components/crm/people/org-tree';
import { cn } from '@/components/ui/utils';
import { fill } from '@/i18n/fill';

export interface OrgTreeTexts {
  label: string;
  /** `{count}` filled: members of the node itself. */
  members: string;
  /** `{count}` filled: members with the nodes below. */
  total: string;
  dropRoot: string;
}

interface OrgTreeProps {
  nodes: CrmOrgNode[];
  expanded: ReadonlySet<string>;
  onExpandedChange: (next: Set<string>) => void;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  onMove: (move: OrgMove) => void;
  texts: OrgTreeTexts;
  /** Drag and drop off while a change is under way. */
  busy?: boolean;
}

const DRAG_TYPE = 'application/x-org-node';

export function OrgTree({ nodes, expanded, onExpandedChange, selectedId, onSelect, onMove, texts, busy = false }: OrgTreeProps) {
  const visible = flatten(nodes, expanded);
  const [focusedId, setFocusedId] = useState<string>();
  const [dragging, setDragging] = useState<string>();
  const [over, setOver] = useState<string>();
  const items = useRef(new Map<string, HTMLLIElement>());
  const moveFocus = useRef(false);
  const tabStop = visible.some((f) => f.node.id === focusedId)
    ? focusedId
    : selectedId && visible.some((f) => f.node.id === selectedId)
      ? selectedId
      : visible[0]?.node.id;

  useEffect(() => {
    if (!moveFocus.current || !focusedId) return;
    moveFocus.current = false;
    items.current.get(focusedId)?.focus();
  }, [focusedId]);

  const focus = (id: string | undefined) => {
    if (!id) return;
    moveFocus.current = true;
    setFocusedId(id);
    if (id === focusedId) items.current.get(id)?.focus();
  };
  const toggle = (id: string, open?: boolean) => {
    const next = new Set(expanded);
    if (open ?? !next.has(id)) next.add(id);
    else next.delete(id);
    onExpandedChange(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const index = visible.findIndex((f) => f.node.id === tabStop);
    const current = visible[index];
    if (!current) return;
    const open = expanded.has(current.node.id);
    const hasChildren = current.node.children.length > 0;
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    switch (event.key) {
      case 'ArrowDown':
        handled();
        focus(visible[index + 1]?.node.id);
        break;
      case 'ArrowUp':
        handled();
        focus(visible[index - 1]?.node.id);
        break;
      case 'ArrowRight':
        handled();
        if (hasChildren && !open) toggle(current.node.id, true);
        else if (hasChildren) focus(current.node.children[0]!.id);
        break;
      case 'ArrowLeft':
        handled();
        if (hasChildren && open) toggle(current.node.id, false);
        else focus(current.parentId || undefined);
        break;
      case 'Home':
        handled();
        focus(visible[0]?.node.id);
        break;
      case 'End':
        handled();
        focus(visible.at(-1)?.node.id);
        break;
      case 'Enter':
      case ' ':
        handled();
        onSelect(current.node.id);
        break;
      case '*':
        handled();
        onExpandedChange(
          new Set([
            ...expanded,
            ...flatten(nodes)
              .filter((f) => f.node.children.length)
              .map((f) => f.node.id),
          ]),
        );
        break;
    }
  };

  const dropTarget = (target: string) => ({
    onDragOver: (event: DragEvent) => {
      if (!dragging || !dropMove(nodes, dragging, target)) return;
      event.preventDefault();
      event.stopPropagation();
      event.dataTransfer.dropEffect = 'move';
      setOver(target);
    },
    onDragLeave: () => setOver((o) => (o === target ? undefined : o)),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      event.stopPropagation();
      const id = dragging ?? event.dataTransfer.getData(DRAG_TYPE);
      setDragging(undefined);
      setOver(undefined);
      const move = id ? dropMove(nodes, id, target) : undefined;
      if (move) onMove(move);
    },
  });

  const setSizes = new Map<string, number>();
  for (const f of visible) setSizes.set(f.parentId, (setSizes.get(f.parentId) ?? 0) + 1);
  const positions = new Map<string, number>();

  // One flat list: each item carries its level, place and set size (a tree without nested
  // groups), so that an item's name is its own row and not the names of every node below it.
  const rows = visible.map(({ node, depth, parentId }) => {
    const hasChildren = node.children.length > 0;
    const open = expanded.has(node.id);
    const selected = node.id === selectedId;
    const position = (positions.get(parentId) ?? 0) + 1;
    positions.set(parentId, position);
    return (
      <li
        key={node.id}
        ref={(el) => {
          if (el) items.current.set(node.id, el);
          else items.current.delete(node.id);
        }}
        role="treeitem"
        aria-level={depth + 1}
        aria-setsize={setSizes.get(parentId)}
        aria-posinset={position}
        aria-selected={selected}
        aria-expanded={hasChildren ? open : undefined}
        tabIndex={node.id === tabStop ? 0 : -1}
        data-node-id={node.id}
        onFocus={(event) => {
          if (event.target === event.currentTarget) setFocusedId(node.id);
        }}
        draggable={!busy}
        onDragStart={(event) => {
          event.dataTransfer.setData(DRAG_TYPE, node.id);
          event.dataTransfer.setData('text/plain', node.name);
          event.dataTransfer.effectAllowed = 'move';
          setDragging(node.id);
        }}
        onDragEnd={() => {
          setDragging(undefined);
          setOver(undefined);
        }}
        {...dropTarget(node.id)}
        onClick={() => {
          setFocusedId(node.id);
          onSelect(node.id);
        }}
        style={{ paddingInlineStart: `${depth * 1.25 + 0.25}rem` }}
        className={cn(
          'focus-visible:ring-ring/50 flex cursor-pointer items-center gap-1.5 rounded-md py-1.5 pe-2 text-sm outline-none focus-visible:ring-[3px]',
          selected ? 'bg-primary/10 font-medium' : 'hover:bg-muted',
          over === node.id && 'ring-primary ring-2',
          dragging === node.id && 'opacity-50',
        )}
      >
        <span
          aria-hidden="true"
          className={cn('flex size-5 shrink-0 items-center justify-center', !hasChildren && 'invisible')}
          onClick={(event) => {
            event.stopPropagation();
            toggle(node.id);
          }}
        >
          <ChevronRightIcon className={cn('size-4 transition-transform', open && 'rotate-90')} />
        </span>
        <span className="truncate">{node.name}</span>
        <span className="text-muted-foreground font-mono text-xs">{node.id}</span>
        <span className="text-muted-foreground ms-auto shrink-0 text-xs tabular-nums">
          {fill(texts.members, { count: node.memberCount })}
          {hasChildren && <> · {fill(texts.total, { count: node.totalMemberCount })}</>}
        </span>
      </li>
    );
  });

  return (
    <div className="flex flex-col gap-2">
      <ul role="tree" aria-label={texts.label} aria-busy={busy || undefined} onKeyDown={onKeyDown} className="flex flex-col">
        {rows}
      </ul>
      {dragging && (
        <div
          {...dropTarget('')}
          className={cn('text-muted-foreground rounded-md border border-dashed p-3 text-center text-sm', over === '' && 'border-primary text-primary')}
        >
          {texts.dropRoot}
        </div>
      )}
    </div>
  );
}
