/**
 * The departments page and the posts page (administrators): the company's tree with member
 * counts, opened and closed, a node chosen to act on: a node under it, rename, move (dragged onto
 * another node, or its parent and place picked in a dialog, or a step up or down), delete once it
 * has no members and nothing under it (confirmed). The posts page also shows the post levels.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { deleteOrgNode, getOrgTree, getPostLevels, moveOrgNode, renameOrgNode, type OrgKind } from '@/api/crm-people';
import type { CrmOrgNode, PostLevelGroup } from '@/api/crm-people-types';
import { ConfirmDialog } from '@/components/crm/data-table/ConfirmDialog';
import type { OrgMessages } from '@/components/crm/people/messages';
import { childrenOf, findNode, flatten, parentsOf, stepMove, type OrgMove } from '@/components/crm/people/org-tree';
import { k, type KindSuffix } from '@/components/crm/people/org-kind';
import { OrgTree } from '@/components/crm/people/OrgTree';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { notifySuccess } from '@/stores/toasts';

type Messages = OrgMessages;

// The dialogs (and the form library and schemas they use) load when one first opens.
const NodeDialog = lazy(() => import('@/components/crm/people/OrgDialogs').then((m) => ({ default: m.NodeDialog })));
const MoveDialog = lazy(() => import('@/components/crm/people/OrgDialogs').then((m) => ({ default: m.MoveDialog })));

export function OrgPage({ kind, locale, messages: m }: { kind: OrgKind; locale: Locale; messages: Messages }) {
  const access = useCrmAccess('admin');
  const [tree, setTree] = useState<CrmOrgNode[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [selectedId, setSelectedId] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<{ type: 'create'; parentId: string } | { type: 'rename' | 'move' | 'delete'; node: CrmOrgNode } | null>(null);
  const [levels, setLevels] = useState<PostLevelGroup[] | null>(null);
  const t = (suffix: KindSuffix) => m[k(kind, suffix)];

  const load = useCallback(async () => {
    setFailed(false);
    try {
      const nodes = await getOrgTree(kind, { isShowErrTip: false });
      setTree(nodes);
      return nodes;
    } catch {
      setFailed(true);
      return null;
    }
  }, [kind]);

  useEffect(() => {
    if (access !== 'allowed') return;
    void load().then((nodes) => nodes && setExpanded(new Set(nodes.map((n) => n.id))));
    if (kind === 'post') void getPostLevels({ isShowErrTip: false }).then(setLevels, () => setLevels([]));
  }, [access, kind, load]);

  const selected = tree && selectedId ? findNode(tree, selectedId) : undefined;

  /** Runs a change, reloads the tree, opens the branch a node went into, and says so. */
  const change = async (work: () => Promise<unknown>, done: string, open?: string) => {
    setBusy(true);
    try {
      await work();
      await load();
      if (open) setExpanded((e) => new Set(e).add(open));
      notifySuccess(done);
    } finally {
      setBusy(false);
    }
  };
  const move = (step: OrgMove, node: CrmOrgNode) =>
    change(() => moveOrgNode(kind, step), fill(t('moved'), { name: node.name }), step.parentId || undefined).catch(() => {});

  if (access === 'pending') return <CheckingAccess messages={m} />;
  if (access === 'denied') return <NoAccess locale={locale} messages={m} />;

  return (
    <div className="flex flex-col gap-4">
      <section className="bg-background rounded-lg border p-4">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <p className="text-muted-foreground text-sm">{t('intro')}</p>
          <div className="flex gap-2">
            {tree && tree.length > 0 && (
              <>
                <Button type="button" variant="ghost" size="sm" onClick={() => setExpanded(new Set(parentsOf(tree)))}>
                  {m['crmPeople.org.expandAll']}
                </Button>
                <Button type="button" variant="ghost" size="sm" onClick={() => setExpanded(new Set())}>
                  {m['crmPeople.org.collapseAll']}
                </Button>
              </>
            )}
            <Button type="button" size="sm" onClick={() => setDialog({ type: 'create', parentId: '' })}>
              {t('new')}
            </Button>
          </div>
        </div>
        <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(16rem,2fr)]">
          <div className="min-h-40">
            {failed ? (
              <div role="alert" className="flex flex-col items-center gap-2 py-8 text-sm">
                <span>{m['crmPeople.loadFailed']}</span>
                <Button type="button" variant="outline" size="sm" onClick={() => void load()}>
                  {m['crm.table.retry']}
                </Button>
              </div>
            ) : !tree ? (
              <p role="status" className="text-muted-foreground py-8 text-center text-sm">
                {m['crmPeople.loading']}
              </p>
            ) : tree.length === 0 ? (
              <p className="text-muted-foreground py-8 text-center text-sm">{t('empty')}</p>
            ) : (
              <>
                <p className="text-muted-foreground mb-2 text-xs">{m['crmPeople.org.keyboardHint']}</p>
                <OrgTree
                  nodes={tree}
                  expanded={expanded}
                  onExpandedChange={setExpanded}
                  selectedId={selectedId}
                  onSelect={setSelectedId}
                  busy={busy}
                  onMove={(step) => {
                    const node = findNode(tree, step.id);
                    if (node) void move(step, node);
                  }}
                  texts={{ label: t('tree'), members: m['crmPeople.org.members'], total: m['crmPeople.org.total'], dropRoot: m['crmPeople.org.dropRoot'] }}
                />
              </>
            )}
          </div>
          <NodePanel
            kind={kind}
            node={selected}
            tree={tree ?? []}
            messages={m}
            busy={busy}
            onAct={(type) => selected && setDialog(type === 'create' ? { type, parentId: selected.id } : { type, node: selected })}
            onStep={(step) => {
              const go = selected && tree ? stepMove(tree, selected.id, step) : undefined;
              if (go && selected) void move(go, selected);
            }}
          />
        </div>
      </section>

      {kind === 'post' && <PostLevels levels={levels} messages={m} />}

      <Suspense fallback={null}>
        {dialog && (dialog.type === 'create' || dialog.type === 'rename') && (
          <NodeDialog
            kind={kind}
            locale={locale}
            messages={m}
            tree={tree ?? []}
            parentId={dialog.type === 'create' ? dialog.parentId : undefined}
            node={dialog.type === 'rename' ? dialog.node : undefined}
            onClose={() => setDialog(null)}
            onSaved={async (node, created) => {
              setDialog(null);
              await load();
              if (created && node.parentId) setExpanded((e) => new Set(e).add(node.parentId));
              setSelectedId(node.id);
              notifySuccess(fill(t(created ? 'created' : 'renamed'), { name: node.name }));
            }}
          />
        )}
        {dialog?.type === 'move' && tree && (
          <MoveDialog
            kind={kind}
            messages={m}
            tree={tree}
            node={dialog.node}
            onClose={() => setDialog(null)}
            onMove={async (step) => {
              await moveOrgNode(kind, step, { isShowErrTip: false });
              setDialog(null);
              await load();
              if (step.parentId) setExpanded((e) => new Set(e).add(step.parentId));
              notifySuccess(fill(t('moved'), { name: dialog.node.name }));
            }}
          />
        )}
      </Suspense>
      <ConfirmDialog
        open={dialog?.type === 'delete'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={t('deleteTitle')}
        description={dialog?.type === 'delete' ? fill(t('deleteText'), { name: dialog.node.name }) : undefined}
        confirmLabel={m['crmPeople.org.delete']}
        cancelLabel={m['crm.table.cancel']}
        destructive
        onConfirm={async () => {
          if (dialog?.type !== 'delete') return;
          const node = dialog.node;
          await deleteOrgNode(kind, node.id);
          setSelectedId(undefined);
          await load();
          notifySuccess(fill(t('deleted'), { name: node.name }));
        }}
      />
    </div>
  );
}

