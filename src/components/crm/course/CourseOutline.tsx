/**
 * A course's outline in its form (administrators): chapters with their periods, in the order
 * learners see them. Chapters and periods are added and edited in a dialog (a period names its
 * type and, by type, a library resource or an exam, found by name), reordered with the up and
 * down buttons, and deleted after a confirmation (a chapter only when it holds no period).
 */
import PlusIcon from 'lucide-react/icons/plus';
import { useEffect, useId, useState } from 'react';
import {
  addCourseware,
  deleteCourseItem,
  findExams,
  findResources,
  getCourseOutline,
  getCoursewares,
  removeCourseware,
  reorderCourseItems,
  saveCourseItem,
} from '@/api/crm-course';
import type { CrmChapter, CrmCourseware, CrmOption, CrmPeriod } from '@/api/crm-course-types';
import { gatewayMessage, outcomeOf } from '@/api/outcome';
import { nameIn } from '@/components/crm/course/links';
import type { CourseFormMessages } from '@/components/crm/course/messages';
import { ConfirmDialog } from '@/components/crm/data-table/ConfirmDialog';
import { FormDialog } from '@/components/crm/form/FormDialog';
import { FormTextField } from '@/components/crm/form/FormTextField';
import { errorText, LoadFailed, MoveButtons } from '@/components/crm/site/common';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { COURSEWARE_RESOURCE_TYPES, IMAGE_RESOURCE_TYPE, PERIOD_TYPES, PLAYABLE_RESOURCE_TYPES, type PeriodType } from '@/lib/authoring-rules';
import { courseItemSaveSchema } from '@/lib/schemas/authoring';
import { notifySuccess } from '@/stores/toasts';

/** What the dialog edits: a chapter, or a period of chapter `parentId`; `item` when it exists. */
interface Editing {
  parentId: string | null;
  item?: CrmChapter | CrmPeriod;
}

