import { useEffect, useState, type SubmitEvent } from 'react';
import { getPostGrade, savePostGrade } from '@/api/account';
import type { EnumOption, PostGradeGroup, UserInfo } from '@/api/types';
import { AvatarField } from '@/components/account/AvatarField';
import { CloseButton } from '@/components/account/CloseButton';
import { describedBy, Field } from '@/components/account/Field';
import type { AccountMessages } from '@/components/account/messages';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import type { Locale } from '@/i18n/locale-path';
import { emailMessages, validateEmail } from '@/lib/email';
import { idCardMessages, validateIdCard } from '@/lib/id-card';
import { messageText } from '@/lib/messages';
import { loadEnum } from '@/stores/enums';
import { loadUser } from '@/stores/session';
import { notifySuccess } from '@/stores/toasts';

type Checked = 'sex' | 'email' | 'idCard' | 'joiningTime';

interface ProfileForm {
  sex: string;
  email: string;
  idCard: string;
  joiningTime: string;
  headPortrait: string;
}

interface ProfileDialogProps {
  user: UserInfo;
  locale: Locale;
  messages: AccountMessages;
  onClose: () => void;
}

/** The label of a post level among the groups, e.g. `2岗-08`; undefined until they are known. */
function postLevelName(groups: PostGradeGroup[] | null, value: string | undefined): string | undefined {
  if (!value) return undefined;
  return groups?.flatMap((g) => g.children).find((option) => option.value === value)?.label;
}

/** `2021-03-15 08:00:00` or an ISO time → `2021-03-15`, the date input's format. */
function dateOnly(value: string | undefined): string {
  return /^\d{4}-\d{2}-\d{2}/.exec(value ?? '')?.[0] ?? '';
}

function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/**
 * The profile dialog (spec section 2, 900 px wide): what the enterprise keeps about the user,
 * read-only (the post level among them, named by `getpostgrade`), and the parts the user may
 * change (section 6): sex, email, ID card, joining date and avatar. Confirm saves through
 * `postgrade/save`, reloads the user and closes; a failed save keeps every field.
 */
