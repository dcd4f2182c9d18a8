/**
 * A member created or edited in a side sheet: react-hook-form with the shared schema
 * (`memberFormSchema`: the spec's limits, phone, email, ID card with its checksum, joining date),
 * each error under its field in the page's language. The gateway's refusal (an employee number
 * or phone already the company's) shows above the buttons and keeps everything typed.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createMember, updateMember } from '@/api/crm-people';
import type { CrmMember, CrmOrgNode, PostLevelGroup } from '@/api/crm-people-types';
import { gatewayMessage, outcomeOf } from '@/api/outcome';
import { describedBy, FieldError, FormTextField } from '@/components/crm/form/FormTextField';
import { ruleText, type MemberFormMessages } from '@/components/crm/people/messages';
import { flatten } from '@/components/crm/people/org-tree';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Switch } from '@/components/ui/switch';
import { EMAIL_MAX, EMP_NO_MAX, ID_CARD_LENGTH, MEMBER_NAME_MAX, memberFormSchema } from '@/lib/schemas/people';
import { PHONE_LENGTH } from '@/lib/phone';

type FormIn = z.input<typeof memberFormSchema>;
type FormOut = z.output<typeof memberFormSchema>;
const NONE = '__none__';

export interface MemberLists {
  departments: CrmOrgNode[];
  posts: CrmOrgNode[];
  levels: PostLevelGroup[];
}

function defaultsOf(member: CrmMember | undefined): FormIn {
  return member
    ? {
        userName: member.userName,
        empNo: member.empNo,
        phone: member.phone,
        email: member.email,
        idCard: member.idCard,
        sex: member.sex,
        joiningTime: member.joiningTime,
        departmentId: member.departmentId,
        postId: member.postId,
        postLevel: member.postLevel,
        userType: member.userType,
        isAdmin: member.isAdmin,
        dataSource: member.dataSource,
      }
    : {
        userName: '',
        empNo: '',
        phone: '',
        email: '',
        idCard: '',
        sex: '',
        joiningTime: '',
        departmentId: '',
        postId: '',
        postLevel: '',
        userType: 1,
        isAdmin: false,
        dataSource: 0,
      };
}

export function MemberSheet({
  member,
  lists,
  messages: m,
  onClose,
  onSaved,
}: {
  /** The member to edit; none: a new one. */
  member?: CrmMember;
  lists: MemberLists;
  messages: MemberFormMessages;
  onClose: () => void;
  onSaved: (member: CrmMember, created: boolean) => void;
}) {
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(memberFormSchema),
    defaultValues: defaultsOf(member),
    mode: 'onTouched',
  });
  const [problem, setProblem] = useState<string>();
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    setProblem(undefined);
    try {
      const saved = member ? await updateMember({ ...body, id: member.id }, { isShowErrTip: false }) : await createMember(body, { isShowErrTip: false });
      onSaved(saved, !member);
    } catch (e) {
      setProblem(gatewayMessage(outcomeOf(e)) ?? m['crmPeople.loadFailed']);
    }
  });

  const text = (
    name: 'userName' | 'empNo' | 'phone' | 'email' | 'idCard' | 'joiningTime',
    label: string,
    props: { maxLength?: number; type?: string; inputMode?: 'numeric' | 'email'; required?: boolean; autoComplete?: string } = {},
  ) => {
    return (
      <FormTextField
        id={`member-${name}`}
        className="grid gap-1.5"
        label={
          <>
            {label}
            {props.required && (
              <span aria-hidden="true" className="text-destructive">
                {' '}
                *
              </span>
            )}
          </>
        }
        error={ruleText(m, errors[name]?.message)}
        aria-required={props.required || undefined}
        {...props}
        {...form.register(name)}
      />
    );
  };

  const orgSelect = (name: 'departmentId' | 'postId', label: string, nodes: CrmOrgNode[]) => {
    const id = `member-${name}`;
    const error = ruleText(m, errors[name]?.message);
    return (
      <div className="grid gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        <Controller
          control={form.control}
          name={name}
          render={({ field }) => (
            <Select value={field.value || NONE} onValueChange={(v) => field.onChange(v === NONE ? '' : v)}>
              <SelectTrigger id={id} className="w-full" aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error)}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NONE}>{m['crmPeople.member.none']}</SelectItem>
                {flatten(nodes).map((f) => (
                  <SelectItem key={f.node.id} value={f.node.id} style={{ paddingInlineStart: `${f.depth + 0.5}rem` }}>
                    {f.node.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        <FieldError id={id} error={error} />
      </div>
    );
  };

  return (
    <Sheet open onOpenChange={(open) => !open && !isSubmitting && onClose()}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-lg" closeLabel={m['crm.table.cancel']}>
        <form noValidate onSubmit={submit} className="flex min-h-full flex-col gap-4">
          <SheetHeader>
            <SheetTitle>{member ? m['crmPeople.member.editTitle'] : m['crmPeople.member.newTitle']}</SheetTitle>
            <SheetDescription>{member ? `${member.userName} · ${member.empNo}` : m['crmPeople.member.newHint']}</SheetDescription>
          </SheetHeader>
          <div className="grid gap-4 px-4 sm:grid-cols-2">
            {text('userName', m['crmPeople.member.userName'], { maxLength: MEMBER_NAME_MAX, required: true, autoComplete: 'off' })}
            {text('empNo', m['crmPeople.member.empNo'], { maxLength: EMP_NO_MAX, required: true, autoComplete: 'off' })}
            {text('phone', m['crmPeople.member.phone'], { maxLength: PHONE_LENGTH, inputMode: 'numeric', type: 'tel', autoComplete: 'off' })}
            {text('email', m['crmPeople.member.email'], { maxLength: EMAIL_MAX, type: 'email', inputMode: 'email', autoComplete: 'off' })}
            {text('idCard', m['crmPeople.member.idCard'], { maxLength: ID_CARD_LENGTH, autoComplete: 'off' })}
            {text('joiningTime', m['crmPeople.member.joiningTime'], { type: 'date' })}
            <fieldset className="grid gap-1.5">
              <legend className="mb-1.5 text-sm font-medium">{m['crmPeople.member.sex']}</legend>
              <div className="flex gap-4 text-sm">
                {(['1', '2', ''] as const).map((value) => (
                  <label key={value || 'none'} className="flex items-center gap-1.5">
                    <input type="radio" value={value} {...form.register('sex')} />
                    {value === '1' ? m['crmPeople.member.male'] : value === '2' ? m['crmPeople.member.female'] : m['crmPeople.member.none']}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="grid gap-1.5">
              <Label htmlFor="member-userType">{m['crmPeople.member.userType']}</Label>
              <Controller
                control={form.control}
                name="userType"
                render={({ field }) => (
                  <Select value={String(field.value ?? 1)} onValueChange={(v) => field.onChange(Number(v))}>
                    <SelectTrigger id="member-userType" className="w-full">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {([1, 2, 3] as const).map((type) => (
                        <SelectItem key={type} value={String(type)}>
                          {m[`crmPeople.member.userType.${type}`]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </div>
            {orgSelect('departmentId', m['crmPeople.member.department'], lists.departments)}
            {orgSelect('postId', m['crmPeople.member.post'], lists.posts)}
            <div className="grid gap-1.5">
              <Label htmlFor="member-postLevel">{m['crmPeople.member.postLevel']}</Label>
              <Controller
                control={form.control}
                name="postLevel"
                render={({ field }) => (
                  <Select value={field.value || NONE} onValueChange={(v) => field.onChange(v === NONE ? '' : v)}>
                    <SelectTrigger id="member-postLevel" className="w-full">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={NONE}>{m['crmPeople.member.none']}</SelectItem>
                      {lists.levels.map((group) => (
                        <SelectGroup key={group.value}>
                          <SelectLabel>{group.label}</SelectLabel>
                          {group.children.map((level) => (
                            <SelectItem key={level.value} value={level.value}>
                              {level.label}
                            </SelectItem>
                          ))}
                        </SelectGroup>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="member-dataSource">{m['crmPeople.member.dataSource']}</Label>
              <Controller
                control={form.control}
                name="dataSource"
                render={({ field }) => (
                  <Select value={String(field.value ?? 0)} onValueChange={(v) => field.onChange(Number(v))}>
                    <SelectTrigger id="member-dataSource" className="w-full">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value="0">{m['crmPeople.member.dataSource.0']}</SelectItem>
                      <SelectItem value="1">{m['crmPeople.member.dataSource.1']}</SelectItem>
                    </SelectContent>
                  </Select>
                )}
              />
            </div>
            <Controller
              control={form.control}
              name="isAdmin"
              render={({ field }) => (
                <div className="flex items-center gap-2 sm:col-span-2">
                  <Switch id="member-isAdmin" checked={field.value === true} onCheckedChange={(c) => field.onChange(c)} />
                  <Label htmlFor="member-isAdmin">{m['crmPeople.member.isAdmin']}</Label>
                </div>
              )}
            />
            {!member && <p className="text-muted-foreground text-xs sm:col-span-2">{m['crmPeople.member.passwordHint']}</p>}
          </div>
          {problem && (
            <p role="alert" className="text-destructive px-4 text-sm">
              {problem}
            </p>
          )}
          <SheetFooter className="mt-auto flex-row justify-end gap-2">
            <Button type="button" variant="outline" disabled={isSubmitting} onClick={onClose}>
              {m['crm.table.cancel']}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? m['crmPeople.saving'] : m['crmPeople.save']}
            </Button>
          </SheetFooter>
        </form>
      </SheetContent>
    </Sheet>
  );
}
