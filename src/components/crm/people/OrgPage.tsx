/**
 * The departments page and the posts page (administrators): the company's tree with member
 * counts, opened and closed, a node chosen to act on: a node under it, rename, move (dragged onto
 * another node, or its parent and place picked in a dialog, or a step up or down), delete once it
 * has no members and nothing under it (confirmed). The posts page also shows the post levels.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createOrgNode, deleteOrgNode, getOrgTree, getPostLevels, moveOrgNode, renameOrgNode, type OrgKind } from '@/api/crm-people';
import type { CrmOrgNode, PostLevelGroup } from '@/api/crm-people-types';
import { gatewayMessage, outcomeOf } from '@/api/outcome';
import { ConfirmDialog } from '@/components/crm/data-table/ConfirmDialog';
import { ruleText, type OrgMessages } from '@/components/crm/people/messages';
import { childrenOf, findNode, flatten, parentsOf, stepMove, subtreeOf, type OrgMove } from '@/components/crm/people/org-tree';
import { OrgTree } from '@/components/crm/people/OrgTree';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { orgCreateSchema } from '@/lib/schemas/people';
import { notifySuccess } from '@/stores/toasts';

type Messages = OrgMessages;
/** The per-tree message of a suffix (`crmPeople.department.new` / `crmPeople.post.new`). */
type KindSuffix = 'under' | 'intro' | 'new' | 'newChild' | 'newTitle' | 'renameTitle' | 'moveTitle' | 'deleteTitle' | 'deleteText' | 'code' | 'parent' | 'root' | 'tree' | 'empty' | 'created' | 'renamed' | 'moved' | 'deleted' | 'pick';
const k = (kind: OrgKind, suffix: KindSuffix) => `crmPeople.${kind}.${suffix}` as const;
const ROOT = '__root__';

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

type CreateIn = z.input<typeof orgCreateSchema>;
type CreateOut = z.output<typeof orgCreateSchema>;

/** A new node (under `parentId`) or a new name for `node`: the names in both languages, and a code for a new one. */
function NodeDialog({
  kind,
  locale,
  messages: m,
  tree,
  parentId,
  node,
  onClose,
  onSaved,
}: {
  kind: OrgKind;
  locale: Locale;
  messages: Messages;
  tree: CrmOrgNode[];
  parentId?: string;
  node?: CrmOrgNode;
  onClose: () => void;
  onSaved: (node: CrmOrgNode, created: boolean) => void | Promise<void>;
}) {
  const form = useForm<CreateIn, unknown, CreateOut>({
    resolver: zodResolver(orgCreateSchema),
    defaultValues: { id: '', parentId: node ? node.parentId : (parentId ?? ''), nameZh: node?.nameZh ?? '', nameEn: node?.nameEn ?? '' },
    mode: 'onTouched',
  });
  const [problem, setProblem] = useState<string>();
  const { errors, isSubmitting } = form.formState;
  const parent = parentId ? findNode(tree, parentId) : undefined;

  const submit = form.handleSubmit(async (body) => {
    setProblem(undefined);
    try {
      if (node) {
        await renameOrgNode(kind, { id: node.id, nameZh: body.nameZh, nameEn: body.nameEn }, { isShowErrTip: false });
        await onSaved({ ...node, nameZh: body.nameZh, nameEn: body.nameEn, name: locale === 'en' ? body.nameEn : body.nameZh }, false);
      } else {
        await onSaved(await createOrgNode(kind, { ...body, id: body.id || undefined }, { isShowErrTip: false }), true);
      }
    } catch (e) {
      setProblem(gatewayMessage(outcomeOf(e)) ?? m['crmPeople.loadFailed']);
    }
  });

  const field = (name: 'nameZh' | 'nameEn' | 'id', label: string, hint?: string) => {
    const id = `org-${name}`;
    const error = ruleText(m, errors[name]?.message);
    return (
      <div className="grid gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          maxLength={name === 'id' ? 40 : 50}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined}
          {...form.register(name)}
        />
        {hint && (
          <p id={`${id}-hint`} className="text-muted-foreground text-xs">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="text-destructive text-sm">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{m[k(kind, node ? 'renameTitle' : 'newTitle')]}</DialogTitle>
            <DialogDescription>
              {node ? node.name : fill(m[k(kind, 'under')], { name: parent ? parent.name : m[k(kind, 'root')] })}
            </DialogDescription>
          </DialogHeader>
          {field('nameZh', m['crmPeople.org.nameZh'])}
          {field('nameEn', m['crmPeople.org.nameEn'])}
          {!node && field('id', m[k(kind, 'code')], m['crmPeople.org.codeHint'])}
          {problem && (
            <p role="alert" className="text-destructive text-sm">
              {problem}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {m['crm.table.cancel']}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? m['crmPeople.saving'] : m['crmPeople.save']}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Moving a node by choosing its new parent and its place there: the keyboard's way of dragging. */
function MoveDialog({
  kind,
  messages: m,
  tree,
  node,
  onClose,
  onMove,
}: {
  kind: OrgKind;
  messages: Messages;
  tree: CrmOrgNode[];
  node: CrmOrgNode;
  onClose: () => void;
  onMove: (move: OrgMove) => Promise<void>;
}) {
  const current = flatten(tree).find((f) => f.node.id === node.id);
  const [parentId, setParentId] = useState(current?.parentId ?? '');
  const inside = useMemo(() => subtreeOf(tree, node.id), [tree, node.id]);
  const parents = flatten(tree).filter((f) => !inside.has(f.node.id));
  const siblings = childrenOf(tree, parentId).filter((n) => n.id !== node.id);
  const [index, setIndex] = useState(() => Math.max(0, childrenOf(tree, current?.parentId ?? '').findIndex((n) => n.id === node.id)));
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const at = Math.min(index, siblings.length);

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent className="sm:max-w-md">
        <form
          className="grid gap-4"
          onSubmit={async (event) => {
            event.preventDefault();
            setPending(true);
            setProblem(undefined);
            try {
              await onMove({ id: node.id, parentId, index: at });
            } catch (e) {
              setProblem(gatewayMessage(outcomeOf(e)) ?? m['crmPeople.loadFailed']);
            } finally {
              setPending(false);
            }
          }}
        >
          <DialogHeader>
            <DialogTitle>{m[k(kind, 'moveTitle')]}</DialogTitle>
            <DialogDescription>{node.name}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="move-parent">{m[k(kind, 'parent')]}</Label>
            <Select
              value={parentId || ROOT}
              onValueChange={(v) => {
                setParentId(v === ROOT ? '' : v);
                setIndex(Number.MAX_SAFE_INTEGER);
              }}
            >
              <SelectTrigger id="move-parent" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ROOT}>{m[k(kind, 'root')]}</SelectItem>
                {parents.map((f) => (
                  <SelectItem key={f.node.id} value={f.node.id} style={{ paddingInlineStart: `${f.depth * 1 + 0.5}rem` }}>
                    {f.node.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="move-place">{m['crmPeople.org.place']}</Label>
            <Select value={String(at)} onValueChange={(v) => setIndex(Number(v))}>
              <SelectTrigger id="move-place" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="0">{m['crmPeople.org.first']}</SelectItem>
                {siblings.map((s, i) => (
                  <SelectItem key={s.id} value={String(i + 1)}>
                    {fill(m['crmPeople.org.after'], { name: s.name })}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {problem && (
            <p role="alert" className="text-destructive text-sm">
              {problem}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={pending} onClick={onClose}>
              {m['crm.table.cancel']}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? m['crmPeople.saving'] : m['crmPeople.org.move']}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
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