/** The library resources or exams a period of `type` may name, found by name. */
function ContentPicker({
  type,
  value,
  initialName,
  onChange,
  error,
  messages: m,
}: {
  /** A period's type, or 'ware' for a courseware. */
  type: 2 | 3 | 4 | 'ware';
  value: string | null;
  initialName: string;
  onChange: (id: string | null, name: string) => void;
  error?: string;
  messages: CourseFormMessages;
}) {
  const ids = useId();
  const [keyword, setKeyword] = useState('');
  const [options, setOptions] = useState<CrmOption[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const opts = { signal: controller.signal, isShowErrTip: false };
      const kinds: readonly number[] = type === 'ware' ? COURSEWARE_RESOURCE_TYPES : PLAYABLE_RESOURCE_TYPES;
      const found =
        type === 3
          ? findExams(keyword.trim(), opts)
          : findResources(keyword.trim(), type === 4 ? IMAGE_RESOURCE_TYPE : undefined, opts).then((list) =>
              type === 4 ? list : list.filter((o) => kinds.includes(o.resourceType ?? 0)),
            );
      found.then(setOptions, () => undefined);
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [keyword, type]);
  const label = m[type === 3 ? 'crmCourse.outline.exam' : type === 'ware' ? 'crmCourse.wares.pick' : 'crmCourse.outline.resource'];
  const chosen = options?.find((o) => o.id === value)?.name ?? (value ? initialName : '');
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${ids}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">
        {label}
        <span className="text-muted-foreground ms-2 font-normal">{chosen || m['crmCourse.outline.none']}</span>
      </legend>
      <Label htmlFor={`${ids}-search`} className="sr-only">
        {`${m['crmCourse.outline.search']} · ${label}`}
      </Label>
      <Input id={`${ids}-search`} type="search" placeholder={m['crmCourse.outline.search']} value={keyword} onChange={(e) => setKeyword(e.target.value)} />
      <div role="radiogroup" aria-label={label} className="grid max-h-48 gap-1 overflow-y-auto rounded-md border p-2">
        {options?.length === 0 && <p className="text-muted-foreground text-sm">{m['crmCourse.outline.noOptions']}</p>}
        {options?.map((o) => (
          <label key={o.id} className="hover:bg-muted/50 flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 text-sm">
            <input type="radio" name={`${ids}-option`} checked={value === o.id} onChange={() => onChange(o.id, o.name)} className="accent-primary" />
            <span>{o.name}</span>
            {o.resourceType !== undefined && (
              <span className="text-muted-foreground text-xs">{(m as Record<string, string>)[`crmCourse.outline.resourceType.${o.resourceType}`]}</span>
            )}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${ids}-error`} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function ItemDialog({
  courseId,
  editing,
  messages: m,
  onClose,
  onSaved,
}: {
  courseId: string;
  editing: Editing;
  messages: CourseFormMessages;
  onClose: () => void;
  onSaved: (outline: CrmChapter[], name: string) => void;
}) {
  const isPeriod = editing.parentId !== null;
  const period = isPeriod ? (editing.item as CrmPeriod | undefined) : undefined;
  const [nameZh, setNameZh] = useState(editing.item?.nameZh ?? '');
  const [nameEn, setNameEn] = useState(editing.item?.nameEn ?? '');
  const [type, setType] = useState<PeriodType>((period?.contentType as PeriodType | undefined) ?? 2);
  const [resourceId, setResourceId] = useState<string | null>(period?.resourceId ?? null);
  const [examId, setExamId] = useState<string | null>(period?.examId ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async (event: { preventDefault: () => void }) => {
    event.preventDefault();
    const body = {
      ...(editing.item && { id: editing.item.id }),
      courseId,
      parentId: editing.parentId,
      nameZh,
      nameEn,
      ...(isPeriod && {
        contentType: type,
        resourceId: type === 2 || type === 4 ? resourceId : null,
        examId: type === 3 ? examId : null,
      }),
    };
    const checked = courseItemSaveSchema.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setProblem(undefined);
    setPending(true);
    try {
      onSaved(await saveCourseItem(checked.data, { isShowErrTip: false }), nameZh.trim());
    } catch (error) {
      setProblem(gatewayMessage(outcomeOf(error)));
    } finally {
      setPending(false);
    }
  };

  const title = m[isPeriod ? 'crmCourse.outline.periodTitle' : 'crmCourse.outline.chapterTitle'];
  return (
    <FormDialog
      title={title}
      description={m['crmCourse.outline.intro']}
      descriptionHidden
      contentClassName="sm:max-w-lg"
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
      pending={pending}
      problem={problem}
      cancelLabel={m['crm.table.cancel']}
      submitLabel={m['crmSite.save']}
      pendingLabel={m['crmSite.saving']}
    >
      <FormTextField
        id="item-nameZh"
        label={m['crmCourse.outline.nameZh']}
        error={errorText(m, errors.nameZh)}
        maxLength={60}
        value={nameZh}
        onChange={(e) => setNameZh(e.target.value)}
      />
      <FormTextField
        id="item-nameEn"
        label={m['crmCourse.outline.nameEn']}
        error={errorText(m, errors.nameEn)}
        maxLength={120}
        value={nameEn}
        onChange={(e) => setNameEn(e.target.value)}
      />
      {isPeriod && (
        <>
          <div className="grid gap-2">
            <Label htmlFor="item-type">{m['crmCourse.outline.type']}</Label>
            <select
              id="item-type"
              className="border-input h-9 rounded-md border bg-transparent px-3 text-sm"
              value={type}
              onChange={(e) => setType(Number(e.target.value) as PeriodType)}
            >
              {PERIOD_TYPES.map((t) => (
                <option key={t} value={t}>
                  {m[`crmCourse.outline.type.${t}`]}
                </option>
              ))}
            </select>
          </div>
          {type === 2 || type === 4 ? (
            <ContentPicker
              key={type}
              type={type}
              value={resourceId}
              initialName={period?.resourceName ?? ''}
              onChange={(id) => setResourceId(id)}
              messages={m}
            />
          ) : type === 3 ? (
            <ContentPicker type={3} value={examId} initialName={period?.examName ?? ''} onChange={(id) => setExamId(id)} messages={m} />
          ) : (
            <p className="text-muted-foreground text-sm">{m['crmCourse.outline.recorded']}</p>
          )}
        </>
      )}
    </FormDialog>
  );
}

export function CourseOutline({ courseId, locale, messages: m }: { courseId: string; locale: Locale; messages: CourseFormMessages }) {
  const [outline, setOutline] = useState<CrmChapter[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<CrmChapter | CrmPeriod | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    getCourseOutline(courseId, {
      signal: controller.signal,
      isShowErrTip: false,
    }).then(setOutline, () => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [courseId, attempt]);

  const move = async (list: { id: string }[], parentId: string | null, from: number, to: number) => {
    if (to < 0 || to >= list.length) return;
    const ids = list.map((x) => x.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved!);
    try {
      setOutline(await reorderCourseItems(courseId, parentId, ids));
    } catch {
      setAttempt((n) => n + 1);
      return;
    }
    notifySuccess(m['crmSite.orderSaved']);
  };

  const rowButtons = (item: CrmChapter | CrmPeriod, parentId: string | null, list: { id: string }[], index: number) => {
    const name = nameIn(locale, item);
    return (
      <span className="ms-auto flex flex-wrap items-center gap-1">
        <MoveButtons id={item.id} index={index} count={list.length} name={name} onMove={(from, to) => void move(list, parentId, from, to)} messages={m} />
        <Button type="button" variant="ghost" size="sm" aria-label={`${m['crmCourse.outline.edit']} · ${name}`} onClick={() => setEditing({ parentId, item })}>
          {m['crmCourse.outline.edit']}
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="text-destructive"
          aria-label={`${m['crmCourse.outline.delete']} · ${name}`}
          onClick={() => setDeleting(item)}
        >
          {m['crmCourse.outline.delete']}
        </Button>
      </span>
    );
  };

  return (
    <section aria-labelledby="outline-title" className="grid gap-3 border-t pt-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="outline-title" className="text-lg font-semibold">
            {m['crmCourse.outline.title']}
          </h2>
          <p className="text-muted-foreground text-sm">{m['crmCourse.outline.intro']}</p>
        </div>
        <Button type="button" variant="outline" onClick={() => setEditing({ parentId: null })}>
          <PlusIcon aria-hidden="true" />
          {m['crmCourse.outline.addChapter']}
        </Button>
      </div>
      {failed ? (
        <LoadFailed onRetry={() => setAttempt((n) => n + 1)} messages={m} />
      ) : !outline ? (
        <p className="text-muted-foreground text-sm">{m['crmSite.loading']}</p>
      ) : outline.length === 0 ? (
        <p className="text-muted-foreground text-sm">{m['crmCourse.outline.empty']}</p>
      ) : (
        <ol className="grid gap-3">
          {outline.map((chapter, ci) => (
            <li key={chapter.id} className="rounded-md border">
              <div className="bg-muted/40 flex flex-wrap items-center gap-2 px-3 py-2">
                <span className="font-medium">{nameIn(locale, chapter)}</span>
                {rowButtons(chapter, null, outline, ci)}
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`${m['crmCourse.outline.addPeriod']} · ${nameIn(locale, chapter)}`}
                  onClick={() => setEditing({ parentId: chapter.id })}
                >
                  <PlusIcon aria-hidden="true" />
                  {m['crmCourse.outline.addPeriod']}
                </Button>
              </div>
              {chapter.periods.length > 0 && (
                <ol className="divide-y">
                  {chapter.periods.map((p, pi) => (
                    <li key={p.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
                      <span>{nameIn(locale, p)}</span>
                      <span className="text-muted-foreground text-xs">
                        {(m as Record<string, string>)[`crmCourse.outline.type.${p.contentType}`] ?? p.contentType}
                        {p.resourceName || p.examName ? ` · ${p.resourceName || p.examName}` : ''}
                      </span>
                      {rowButtons(p, chapter.id, chapter.periods, pi)}
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ol>
      )}
      {editing && (
        <ItemDialog
          courseId={courseId}
          editing={editing}
          messages={m}
          onClose={() => setEditing(null)}
          onSaved={(next, name) => {
            setEditing(null);
            setOutline(next);
            notifySuccess(fill(m['crmCourse.outline.saved'], { name }));
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={
          deleting
            ? fill(m['crmCourse.outline.deleteTitle'], {
                name: nameIn(locale, deleting),
              })
            : ''
        }
        description={m['crmCourse.outline.deleteBody']}
        confirmLabel={m['crmCourse.outline.delete']}
        cancelLabel={m['crm.table.cancel']}
        destructive
        onConfirm={async () => {
          if (!deleting) return;
          setOutline(await deleteCourseItem(deleting.id));
          notifySuccess(
            fill(m['crmCourse.outline.deleted'], {
              name: nameIn(locale, deleting),
            }),
          );
        }}
      />
    </section>
  );
}

/** The files the course offers for download: added from the library in a dialog, removed with undo. */
export function Coursewares({ courseId, messages: m }: { courseId: string; messages: CourseFormMessages }) {
  const [list, setList] = useState<CrmCourseware[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [adding, setAdding] = useState(false);
  const [chosen, setChosen] = useState<{ id: string; name: string } | null>(null);
  const [problem, setProblem] = useState<string>();
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    getCoursewares(courseId, { signal: controller.signal, isShowErrTip: false }).then(setList, () => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [courseId, attempt]);

  const add = async (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (!chosen) {
      setProblem(m['crmCourse.wares.pick']);
      return;
    }
    setPending(true);
    setProblem(undefined);
    try {
      setList(await addCourseware(courseId, chosen.id, { isShowErrTip: false }));
      setAdding(false);
      notifySuccess(fill(m['crmCourse.wares.added'], { name: chosen.name }));
    } catch (error) {
      setProblem(gatewayMessage(outcomeOf(error)));
    } finally {
      setPending(false);
    }
  };

  const remove = async (ware: CrmCourseware) => {
    try {
      setList(await removeCourseware(ware.id));
    } catch {
      return;
    }
    notifySuccess(fill(m['crmCourse.wares.removed'], { name: ware.name }), {
      label: m['crmSite.undo'],
      run: () => void addCourseware(courseId, ware.resourceId).then(setList, () => {}),
    });
  };

  return (
    <section aria-labelledby="wares-title" className="grid gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="wares-title" className="text-lg font-semibold">
            {m['crmCourse.wares.title']}
          </h2>
          <p className="text-muted-foreground text-sm">{m['crmCourse.wares.intro']}</p>
        </div>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            setChosen(null);
            setProblem(undefined);
            setAdding(true);
          }}
        >
          <PlusIcon aria-hidden="true" />
          {m['crmCourse.wares.add']}
        </Button>
      </div>
      {failed ? (
        <LoadFailed onRetry={() => setAttempt((n) => n + 1)} messages={m} />
      ) : !list ? (
        <p className="text-muted-foreground text-sm">{m['crmSite.loading']}</p>
      ) : list.length === 0 ? (
        <p className="text-muted-foreground text-sm">{m['crmCourse.wares.empty']}</p>
      ) : (
        <ul className="divide-y rounded-md border">
          {list.map((w) => (
            <li key={w.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
              <span>{w.name}</span>
              <span className="text-muted-foreground text-xs">
                {(m as Record<string, string>)[`crmCourse.outline.resourceType.${w.resourceType}`]}
                {w.fileName ? ` · ${w.fileName}` : ''}
              </span>
              <Button type="button" variant="ghost" size="sm" className="text-destructive ms-auto" aria-label={`${m['crmCourse.wares.remove']} · ${w.name}`} onClick={() => void remove(w)}>
                {m['crmCourse.wares.remove']}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {adding && (
        <FormDialog
          title={m['crmCourse.wares.add']}
          description={m['crmCourse.wares.intro']}
          descriptionHidden
          contentClassName="sm:max-w-lg"
          onSubmit={(e) => void add(e)}
          onClose={() => setAdding(false)}
          pending={pending}
          problem={problem}
          cancelLabel={m['crm.table.cancel']}
          submitLabel={m['crmCourse.wares.add']}
          pendingLabel={m['crmSite.saving']}
        >
          <ContentPicker type="ware" value={chosen?.id ?? null} initialName="" onChange={(id, name) => setChosen(id ? { id, name } : null)} messages={m} />
        </FormDialog>
      )}
    </section>
  );
}