export function ProfileDialog({ user, locale, messages, onClose }: ProfileDialogProps) {
  const [form, setForm] = useState<ProfileForm>(() => ({
    sex: user.sex ?? '',
    email: user.email ?? '',
    idCard: user.idCard ?? '',
    joiningTime: dateOnly(user.joiningTime),
    headPortrait: user.headPortrait ?? '',
  }));
  const [errors, setErrors] = useState<Partial<Record<Checked, string>>>({});
  const [grades, setGrades] = useState<PostGradeGroup[] | null>(null);
  const [sexes, setSexes] = useState<EnumOption[]>([
    { value: '1', label: messages['profile.male'] },
    { value: '2', label: messages['profile.female'] },
  ]);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const stop = new AbortController();
    getPostGrade(user.userNo, { signal: stop.signal }).then(
      (info) => setGrades(info.groups),
      () => !stop.signal.aborted && setGrades([]),
    );
    loadEnum('sex').then(
      (options) => options.length > 0 && setSexes(options),
      () => undefined,
    );
    return () => stop.abort();
  }, [user.userNo]);

  const check = (field: Checked, f: ProfileForm = form): string | undefined => {
    switch (field) {
      case 'sex':
        return f.sex ? undefined : messages['validation.sex.required'];
      case 'joiningTime':
        return f.joiningTime ? undefined : messages['validation.joiningTime.required'];
      case 'email': {
        const key = validateEmail(f.email);
        return key && messageText(emailMessages, key, locale);
      }
      case 'idCard': {
        const key = validateIdCard(f.idCard);
        return key && messageText(idCardMessages, key, locale);
      }
    }
  };

  const set = <K extends keyof ProfileForm>(field: K, value: ProfileForm[K]) => {
    const next = { ...form, [field]: value };
    setForm(next);
    if (field in errors && errors[field as Checked]) setErrors((old) => ({ ...old, [field]: check(field as Checked, next) }));
  };
  const leave = (field: Checked) => setErrors((old) => ({ ...old, [field]: check(field) }));

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const order: Checked[] = ['sex', 'email', 'idCard', 'joiningTime'];
    const found = Object.fromEntries(order.map((f) => [f, check(f)])) as Partial<Record<Checked, string>>;
    setErrors(found);
    const firstWrong = order.find((f) => found[f]);
    if (firstWrong) {
      document.getElementById(`profile-${firstWrong}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await savePostGrade({
        userNo: user.userNo,
        dataSource: user.dataSource,
        sex: form.sex,
        email: form.email.trim(),
        idCard: form.idCard.trim().toUpperCase(),
        joiningTime: form.joiningTime,
        headPortrait: form.headPortrait,
      });
    } catch {
      // The client has shown the gateway's message; every field keeps its value.
      setBusy(false);
      return;
    }
    notifySuccess(messages['account.saved']);
    await loadUser().catch(() => undefined);
    onClose();
  };

  const sep = locale === 'zh' ? '（' : ' (';
  const end = locale === 'zh' ? '）' : ')';
  const assessment = [user.assessmentMethod, user.assessmentUserCategory].filter(Boolean);
  const userType = messages[`profile.userType${user.userType === 2 || user.userType === 3 ? user.userType : 1}`];
  const readOnly: Array<[string, string | undefined]> = [
    [messages['profile.name'], user.userName],
    [messages['profile.empNo'], user.empNo],
    [messages['profile.phone'], user.phone],
    [messages['profile.postLevel'], postLevelName(grades, user.postLevel) ?? (grades ? user.postLevel : messages['account.loading'])],
    [messages['profile.professional'], user.professional],
    [messages['profile.assessment'], assessment.length === 2 ? `${assessment[0]}${sep}${assessment[1]}${end}` : assessment[0]],
    [messages['profile.userType'], userType],
    [messages['profile.department'], user.departmentName],
    [messages['profile.post'], user.postName],
  ];
  const sexError = errors.sex;

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent
        showCloseButton={false}
        onInteractOutside={(e) => e.preventDefault()}
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-[900px]"
      >
        <DialogHeader>
          <DialogTitle>{messages['profile.title']}</DialogTitle>
          <DialogDescription>{messages['profile.description']}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-6">
          <div className="grid gap-6 md:grid-cols-[12rem_1fr]">
            <AvatarField
              value={form.headPortrait}
              onChange={(url) => set('headPortrait', url)}
              onBusyChange={setUploading}
              messages={messages}
            />
            <div className="grid gap-6">
              <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
                {readOnly.map(([label, value]) => (
                  <div key={label} className="grid grid-cols-[7rem_1fr] gap-2">
                    <dt className="text-muted-foreground">{label}</dt>
                    <dd className="break-words">{value || messages['profile.notSet']}</dd>
                  </div>
                ))}
              </dl>
              <div className="grid gap-4 sm:grid-cols-2">
                <div role="group" aria-labelledby="profile-sex-label" className="grid content-start gap-2">
                  <Label id="profile-sex-label" asChild>
                    <span>{messages['profile.sex']}</span>
                  </Label>
                  <RadioGroup
                    id="profile-sex"
                    value={form.sex}
                    onValueChange={(value) => set('sex', value)}
                    aria-labelledby="profile-sex-label"
                    aria-invalid={sexError ? true : undefined}
                    aria-describedby={sexError ? 'profile-sex-message' : undefined}
                    className="flex h-9 items-center gap-6"
                  >
                    {sexes.map((option) => (
                      <div key={option.value} className="flex items-center gap-2">
                        <RadioGroupItem id={`profile-sex-${option.value}`} value={option.value} />
                        <Label htmlFor={`profile-sex-${option.value}`} className="font-normal">
                          {option.label}
                        </Label>
                      </div>
                    ))}
                  </RadioGroup>
                  {sexError && (
                    <p id="profile-sex-message" role="alert" className="text-destructive text-sm">
                      {sexError}
                    </p>
                  )}
                </div>
                <Field id="profile-email" label={messages['profile.email']} error={errors.email}>
                  <Input
                    {...describedBy('profile-email', errors.email)}
                    type="email"
                    name="email"
                    autoComplete="email"
                    placeholder={messages['profile.emailPlaceholder']}
                    value={form.email}
                    onChange={(e) => set('email', e.target.value)}
                    onBlur={() => leave('email')}
                  />
                </Field>
                <Field id="profile-idCard" label={messages['profile.idCard']} error={errors.idCard}>
                  <Input
                    {...describedBy('profile-idCard', errors.idCard)}
                    name="idCard"
                    maxLength={18}
                    autoComplete="off"
                    placeholder={messages['profile.idCardPlaceholder']}
                    value={form.idCard}
                    onChange={(e) => set('idCard', e.target.value)}
                    onBlur={() => leave('idCard')}
                  />
                </Field>
                <Field id="profile-joiningTime" label={messages['profile.joiningTime']} error={errors.joiningTime}>
                  <Input
                    {...describedBy('profile-joiningTime', errors.joiningTime)}
                    type="date"
                    name="joiningTime"
                    max={today()}
                    value={form.joiningTime}
                    onChange={(e) => set('joiningTime', e.target.value)}
                    onBlur={() => leave('joiningTime')}
                  />
                </Field>
              </div>
            </div>
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy}>
                {messages['account.cancel']}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy || uploading} aria-busy={busy || undefined}>
              {busy ? messages['account.saving'] : messages['account.confirm']}
            </Button>
          </DialogFooter>
        </form>
        <CloseButton label={messages['account.close']} />
      </DialogContent>
    </Dialog>
  );
}
