import { useId, useRef, useState, type SubmitEvent } from 'react';
import { searchHref } from '@/components/header/search';
import { SearchIcon, XIcon } from '@/components/layout/icons';
import { ghostIconButton } from '@/components/ui/button-class';
import type { Locale } from '@/i18n/locale-path';
import { notifyError } from '@/stores/toasts';

interface SearchBoxProps {
  locale: Locale;
  messages: {
    search: string;
    label: string;
    placeholder: string;
    empty: string;
  };
}

/**
 * The header search: a button toggles the field open and closed; Enter searches from the
 * current page (empty text shows the spec's error toast instead).
 */
export function SearchBox({ locale, messages }: SearchBoxProps) {
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const fieldId = useId();

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const href = searchHref(inputRef.current?.value ?? '', location.pathname, locale, location.search);
    if (!href) {
      notifyError(messages.empty);
      inputRef.current?.focus();
      return;
    }
    location.assign(href);
  };

  return (
    <div className="flex items-center">
      {open && (
        <form role="search" onSubmit={onSubmit} className="me-1">
          <label htmlFor={fieldId} className="sr-only">
            {messages.label}
          </label>
          <input
            ref={inputRef}
            id={fieldId}
            type="search"
            enterKeyHint="search"
            autoFocus
            placeholder={messages.placeholder}
            onKeyDown={(event) => {
              if (event.key === 'Escape') close();
            }}
            className="border-input placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-ring/50 h-9 w-36 rounded-md border bg-transparent px-3 text-sm outline-none focus-visible:ring-[3px] sm:w-56"
          />
        </form>
      )}
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-label={messages.search}
        title={messages.search}
        onClick={() => setOpen((value) => !value)}
        className={ghostIconButton}
      >
        {open ? <XIcon /> : <SearchIcon />}
      </button>
    </div>
  );
}
