/**
 * Course categories (administrators): the tree in the order learners see it, each with its
 * number of courses; create at the top or under a category, rename and move under another
 * parent in a dialog (never under itself or its own subtree), reorder among siblings with the
 * up and down buttons, and delete a category with nothing in it (after a confirmation).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import PlusIcon from 'lucide-react/icons/plus';
import { useCallback, useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { deleteCategory, getCategoryTree, reorderCategories, saveCategory } from '@/api/crm-course';
import type { CrmCategory } from '@/api/crm-course-types';
import { gatewayMessage, outcomeOf } from '@/api/outcome';
import { CategorySelect } from '@/components/crm/course/CategorySelect';
import { categoryOptions, nameIn } from '@/components/crm/course/links';
import type { CategoryMessages } from '@/components/crm/course/messages';
import { ConfirmDialog } from '@/components/crm/data-table/ConfirmDialog';
import { FormDialog } from '@/components/crm/form/FormDialog';
import { FormTextField } from '@/components/crm/form/FormTextField';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { errorText, LoadFailed, MoveButtons } from '@/components/crm/site/common';
import { Button } from '@/components/ui/button';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { categorySaveSchema } from '@/lib/schemas/authoring';
import { notifySuccess } from '@/stores/toasts';

const formSchema = categorySaveSchema.omit({ id: true });
type FormIn = z.input<typeof formSchema>;
type FormOut = z.output<typeof formSchema>;

/** What the dialog edits: a new category under `parentId`, or an existing one. */
type Editing = { parentId: string | null } | { category: CrmCategory };

/** The ids of a category and of every one under it. */
function subtree(c: CrmCategory): Set<string> {
  return new Set([c.id, ...c.children.flatMap((x) => [...subtree(x)])]);
}

