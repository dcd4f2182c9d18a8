/**
 * The company's own enum options (administrators). The learner site serves a company's own
 * options of an enum when it has any, else the global list. Only company data (post levels)
 * may be changed: the table edits the own list (starting from the global one), in order;
 * resetting drops it and the global list applies again. Platform enums are shown read-only.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { getSiteEnum, getSiteEnums } from '@/api/crm-site';
import type { SiteEnumOption, SiteEnumSummary, SiteEnumView } from '@/api/crm-site-types';
import { gatewayMessage, outcomeOf } from '@/api/outcome';
import { ENUM_COLUMNS as COLUMNS, LoadFailed } from '@/components/crm/site/common';
import type { EnumMessages } from '@/components/crm/site/messages';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { Badge } from '@/components/ui/badge';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';


/** The editing table, loaded when an editable list is shown (the form and its checks are not needed before). */
const EnumForm = lazy(() => import('@/components/crm/site/EnumForm').then((m) => ({ default: m.EnumForm })));

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
            <Suspense fallback={<p role="status" className="text-muted-foreground text-sm">{messages['crmSite.loading']}</p>}>
              <EnumForm key={`${view.enumName}:${view.own}`} view={view} messages={messages} onChanged={changed} />
            </Suspense>
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
