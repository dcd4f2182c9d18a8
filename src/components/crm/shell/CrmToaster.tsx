/** The back office's toasts: the site's toaster, with the button of a toast that has an action (undo). */
import { Toaster } from '@/components/layout/Toaster';
import { dismissToast, type Toast } from '@/stores/toasts';

function ActionButton({ toast }: { toast: Toast }) {
  if (!toast.action) return null;
  return (
    <button
      type="button"
      onClick={() => {
        toast.action!.run();
        dismissToast(toast.id);
      }}
      className="text-primary hover:bg-accent focus-visible:ring-ring/50 -my-1 rounded-sm px-2 py-1 font-medium outline-none focus-visible:ring-[3px]"
    >
      {toast.action.label}
    </button>
  );
}

export function CrmToaster({ messages }: { messages: { region: string; dismiss: string } }) {
  return <Toaster messages={messages} extra={(toast) => <ActionButton toast={toast} />} />;
}
