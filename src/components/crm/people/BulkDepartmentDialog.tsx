/** One department for the members selected in the members list (loaded when first opened). */
import { useState } from 'react';
import { setMembersDepartment } from '@/api/crm-people';
import type { CrmMember, CrmOrgNode } from '@/api/crm-people-types';
import type { MembersMessages } from '@/components/crm/people/messages';
import { flatten } from '@/components/crm/people/org-tree';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { fill } from '@/i18n/fill';

const NONE = '__none__';

export function BulkDepartmentDialog({
  members,
  departments,
  messages: m,
  onClose,
  onDone,
}: {
  members: CrmMember[];
  departments: CrmOrgNode[];
  messages: MembersMessages;
  onClose: () => void;
  onDone: (previous: { id: string; departmentId: string }[], departmentName: string) => void;
}) {
  const [departmentId, setDepartmentId] = useState('');
  const [pending, setPending] = useState(false);
  const options = flatten(departments);
  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent className="sm:max-w-md">
        <form
          className="grid gap-4"
          onSubmit={async (event) => {
            event.preventDefault();
            if (!departmentId) return;
            setPending(true);
            try {
              const result = await setMembersDepartment(
                members.map((x) => x.id),
                departmentId === NONE ? '' : departmentId,
              );
              const name = departmentId === NONE ? m['crmPeople.member.none'] : (options.find((o) => o.node.id === departmentId)?.node.name ?? departmentId);
              onDone(result.previous, name);
            } catch {
              setPending(false);
            }
          }}
        >
          <DialogHeader>
            <DialogTitle>{m['crmPeople.member.bulkTitle']}</DialogTitle>
            <DialogDescription>{fill(m['crmPeople.member.bulkText'], { count: members.length })}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="bulk-department">{m['crmPeople.member.department']}</Label>
            <Select value={departmentId} onValueChange={setDepartmentId}>
              <SelectTrigger id="bulk-department" className="w-full">
                <SelectValue placeholder={m['crmPeople.member.pickDepartment']} />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NONE}>{m['crmPeople.member.none']}</SelectItem>
                {options.map((f) => (
                  <SelectItem key={f.node.id} value={f.node.id} style={{ paddingInlineStart: `${f.depth + 0.5}rem` }}>
                    {f.node.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={pending} onClick={onClose}>
              {m['crm.table.cancel']}
            </Button>
            <Button type="submit" disabled={pending || !departmentId}>
              {pending ? m['crmPeople.saving'] : m['crmPeople.member.bulkApply']}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
