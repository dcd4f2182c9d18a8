/**
 * Entries found by name, each with a button that adds it to a list kept elsewhere (a phase's
 * courses, the project's lecturers). Entries already in the list show so instead of the button.
 * `find` is asked again 200 ms after the search text last changed.
 */
import PlusIcon from 'lucide-react/icons/plus';
import { useEffect, useId, useState } from 'react';
import type { PickOption } from '@/components/crm/live/PickOne';
import type { FindAndAddMessages } from '@/components/crm/project/messages';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { fill } from '@/i18n/fill';

/** Most entries shown at once; a narrower search finds the others. */
const SHOWN = 8;

export function FindAndAdd({
  searchLabel,
  addLabel,
  added,
  onAdd,
  find,
  messages: m,
}: {
  searchLabel: string;
  /** The add button's accessible name, with `{name}`. */
  addLabel: string;
  /** Ids already in the list. */
  added: ReadonlySet<string>;
  onAdd: (option: PickOption) => void;
  find: (keyword: string, signal: AbortSignal) => Promise<PickOption[]>;
  messages: FindAndAddMessages;
}) {
  const id = useId();
  const [keyword, setKeyword] = useState('');
  const [options, setOptions] = useState<PickOption[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setFailed(false);
      find(keyword.trim(), controller.signal).then(setOptions, () => {
        if (!controller.signal.aborted) setFailed(true);
      });
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [keyword, find, attempt]);

  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-search`} className="sr-only">
        {searchLabel}
      </Label>
      <Input id={`${id}-search`} type="search" className="max-w-sm" placeholder={searchLabel} value={keyword} onChange={(e) => setKeyword(e.target.value)} />
      <div aria-busy={options === null && !failed} className="grid max-h-56 gap-1 overflow-y-auto rounded-md border p-2">
        {failed ? (
          <div role="alert" className="flex items-center gap-2 text-sm">
            <span className="text-destructive">{m['crmLive.form.optionsFailed']}</span>
            <Button type="button" variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}>
              {m['crmSite.retry']}
            </Button>
          </div>
        ) : options === null ? (
          <p className="text-muted-foreground text-sm">{m['crmLive.form.loadingOptions']}</p>
        ) : options.length === 0 ? (
          <p className="text-muted-foreground text-sm">{m['crmLive.form.noMatch']}</p>
        ) : (
          <ul className="grid gap-1">
            {options.slice(0, SHOWN).map((o) => (
              <li key={o.id} className="flex items-center justify-between gap-2 text-sm">
                <span>
                  {o.name}
                  {o.note && <span className="text-muted-foreground ms-2 text-xs">{o.note}</span>}
                </span>
                {added.has(o.id) ? (
                  <span className="text-muted-foreground text-xs">{m['crmProject.form.added']}</span>
                ) : (
                  <Button type="button" variant="outline" size="sm" aria-label={fill(addLabel, { name: o.name })} onClick={() => onAdd(o)}>
                    <PlusIcon aria-hidden="true" />
                    {m['crmProject.form.add']}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