/** What can be done with the chosen node: its facts and the actions on it. */
function NodePanel({
  kind,
  node,
  tree,
  messages: m,
  busy,
  onAct,
  onStep,
}: {
  kind: OrgKind;
  node: CrmOrgNode | undefined;
  tree: CrmOrgNode[];
  messages: Messages;
  busy: boolean;
  onAct: (type: 'create' | 'rename' | 'move' | 'delete') => void;
  onStep: (step: -1 | 1) => void;
}) {
  if (!node) {
    return (
      <aside aria-label={m['crmPeople.org.details']} className="text-muted-foreground rounded-md border border-dashed p-4 text-sm">
        {m[k(kind, 'pick')]}
      </aside>
    );
  }
  const flat = flatten(tree).find((f) => f.node.id === node.id);
  const siblings = flat ? childrenOf(tree, flat.parentId) : [];
  const place = siblings.findIndex((s) => s.id === node.id);
  return (
    <aside aria-labelledby="org-details-title" className="flex flex-col gap-3 rounded-md border p-4">
      <h2 id="org-details-title" className="text-base font-semibold">
        {node.name}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{m[k(kind, 'code')]}</dt>
        <dd className="font-mono">{node.id}</dd>
        <dt className="text-muted-foreground">{m['crmPeople.org.nameZh']}</dt>
        <dd>{node.nameZh}</dd>
        <dt className="text-muted-foreground">{m['crmPeople.org.nameEn']}</dt>
        <dd>{node.nameEn}</dd>
        <dt className="text-muted-foreground">{m['crmPeople.org.ownMembers']}</dt>
        <dd className="tabular-nums">{node.memberCount}</dd>
        <dt className="text-muted-foreground">{m['crmPeople.org.allMembers']}</dt>
        <dd className="tabular-nums">{node.totalMemberCount}</dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => onAct('create')}>
          {m[k(kind, 'newChild')]}
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => onAct('rename')}>
          {m['crmPeople.org.rename']}
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => onAct('move')}>
          {m['crmPeople.org.move']}
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={busy || place <= 0} onClick={() => onStep(-1)}>
          {m['crmPeople.org.moveUp']}
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={busy || place < 0 || place >= siblings.length - 1} onClick={() => onStep(1)}>
          {m['crmPeople.org.moveDown']}
        </Button>
        <Button type="button" size="sm" variant="destructive" disabled={busy} onClick={() => onAct('delete')}>
          {m['crmPeople.org.delete']}
        </Button>
      </div>
    </aside>
  );
}

