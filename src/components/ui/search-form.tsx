/**
 * A keyword search: a labelled search input and its button. The form is the page's search
 * landmark unless it sits inside one of the caller's.
 */
import { useId, type SubmitEvent } from 'react';
import { SearchIcon } from '@/components/layout/icons';
import { primaryButton } from '@/components/ui/button-class';
import { fieldClass } from '@/components/ui/field';

interface SearchFormProps {
  /** The input's label ('Keyword'). */
  label: string;
  placeholder: string;
  /** The button's text ('Search'). */
  submitText: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
  /** The form was submitted with the current value. */
  onSearch: () => void;
  /** Whether the form is a search landmark of its own (false inside the caller's). */
  landmark?: boolean;
  /** The landmark's name ('Filter lecturers'). */
  landmarkLabel?: string;
  /** A magnifier before the button's text. */
  withIcon?: boolean;
  /** Layout of the form beside the caller's other controls. */
  className?: string;
  /** The input's width (`w-56`); it fills the form by default. */
  inputWidth?: string;
}

export function SearchForm({
  label,
  placeholder,
  submitText,
  value,
  maxLength,
  onChange,
  onSearch,
  landmark = true,
  landmarkLabel,
  withIcon = false,
  className = '',
  inputWidth = 'w-full',
}: SearchFormProps) {
  const id = useId();
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <form
      role={landmark ? 'search' : undefined}
      aria-label={landmarkLabel}
      onSubmit={submit}
      className={`flex items-end gap-2 ${className}`}
    >
      <div className="grid flex-1 gap-1">
        <label htmlFor={id} className="text-xs font-medium">
          {label}
        </label>
        <input
          id={id}
          type="search"
          value={value}
          maxLength={maxLength}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
          className={`${fieldClass} ${inputWidth}`}
        />
      </div>
      <button type="submit" className={primaryButton}>
        {withIcon && <SearchIcon aria-hidden="true" />}
        {submitText}
      </button>
    </form>
  );
}
