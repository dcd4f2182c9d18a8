/** A labelled choice of one category (or none), the tree indented in order. */
import { indent } from '@/components/crm/course/links';
import { Label } from '@/components/ui/label';

export function CategorySelect({
  id,
  label,
  noneLabel,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  /** The first option: no category (or, for a parent, the top level). */
  noneLabel: string;
  options: { id: string; name: string; depth: number }[];
  value: string | null | undefined;
  onChange: (id: string | null) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        className="border-input h-9 rounded-md border bg-transparent px-3 text-sm"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || null)}
      >
        <option value="">{noneLabel}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {indent(o.depth)}
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}