/** The post levels, read-only: the spec fixes the four groups and their levels. */
function PostLevels({ levels, messages: m }: { levels: PostLevelGroup[] | null; messages: Messages }) {
  return (
    <section aria-labelledby="post-levels-title" className="bg-background rounded-lg border p-4">
      <h2 id="post-levels-title" className="mb-1 text-base font-semibold">
        {m['crmPeople.levels.title']}
      </h2>
      <p className="text-muted-foreground mb-3 text-sm">{m['crmPeople.levels.intro']}</p>
      {!levels ? (
        <p role="status" className="text-muted-foreground text-sm">
          {m['crmPeople.loading']}
        </p>
      ) : (
        <div className="grid gap-2">
          {levels.map((group) => (
            <details key={group.value} className="rounded-md border px-3 py-2">
              <summary className="cursor-pointer text-sm font-medium">
                {group.label} <span className="text-muted-foreground font-normal">{fill(m['crmPeople.levels.count'], { count: group.children.length })}</span>
              </summary>
              <ul className="mt-2 flex flex-wrap gap-1.5">
                {group.children.map((level) => (
                  <li key={level.value}>
                    <Badge variant="secondary" className="font-mono">
                      {level.value}
                    </Badge>
                  </li>
                ))}
              </ul>
            </details>
          ))}
        </div>
      )}
    </section>
  );
}
