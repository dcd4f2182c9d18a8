/**
 * The dialogs of the departments and posts pages, loaded when one first opens: a node created or
 * renamed (react-hook-form with the shared schema), and a node moved by choosing its new parent
 * and its place (the keyboard's way of dragging).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createOrgNode, renameOrgNode, type OrgKind } from '@/api/crm-people';
import type { CrmOrgNode } from '@/api/crm-people-types';
import { gatewayMessage, outcomeOf } from '@/api/outcome';
import { FormDialog } from '@/components/crm/form/FormDialog';
import { FormTextField } from '@/components/crm/form/FormTextField';
import { ruleText, type OrgMessages } from '@/components/crm/people/messages';
import { k } from '@/components/crm/people/org-kind';
import { childrenOf, findNode, flatten, subtreeOf, type OrgMove } from '@/components/crm/people/org-tree';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { orgCreateSchema } from '@/lib/schemas/people';

type Messages = OrgMessages;
const ROOT = '__root__';

type CreateIn = z.input<typeof orgCreateSchema>;
type CreateOut = z.output<typeof orgCreateSchema>;

/** A new node (under `parentId`) or a new name for `node`: the names in both languages, and a code for a new one. */
export function NodeDialog({
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

  const field = (name: 'nameZh' | 'nameEn' | 'id', label: string, hint?: string) => (
    <FormTextField id={`org-${name}`} label={label} hint={hint} error={ruleText(m, errors[name]?.message)} maxLength={name === 'id' ? 40 : 50} {...form.register(name)} />
  );

  return (
    <FormDialog
      title={m[k(kind, node ? 'renameTitle' : 'newTitle')]}
      description={node ? node.name : fill(m[k(kind, 'under')], { name: parent ? parent.name : m[k(kind, 'root')] })}
      contentClassName="sm:max-w-md"
      onSubmit={submit}
      onClose={onClose}
      pending={isSubmitting}
      problem={problem}
      cancelLabel={m['crm.table.cancel']}
      submitLabel={m['crmPeople.save']}
      pendingLabel={m['crmPeople.saving']}
    >
      {field('nameZh', m['crmPeople.org.nameZh'])}
      {field('nameEn', m['crmPeople.org.nameEn'])}
      {!node && field('id', m[k(kind, 'code')], m['crmPeople.org.codeHint'])}
    </FormDialog>
  );
}

/** Moving a node by choosing its new parent and its place there: the keyboard's way of dragging. */
export function MoveDialog({
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
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      childrenOf(tree, current?.parentId ?? '').findIndex((n) => n.id === node.id),
    ),
  );
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const at = Math.min(index, siblings.length);

  return (
    <FormDialog
      title={m[k(kind, 'moveTitle')]}
      description={node.name}
      contentClassName="sm:max-w-md"
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
      onClose={onClose}
      pending={pending}
      lockWhilePending
      problem={problem}
      cancelLabel={m['crm.table.cancel']}
      submitLabel={m['crmPeople.org.move']}
      pendingLabel={m['crmPeople.saving']}
    >
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
    </FormDialog>
  );
}
