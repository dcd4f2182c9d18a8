import type { ComponentProps } from 'react';

interface PendingTriggerProps extends Omit<ComponentProps<'button'>, 'type'> {
  /** The user shows interest (pointer over, focus): start loading the menu. */
  onIntent: () => void;
  /** The user activates the trigger: open the menu as soon as it has loaded. */
  onRequestOpen: () => void;
}

/**
 * Stands in for a dropdown trigger until the menu code has loaded: the same look, and any
 * activation (pointer, Enter, Space, ArrowDown) is remembered so the menu opens once it is there.
 */
export function PendingTrigger({ onIntent, onRequestOpen, ...props }: PendingTriggerProps) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      onPointerDown={(event) => {
        if (event.button === 0) onRequestOpen();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
          event.preventDefault();
          onRequestOpen();
        }
      }}
      onClick={onRequestOpen}
      {...props}
    />
  );
}
