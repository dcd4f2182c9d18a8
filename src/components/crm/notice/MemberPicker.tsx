/**
 * Members picked by name or employee number (`noticeRecipientSearch`): the results with an
 * "add" button each, and the chosen ones as a list with a "remove" button each.
 */
import PlusIcon from 'lucide-react/icons/plus';
import XIcon from 'lucide-react/icons/x';
import { useId, useState } from 'react';
import type { NoticeRecipient } from '@/api/crm-notice-types';
import { searchNoticeRecipients } from '@/api/crm-notice';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { fill } from '@/i18n/fill';
import type { Messages } from '@/i18n/index';
import { NOTICE_KEYWORD_MAX } from '@/lib/schemas/notice-rules';

type PickerMessages = Messages<
  | 'crmNotice.msg.search'
  | 'crmNotice.msg.searchButton'
  | 'crmNotice.msg.results'
  | 'crmNotice.msg.noneFound'
  | 'crmNotice.msg.add'
  | 'crmNotice.msg.remove'
  | 'crmNotice.msg.chosenMembers'
>;

interface MemberPickerProps {
  value: NoticeRecipient[];
  onChange: (value: NoticeRecipient[]) => void;
  messages: PickerMessages;
}

export function MemberPicker({ value, onChange, messages: m }: MemberPickerProps) {
  const id = useId();
  const [keyword, setKeyword] = useState('');
  const [results, setResults] = useState<NoticeRecipient[] | null>(null);
  const [searching, setSearching] = useState(false);
  const chosen = new Set(value.map((r) => r.id));

  const search = async () => {
    setSearching(true);
    try {
      setResults(await searchNoticeRecipients(keyword.trim()));
    } catch {
      // The client showed the gateway's message.
    }
    setSearching(false);
  };

  const person = (r: NoticeRecipient) => (
    <span>
      {r.userName} <span className="text-muted-foreground">{r.empNo}{r.departmentName ? ` · ${r.departmentName}` : ''}</span>
    </span>
  );

  return (
    <div className="grid gap-3">
      <div className="flex items-end gap-2">
        <div className="grid flex-1 gap-1">
          <Label htmlFor={`${id}-keyword`}>{m['crmNotice.msg.search']}</Label>
          <Input
            id={`${id}-keyword`}
            type="search"
            maxLength={NOTICE_KEYWORD_MAX}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void search();
              }
            }}
          />
        </div>
        <Button type="button" variant="outline" disabled={searching} onClick={() => void search()}>
          {m['crmNotice.msg.searchButton']}
        </Button>
      </div>
      {results !== null && (
        <div aria-live="polite">
          {results.length === 0 ? (
            <p className="text-muted-foreground text-sm">{m['crmNotice.msg.noneFound']}</p>
          ) : (
            <ul aria-label={m['crmNotice.msg.results']} className="max-h-56 divide-y overflow-y-auto rounded-md border">
              {results.map((r) => (
                <li key={r.id} className="flex items-center justify-between gap-2 px-3 py-1.5 text-sm">
                  {person(r)}
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    disabled={chosen.has(r.id)}
                    aria-label={`${m['crmNotice.msg.add']} ${r.userName} ${r.empNo}`}
                    onClick={() => onChange([...value, r])}
                  >
                    <PlusIcon aria-hidden="true" />
                    {m['crmNotice.msg.add']}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {value.length > 0 && (
        <ul aria-label={m['crmNotice.msg.chosenMembers']} className="flex flex-wrap gap-2">
          {value.map((r) => (
            <li key={r.id} className="bg-muted flex items-center gap-1 rounded-full py-0.5 ps-3 pe-1 text-sm">
              {r.userName}
              <button
                type="button"
                className="hover:bg-background focus-visible:ring-ring/50 flex size-6 items-center justify-center rounded-full outline-none focus-visible:ring-[3px]"
                aria-label={fill(m['crmNotice.msg.remove'], { name: `${r.userName} ${r.empNo}` })}
                onClick={() => onChange(value.filter((x) => x.id !== r.id))}
              >
                <XIcon aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
