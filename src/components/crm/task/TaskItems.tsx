/**
 * A study task's contents: the chosen courses and exams in order (moved up and down by buttons,
 * each required or elective, removable), and a search by kind and name whose results are added
 * at the end. The list is the form's value; nothing is saved until the form is.
 */
import PlusIcon from 'lucide-react/icons/plus';
import XIcon from 'lucide-react/icons/x';
import { useId, useState } from 'react';
import { findExams } from '@/api/crm-course';
import type { CrmTaskItem } from '@/api/crm-task-types';
import { findZoneCourses } from '@/api/crm-site';
import { nameIn } from '@/components/crm/course/links';
import { MoveButtons } from '@/components/crm/site/common';
import type { CommonMessages } from '@/components/crm/site/messages';
import type { TaskItemsMessages } from '@/components/crm/task/messages';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';

type Kind = CrmTaskItem['kind'];

export function TaskItems({
  value,
  onChange,
  error,
  locale,
  messages: m,
}: {
  value: CrmTaskItem[];
  onChange: (value: CrmTaskItem[]) => void;
  error?: string;
  locale: Locale;
  messages: TaskItemsMessages & CommonMessages;
}) {
  const id = useId();
  const [kind, setKind] = useState<Kind>('course');
  const [keyword, setKeyword] = useState('');
  const [results, setResults] = useState<{ kind: Kind; list: { id: string; name: string }[] } | null>(null);
  const [searching, setSearching] = useState(false);
  const [failed, setFailed] = useState(false);
  const chosen = new Set(value.map((i) => `${i.kind}:${i.id}`));

  const search = async () => {
    setSearching(true);
    setFailed(false);
    try {
      const text = keyword.trim();
      const list =
        kind === 'course'
          ? (await findZoneCourses(text, { isShowErrTip: false })).map((c) => ({ id: c.id, name: nameIn(locale, c) }))
          : (await findExams(text, { isShowErrTip: false })).map((e) => ({ id: e.id, name: e.name }));
      setResults({ kind, list });
    } catch {
      setFailed(true);
    }
    setSearching(false);
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= value.length) return;
    const next = [...value];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };

  return (
    <fieldset className="grid gap-3" aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className="mb-1 text-sm font-medium">{m['crmTask.form.items']}</legend>
      <p id={`${id}-hint`} className="text-muted-foreground text-sm">
        {m['crmTask.form.itemsHint']}
      </p>
      {value.length === 0 ? (
        <p className="text-muted-foreground rounded-md border border-dashed p-4 text-sm">{m['crmTask.form.noItems']}</p>
      ) : (
        <ol className="grid gap-2" aria-label={m['crmTask.form.items']}>
          {value.map((item, index) => {
            const key = `${item.kind}-${item.id}`;
            return (
              <li key={key} className="bg-card flex flex-wrap items-center gap-3 rounded-md border p-2">
                <span className="text-muted-foreground w-6 text-end text-sm tabular-nums">{index + 1}</span>
                <span className="bg-muted rounded px-1.5 py-0.5 text-xs">{m[`crmTask.form.kind.${item.kind}`]}</span>
                <span className="min-w-0 flex-1 truncate font-medium">{item.name}</span>
                <label className="flex items-center gap-1.5 text-sm">
                  <input
                    type="checkbox"
                    className="accent-primary size-4"
                    checked={item.required}
                    onChange={(e) => onChange(value.map((v, i) => (i === index ? { ...v, required: e.target.checked } : v)))}
                  />
                  {m['crmTask.form.required']}
                </label>
                <MoveButtons id={key} index={index} count={value.length} name={item.name} onMove={move} messages={m} />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={fill(m['crmTask.form.remove'], { name: item.name })}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  <XIcon aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ol>
      )}
      {error && (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      )}

      <div className="grid gap-2 rounded-md border p-3">
        <h3 className="text-sm font-medium">{m['crmTask.form.find']}</h3>
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-kind`}>{m['crmTask.form.findKind']}</Label>
            <select
              id={`${id}-kind`}
              className="border-input bg-background focus-visible:ring-ring/50 h-9 rounded-md border px-2 text-sm outline-none focus-visible:ring-[3px]"
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as Kind);
                setResults(null);
              }}
            >
              <option value="course">{m['crmTask.form.kind.course']}</option>
              <option value="exam">{m['crmTask.form.kind.exam']}</option>
            </select>
          </div>
          <div className="grid min-w-48 flex-1 gap-1">
            <Label htmlFor={`${id}-keyword`}>{m['crmTask.form.findKeyword']}</Label>
            <Input
              id={`${id}-keyword`}
              value={keyword}
              maxLength={50}
              onChange={(e) => setKeyword(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void search();
                }
              }}
            />
          </div>
          <Button type="button" variant="outline" disabled={searching} onClick={() => void search()}>
            {searching ? m['crmTask.form.searching'] : m['crmTask.form.search']}
          </Button>
        </div>
        {failed && (
          <p role="alert" className="text-destructive text-sm">
            {m['crmTask.form.searchFailed']}
          </p>
        )}
        {results && (
          <div className="grid gap-1" aria-live="polite">
            <h4 className="text-muted-foreground text-xs">{m['crmTask.form.results']}</h4>
            {results.list.length === 0 ? (
              <p className="text-muted-foreground text-sm">{m['crmTask.form.noneFound']}</p>
            ) : (
              <ul className="grid max-h-64 gap-1 overflow-y-auto">
                {results.list.map((r) => {
                  const added = chosen.has(`${results.kind}:${r.id}`);
                  return (
                    <li key={r.id} className="flex items-center gap-2 text-sm">
                      <span className="min-w-0 flex-1 truncate">{r.name}</span>
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        disabled={added}
                        aria-label={added ? undefined : `${m['crmTask.form.add']} ${r.name}`}
                        onClick={() => onChange([...value, { kind: results.kind, id: r.id, name: r.name, required: true }])}
                      >
                        {added ? (
                          m['crmTask.form.added']
                        ) : (
                          <>
                            <PlusIcon aria-hidden="true" />
                            {m['crmTask.form.add']}
                          </>
                        )}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        )}
      </div>
    </fieldset>
  );
}
