/** The table that edits a company's own options of an enum (loaded when shown: it brings the form and its checks). */
import { zodResolver } from '@hookform/resolvers/zod';
import PlusIcon from 'lucide-react/icons/plus';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { resetSiteEnum, saveSiteEnum } from '@/api/crm-site';
import type { SiteEnumView } from '@/api/crm-site-types';
import { gatewayMessage, outcomeOf } from '@/api/outcome';
import { ConfirmDialog } from '@/components/crm/data-table/ConfirmDialog';
import { describedBy, FieldError } from '@/components/crm/form/FormTextField';
import { ENUM_COLUMNS as COLUMNS, errorText, MoveButtons } from '@/components/crm/site/common';
import type { EnumMessages } from '@/components/crm/site/messages';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { fill } from '@/i18n/fill';
import { enumSaveSchema } from '@/lib/schemas/site';
import { notifySuccess } from '@/stores/toasts';

type FormIn = z.input<typeof enumSaveSchema>;
type FormOut = z.output<typeof enumSaveSchema>;

export function EnumForm({ view, messages, onChanged }: { view: SiteEnumView; messages: EnumMessages; onChanged: (v: SiteEnumView) => void }) {
  const start = view.own ? view.options : view.global;
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(enumSaveSchema),
    defaultValues: { enumName: view.enumName, options: start },
    mode: 'onTouched',
  });
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'options' });
  const [problem, setProblem] = useState<string>();
  const [resetting, setResetting] = useState(false);
  const { errors, isSubmitting, isDirty } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    setProblem(undefined);
    try {
      const saved = await saveSiteEnum(body, { isShowErrTip: false });
      onChanged(saved);
      notifySuccess(messages['crmSite.enums.saved']);
    } catch (e) {
      setProblem(gatewayMessage(outcomeOf(e)) ?? messages['crmSite.loadFailed']);
    }
  });
  const listError = errorText(messages, errors.options?.message ?? errors.options?.root?.message);

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div className="bg-background overflow-x-auto rounded-md border">
        <Table>
          <TableCaption className="sr-only">{messages['crmSite.enums.caption']}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead className="w-24">{messages['crmSite.order']}</TableHead>
              {COLUMNS.map((c) => (
                <TableHead key={c}>{messages[`crmSite.enums.${c}`]}</TableHead>
              ))}
              <TableHead className="text-end">{messages['crmSite.actions']}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {fields.map((row, index) => {
              const rowName = fill(messages['crmSite.enums.row'], { index: index + 1 });
              return (
                <TableRow key={row.id}>
                  <TableCell>
                    <MoveButtons id={row.id} index={index} count={fields.length} name={rowName} onMove={move} messages={messages} />
                  </TableCell>
                  {COLUMNS.map((c) => {
                    const error = errorText(messages, errors.options?.[index]?.[c]?.message);
                    const id = `enum-${index}-${c}`;
                    return (
                      <TableCell key={c} className="align-top">
                        <Input
                          id={id}
                          className={c === 'value' ? 'w-28 font-mono' : 'min-w-28'}
                          maxLength={c === 'value' ? 64 : 50}
                          aria-label={`${rowName} ${messages[`crmSite.enums.${c}`]}`}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={describedBy(id, error)}
                          {...form.register(`options.${index}.${c}`)}
                        />
                        <FieldError id={id} error={error} className="text-destructive mt-1 text-xs" />
                      </TableCell>
                    );
                  })}
                  <TableCell className="text-end align-top">
                    <Button type="button" variant="ghost" size="icon" aria-label={fill(messages['crmSite.enums.removeRow'], { name: rowName })} onClick={() => remove(index)}>
                      <Trash2Icon aria-hidden="true" />
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
      <p className="text-muted-foreground text-xs">{messages['crmSite.enums.valueHint']}</p>
      {listError && (
        <p role="alert" className="text-destructive text-sm">
          {listError}
        </p>
      )}
      {problem && (
        <p role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => append({ value: '', labelZh: '', labelEn: '', groupZh: '', groupEn: '' })}>
          <PlusIcon aria-hidden="true" />
          {messages['crmSite.enums.addRow']}
        </Button>
        <Button type="submit" disabled={isSubmitting || (view.own && !isDirty)}>
          {isSubmitting ? messages['crmSite.saving'] : messages['crmSite.enums.saveList']}
        </Button>
        {view.own && (
          <Button type="button" variant="outline" onClick={() => setResetting(true)}>
            {messages['crmSite.enums.reset']}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={resetting}
        onOpenChange={setResetting}
        title={messages['crmSite.enums.resetTitle']}
        description={messages['crmSite.enums.resetText']}
        confirmLabel={messages['crmSite.enums.reset']}
        cancelLabel={messages['crm.table.cancel']}
        destructive
        onConfirm={async () => {
          onChanged(await resetSiteEnum(view.enumName));
          notifySuccess(messages['crmSite.enums.resetDone']);
        }}
      />
    </form>
  );
}