function CategoryDialog({
  editing,
  tree,
  locale,
  messages: m,
  onClose,
  onSaved,
}: {
  editing: Editing;
  tree: CrmCategory[];
  locale: Locale;
  messages: CategoryMessages;
  onClose: () => void;
  onSaved: (name: string, created: boolean) => void;
}) {
  const existing = 'category' in editing ? editing.category : null;
  const [problem, setProblem] = useState<string>();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(formSchema),
    defaultValues: existing
      ? {
          nameZh: existing.nameZh,
          nameEn: existing.nameEn,
          parentId: existing.parentId,
        }
      : {
          nameZh: '',
          nameEn: '',
          parentId: 'parentId' in editing ? editing.parentId : null,
        },
  });
  const excluded = existing ? subtree(existing) : new Set<string>();
  const parents = categoryOptions(tree, locale).filter((o) => !excluded.has(o.id));
  const submit = form.handleSubmit(async (values) => {
    setProblem(undefined);
    try {
      await saveCategory({ ...values, ...(existing && { id: existing.id }) }, { isShowErrTip: false });
    } catch (error) {
      setProblem(gatewayMessage(outcomeOf(error)));
      return;
    }
    onSaved(values.nameZh, !existing);
  });
  return (
    <FormDialog
      title={m[existing ? 'crmCategory.editTitle' : 'crmCategory.createTitle']}
      description={m['crmCategory.intro']}
      descriptionHidden
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
      pending={form.formState.isSubmitting}
      problem={problem}
      cancelLabel={m['crm.table.cancel']}
      submitLabel={m['crmSite.save']}
      pendingLabel={m['crmSite.saving']}
    >
      <FormTextField
        id="category-nameZh"
        label={m['crmCategory.nameZh']}
        error={errorText(m, form.formState.errors.nameZh?.message)}
        maxLength={30}
        {...form.register('nameZh')}
      />
      <FormTextField
        id="category-nameEn"
        label={m['crmCategory.nameEn']}
        error={errorText(m, form.formState.errors.nameEn?.message)}
        maxLength={60}
        {...form.register('nameEn')}
      />
      <Controller
        control={form.control}
        name="parentId"
        render={({ field }) => (
          <CategorySelect
            id="category-parent"
            label={m['crmCategory.parent']}
            noneLabel={m['crmCategory.top']}
            options={parents}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
    </FormDialog>
  );
}

export function CategoriesPage({ locale, messages: m }: { locale: Locale; messages: CategoryMessages }) {
  const access = useCrmAccess('admin');
  const [tree, setTree] = useState<CrmCategory[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<CrmCategory | null>(null);

  const load = useCallback(() => {
    setFailed(false);
    getCategoryTree({ isShowErrTip: false }).then(setTree, () => setFailed(true));
  }, []);
  useEffect(() => {
    if (access === 'allowed') load();
  }, [access, load]);

  if (access === 'pending') return <CheckingAccess messages={m} />;
  if (access === 'denied') return <NoAccess locale={locale} messages={m} />;
  if (failed) return <LoadFailed onRetry={load} messages={m} />;
  if (!tree) return <p className="text-muted-foreground text-sm">{m['crmSite.loading']}</p>;

  const move = async (siblings: CrmCategory[], parentId: string | null, from: number, to: number) => {
    if (to < 0 || to >= siblings.length) return;
    const ids = siblings.map((c) => c.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved!);
    try {
      setTree(await reorderCategories(parentId, ids));
    } catch {
      load();
      return;
    }
    notifySuccess(m['crmSite.orderSaved']);
  };

  const branch = (list: CrmCategory[], parentId: string | null, depth: number) => (
    <ul role={depth === 0 ? 'tree' : 'group'} aria-label={depth === 0 ? m['crmCategory.tree'] : undefined} className="grid gap-1">
      {list.map((c, index) => {
        const name = nameIn(locale, c);
        return (
          <li key={c.id} role="treeitem" aria-expanded={c.children.length ? true : undefined} aria-selected={false} className="grid gap-1">
            <div className="hover:bg-muted/50 flex flex-wrap items-center gap-2 rounded-md px-2 py-1" style={{ paddingInlineStart: `${depth * 1.5 + 0.5}rem` }}>
              <span className="font-medium">{c.nameZh}</span>
              {c.nameEn && <span className="text-muted-foreground text-sm">{c.nameEn}</span>}
              <span className="text-muted-foreground text-xs">{fill(m['crmCategory.courses'], { count: c.courseCount })}</span>
              <span className="ms-auto flex flex-wrap items-center gap-1">
                <MoveButtons id={c.id} index={index} count={list.length} name={name} onMove={(from, to) => void move(list, parentId, from, to)} messages={m} />
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`${m['crmCategory.addChild']} · ${name}`}
                  onClick={() => setEditing({ parentId: c.id })}
                >
                  {m['crmCategory.addChild']}
                </Button>
                <Button type="button" variant="ghost" size="sm" aria-label={`${m['crmCategory.edit']} · ${name}`} onClick={() => setEditing({ category: c })}>
                  {m['crmCategory.edit']}
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="text-destructive"
                  aria-label={`${m['crmCategory.delete']} · ${name}`}
                  onClick={() => setDeleting(c)}
                >
                  {m['crmCategory.delete']}
                </Button>
              </span>
            </div>
            {c.children.length > 0 && branch(c.children, c.id, depth + 1)}
          </li>
        );
      })}
    </ul>
  );

  return (
    <section className="bg-background grid gap-4 rounded-lg border p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="text-muted-foreground max-w-2xl text-sm">{m['crmCategory.intro']}</p>
        <Button type="button" onClick={() => setEditing({ parentId: null })}>
          <PlusIcon aria-hidden="true" />
          {m['crmCategory.add']}
        </Button>
      </div>
      {tree.length === 0 ? <p className="text-muted-foreground text-sm">{m['crmCategory.empty']}</p> : branch(tree, null, 0)}
      {editing && (
        <CategoryDialog
          editing={editing}
          tree={tree}
          locale={locale}
          messages={m}
          onClose={() => setEditing(null)}
          onSaved={(name, created) => {
            setEditing(null);
            notifySuccess(
              fill(m[created ? 'crmCategory.created' : 'crmCategory.saved'], {
                name,
              }),
            );
            load();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={
          deleting
            ? fill(m['crmCategory.deleteTitle'], {
                name: nameIn(locale, deleting),
              })
            : ''
        }
        description={m['crmCategory.deleteBody']}
        confirmLabel={m['crmCategory.delete']}
        cancelLabel={m['crm.table.cancel']}
        destructive
        onConfirm={async () => {
          if (!deleting) return;
          await deleteCategory(deleting.id);
          notifySuccess(fill(m['crmCategory.deleted'], { name: deleting.nameZh }));
          load();
        }}
      />
    </section>
  );
}
