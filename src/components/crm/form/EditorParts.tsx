/**
 * The shared parts of a back-office record form (live rooms, study tasks, projects): the form
 * frame with its introduction and what sits beside it (a status, a link to the record's other
 * page), the names and introductions in both languages (English optional), and the footer with
 * save, back and the unsaved-changes note.
 */
import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormTextField } from '@/components/crm/form/FormTextField';
import { Button } from '@/components/ui/button';

export function EditorForm({
  onSubmit,
  busy,
  intro,
  aside,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  busy: boolean;
  intro: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="bg-background grid gap-6 rounded-lg border p-4" aria-busy={busy}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground max-w-2xl text-sm">{intro}</p>
        {aside}
      </div>
      {children}
    </form>
  );
}

type NameField = 'nameZh' | 'nameEn' | 'introZh' | 'introEn';
/** Longest name and introduction in each language, as the shared schemas allow. */
const MAX_LENGTH: Record<NameField, number> = { nameZh: 60, nameEn: 120, introZh: 2000, introEn: 4000 };

/** The names and introductions in Chinese and English, two by two. */
export function NameFields({
  id,
  labels,
  errors,
  fields,
  rows = 4,
}: {
  /** Prefix of the inputs' ids (`task` gives `task-nameZh`). */
  id: string;
  labels: Record<NameField, string>;
  errors: Partial<Record<NameField, string | undefined>>;
  fields: Record<NameField, UseFormRegisterReturn>;
  rows?: number;
}) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {(['nameZh', 'nameEn'] as const).map((name) => (
        <FormTextField key={name} id={`${id}-${name}`} label={labels[name]} error={errors[name]} maxLength={MAX_LENGTH[name]} {...fields[name]} />
      ))}
      {(['introZh', 'introEn'] as const).map((name) => (
        <FormTextField
          key={name}
          id={`${id}-${name}`}
          multiline
          rows={rows}
          label={labels[name]}
          error={errors[name]}
          maxLength={MAX_LENGTH[name]}
          {...fields[name]}
        />
      ))}
    </div>
  );
}

export function EditorFooter({
  saving,
  dirty,
  backHref,
  labels,
}: {
  saving: boolean;
  dirty: boolean;
  backHref: string;
  labels: { save: string; saving: string; back: string; unsaved: string };
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 border-t pt-4">
      <Button type="submit" disabled={saving}>
        {saving ? labels.saving : labels.save}
      </Button>
      <Button asChild variant="ghost">
        <a href={backHref}>{labels.back}</a>
      </Button>
      {dirty && <span className="text-muted-foreground text-sm">{labels.unsaved}</span>}
    </div>
  );
}
