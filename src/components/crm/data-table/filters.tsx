/**
 * The filters of a back-office list's toolbar: a keyword search and a choice among options, each
 * labelled, whose value lives in the list's URL state (`useUrlState`). A typed keyword applies on
 * Enter, on leaving the field, or with the search button when the list shows one; the list's
 * "reset" (a new value from the URL) drops what was typed.
 */
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

interface KeywordFilterProps {
  id: string;
  label: string;
  /** The applied keyword (from the URL). */
  value: string;
  onApply: (keyword: string) => void;
  maxLength?: number;
  placeholder?: string;
  /** Shows a search button with this text. */
  searchLabel?: string;
  className?: string;
}

export function KeywordFilter({ id, label, value, onApply, maxLength = 50, placeholder, searchLabel, className = 'w-48' }: KeywordFilterProps) {
  const [draft, setDraft] = useState<string>();
  useEffect(() => setDraft(undefined), [value]);
  const apply = () => {
    if (draft !== undefined && draft.trim() !== value) onApply(draft.trim());
  };
  const field = (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="search"
        className={className}
        maxLength={maxLength}
        placeholder={placeholder}
        value={draft ?? value}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={apply}
      />
    </div>
  );
  return (
    <form
      role="search"
      className="flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onApply((draft ?? value).trim());
      }}
    >
      {field}
      {searchLabel && (
        <Button type="submit" variant="outline">
          {searchLabel}
        </Button>
      )}
    </form>
  );
}

/** The value a `SelectFilter` gives "all" (radix's Select takes no empty value). */
const ALL = 'all';

interface SelectFilterProps {
  id: string;
  label: string;
  /** The chosen option's value; '' for all. */
  value: string;
  onChange: (value: string) => void;
  allLabel: string;
  options: readonly { value: string; label: string }[];
  className?: string;
}

export function SelectFilter({ id, label, value, onChange, allLabel, options, className = 'w-36' }: SelectFilterProps) {
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value || ALL} onValueChange={(v) => onChange(v === ALL ? '' : v)}>
        <SelectTrigger id={id} className={className}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{allLabel}</SelectItem>
          {options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
