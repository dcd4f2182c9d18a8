/**
 * The company's own enum options (administrators). The learner site serves a company's own
 * options of an enum when it has any, else the global list. Only company data (post levels)
 * may be changed: the table edits the own list (starting from the global one), in order;
 * resetting drops it and the global list applies again. Platform enums are shown read-only.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import PlusIcon from 'lucide-react/icons/plus';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { useCallback, useEffect, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { getSiteEnum, getSiteEnums, resetSiteEnum, saveSiteEnum } from '@/api/crm-site';
import type { SiteEnumOption, SiteEnumSummary, SiteEnumView } from '@/api/crm-site-types';
import { gatewayMessage, outcomeOf } from '@/api/outcome';
import { ConfirmDialog } from '@/components/crm/data-table/ConfirmDialog';
import { errorText, LoadFailed, MoveButtons } from '@/components/crm/site/common';
import type { EnumMessages } from '@/components/crm/site/messages';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { enumSaveSchema } from '@/lib/schemas/site';
import { notifySuccess } from '@/stores/toasts';

type FormIn = z.input<typeof enumSaveSchema>;
type FormOut = z.output<typeof enumSaveSchema>;
const COLUMNS = ['value', 'labelZh', 'labelEn', 'groupZh', 'groupEn'] as const;

/** An enum's name as the page shows it: its own words when the strings have them. */
function enumTitle(messages: EnumMessages, enumName: string): string {
  return (messages as Record<string, string>)[`crmSite.enums.name.${enumName}`] ?? enumName;
}

export function EnumsPage({ locale, messages }: { locale: Locale; messages: EnumMessages }) {
  const access = useCrmAccess('admin');
  const [list, setList] = useState<SiteEnumSummary[] | null>(null);
  const [current, setCurrent] = useState<string>('');
  const [view, setView] = useState<SiteEnumView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const loadList = useCallback(() => {
    setFailure(null);
    getSiteEnums({ isShowErrTip: false }).then(
      (enums) => {
        setList(enums);
        setCurrent((name) => name || (enums.find((e) => e.editable) ?? enums[0])?.enumName || '');
      },
      (e: unknown) => setFailure(gatewayMessage(outcomeOf(e)) ?? ''),
    );
  }, []);
  useEffect(() => {
    if (access === 'allowed') loadList();
  }, [access, loadList]);
  useEffect(() => {
    if (!current) return;
    setView(null);
    getSiteEnum(current, { isShowErrTip: false }).then(setView, (e: unknown) => setFailure(gatewayMessage(outcomeOf(e)) ?? ''));
  }, [current]);

  const changed = (next: SiteEnumView) => {
    setView(next);
    setList((enums) =>
      enums?.map((e) => (e.enumName === next.enumName ? { ...e, own: next.own, count: (next.own ? next.options : next.global).length } : e)) ?? null,
    );
  };

  if (access === 'pending') return <CheckingAccess messages={messages} />;
  if (access === 'denied') return <NoAccess locale={locale} messages={messages} />;
  if (failure !== null) return <LoadFailed message={failure} onRetry={loadList} messages={messages} />;
  if (!list) return <p role="status" className="text-muted-foreground text-sm">{messages['crmSite.loading']}</p>;

  return (
    <div className="grid max-w-5xl gap-6">
      <p className="text-muted-foreground text-sm">{messages['crmSite.enums.intro']}</p>
      <div className="grid max-w-sm gap-2">
        <Label htmlFor="enum-pick">{messages['crmSite.enums.pick']}</Label>
        <Select value={current} onValueChange={setCurrent}>
          <SelectTrigger id="enum-pick">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {list.map((e) => (
              <SelectItem key={e.enumName} value={e.enumName}>
                {enumTitle(messages, e.enumName)} · {fill(messages['crmSite.enums.count'], { count: e.count })}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {!view ? (
        <p role="status" className="text-muted-foreground text-sm">
          {messages['crmSite.loading']}
        </p>
      ) : (
        <section aria-labelledby="enum-title" className="grid gap-4">
          <h2 id="enum-title" className="flex flex-wrap items-center gap-2 text-lg font-semibold">
            {enumTitle(messages, view.enumName)}
            <Badge variant={view.own ? 'default' : 'secondary'}>{view.own ? messages['crmSite.enums.usingOwn'] : messages['crmSite.enums.usingGlobal']}</Badge>
          </h2>
          {view.editable ? (
            <EnumForm key={`${view.enumName}:${view.own}`} view={view} messages={messages} onChanged={changed} />
          ) : (
            <>
              <p className="text-muted-foreground text-sm">{messages['crmSite.enums.platform']}</p>
              <ReadOnlyOptions options={view.global} messages={messages} />
            </>
          )}
        </section>
      )}
    </div>
  );
}

function ReadOnlyOptions({ options, messages }: { options: SiteEnumOption[]; messages: EnumMessages }) {
  return (
    <div className="bg-background rounded-md border">
      <Table>
        <TableCaption className="sr-only">{messages['crmSite.enums.caption']}</TableCaption>
        <TableHeader>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableHead key={c}>{messages[`crmSite.enums.${c}`]}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {options.map((o) => (
            <TableRow key={o.value}>
              {COLUMNS.map((c) => (
                <TableCell key={c} className={c === 'value' ? 'font-mono' : undefined}>
                  {o[c]}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function EnumForm({ view, messages, onChanged }: { view: SiteEnumView; messages: EnumMessages; onChanged: (v: SiteEnumView) => void }) {
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
                          aria-describedby={error ? `${id}-error` : undefined}
                          {...form.register(`options.${index}.${c}`)}
                        />
                        {error && (
                          <p id={`${id}-error`} className="text-destructive mt-1 text-xs">
                            {error}
                          </p>
                        )}
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
