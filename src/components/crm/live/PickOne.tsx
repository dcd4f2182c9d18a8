/**
 * One choice (or none) out of a list found by name: a search field, then radio buttons in a
 * scrolling group with "none" first. What is chosen stays named in the legend while a search
 * shows other entries. `find` is asked again 200 ms after the search text last changed.
 */
import { useEffect, useId, useState } from 'react';
import type { PickOneMessages } from '@/components/crm/live/messages';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { fill } from '@/i18n/fill';

export interface PickOption {
  id: string;
  name: string;
  /** A short note after the name (a video's length). */
  note?: string;
}

export function PickOne({
  label,
  hint,
  searchLabel,
  noneLabel,
  value,
  chosenName,
  onChange,
  find,
  error,
  messages: m,
}: {
  label: string;
  hint?: string;
  searchLabel: string;
  /** The "none" choice. */
  noneLabel: string;
  value: string | null;
  /** The name of the chosen entry, shown while a search lists others. */
  chosenName: string;
  onChange: (id: string | null, name: string) => void;
  find: (keyword: string, signal: AbortSignal) => Promise<PickOption[]>;
  error?: string;
  messages: PickOneMessages;
}) {
  const ids = useId();
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

  const chosen = options?.find((o) => o.id === value)?.name ?? (value ? chosenName : '');
  const described = [hint && `${ids}-hint`, error && `${ids}-error`].filter(Boolean).join(' ') || undefined;
  const radio = (id: string | null, name: string, note?: string) => (
    <label key={id ?? ''} className="hover:bg-muted/50 flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 text-sm">
      <input type="radio" name={`${ids}-option`} checked={value === id} onChange={() => onChange(id, name)} className="accent-primary" />
      <span>{name}</span>
      {note && <span className="text-muted-foreground text-xs">{note}</span>}
    </label>
  );
  return (
    <fieldset className="grid gap-2" aria-describedby={described}>
      <legend className="mb-1 text-sm font-medium">
        {label}
        <span className="text-muted-foreground ms-2 font-normal">{chosen ? fill(m['crmLive.form.chosen'], { name: chosen }) : noneLabel}</span>
      </legend>
      {hint && (
        <p id={`${ids}-hint`} className="text-muted-foreground -mt-1 text-xs">
          {hint}
        </p>
      )}
      <Label htmlFor={`${ids}-search`} className="sr-only">
        {searchLabel}
      </Label>
      <Input
        id={`${ids}-search`}
        type="search"
        className="max-w-sm"
        placeholder={searchLabel}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
      />
      <div role="radiogroup" aria-label={label} aria-busy={options === null && !failed} className="grid max-h-52 gap-1 overflow-y-auto rounded-md border p-2">
        {radio(null, noneLabel)}
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
          options.map((o) => radio(o.id, o.name, o.note))
        )}
      </div>
      {error && (
        <p id={`${ids}-error`} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </fieldset>
  );
}
