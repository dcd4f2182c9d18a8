/**
 * The announcement editor (Tiptap): paragraphs, headings 2 and 3, bold, italic, underline,
 * strike, lists, quotes, code blocks, rules, links (http, https or a site path) and pictures
 * uploaded with `uploadPic` (JPG or PNG under 5 MB, with the percent sent). What it writes is
 * what the gateway's sanitiser keeps. The toolbar is one tab stop; arrow keys, Home and End move
 * along it. Loaded only by the editor page.
 */
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import BoldIcon from 'lucide-react/icons/bold';
import CodeIcon from 'lucide-react/icons/code-xml';
import Heading2Icon from 'lucide-react/icons/heading-2';
import Heading3Icon from 'lucide-react/icons/heading-3';
import ImageIcon from 'lucide-react/icons/image';
import ItalicIcon from 'lucide-react/icons/italic';
import LinkIcon from 'lucide-react/icons/link';
import ListIcon from 'lucide-react/icons/list';
import ListOrderedIcon from 'lucide-react/icons/list-ordered';
import MinusIcon from 'lucide-react/icons/minus';
import QuoteIcon from 'lucide-react/icons/quote';
import Redo2Icon from 'lucide-react/icons/redo-2';
import StrikethroughIcon from 'lucide-react/icons/strikethrough';
import UnderlineIcon from 'lucide-react/icons/underline';
import Undo2Icon from 'lucide-react/icons/undo-2';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { uploadPic } from '@/api/upload';
import { AVATAR_ACCEPT, AVATAR_HEAD_BYTES, checkAvatar } from '@/components/account/avatar-file';
import type { RichTextEditorMessages } from '@/components/crm/notice/messages';
import { richTextClass } from '@/components/message/rich-text';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/components/ui/utils';

/** A link the sanitiser keeps: http, https, or a path of this site. */
export function isAllowedLink(href: string): boolean {
  return /^https?:\/\/[^\s/]/i.test(href) || /^\/(?!\/)/.test(href);
}

export interface RichTextEditorProps {
  /** The HTML it starts with (read once, and again when `resetKey` changes). */
  initial: string;
  /** A new key puts `initial` in again (a restored or discarded draft). */
  resetKey?: string | number;
  /** The HTML after every change ('' when empty). */
  onChange: (html: string) => void;
  /** The id of the element that names the editor (its label). */
  labelledBy: string;
  /** Ids of the hint and error under it. */
  describedBy?: string;
  invalid?: boolean;
  /** True while a picture uploads (the form waits). */
  onBusyChange?: (busy: boolean) => void;
  messages: RichTextEditorMessages;
}

interface ToolProps {
  label: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

function Tool({ label, icon, active, disabled, onClick }: ToolProps) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="aria-pressed:bg-accent aria-pressed:text-accent-foreground size-8"
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      tabIndex={-1}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      {icon}
    </Button>
  );
}

/** Arrow keys, Home and End move the focus along the toolbar; one button is in the tab order. */
function useRovingToolbar() {
  const ref = useRef<HTMLDivElement>(null);
  const buttons = () => [...(ref.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
  const settle = (focused?: HTMLButtonElement) => {
    const all = buttons();
    const current = focused ?? all.find((b) => b.tabIndex === 0) ?? all[0];
    for (const b of all) b.tabIndex = b === current ? 0 : -1;
  };
  useEffect(() => settle());
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = buttons();
    const index = all.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const next =
      event.key === 'ArrowRight' ? (index + 1) % all.length
      : event.key === 'ArrowLeft' ? (index - 1 + all.length) % all.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? all.length - 1
      : -1;
    if (next < 0) return;
    event.preventDefault();
    settle(all[next]);
    all[next]!.focus();
  };
  return { ref, onKeyDown, onFocus: (event: FocusEvent<HTMLDivElement>) => event.target instanceof HTMLButtonElement && settle(event.target) };
}

function Toolbar({ editor, onLink, onImage, uploading, messages: m }: { editor: Editor; onLink: () => void; onImage: () => void; uploading: boolean; messages: RichTextEditorMessages }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      code: e.isActive('codeBlock'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const roving = useRovingToolbar();
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => command(editor.chain().focus()).run();
  const icon = 'size-4';
  return (
    <div
      ref={roving.ref}
      role="toolbar"
      aria-label={m['crmNotice.tool.label']}
      onKeyDown={roving.onKeyDown}
      onFocus={roving.onFocus}
      className="bg-muted/40 flex flex-wrap items-center gap-0.5 border-b p-1"
    >
      <Tool label={m['crmNotice.tool.bold']} icon={<BoldIcon aria-hidden="true" className={icon} />} active={state.bold} onClick={() => run((c) => c.toggleBold())} />
      <Tool label={m['crmNotice.tool.italic']} icon={<ItalicIcon aria-hidden="true" className={icon} />} active={state.italic} onClick={() => run((c) => c.toggleItalic())} />
      <Tool label={m['crmNotice.tool.underline']} icon={<UnderlineIcon aria-hidden="true" className={icon} />} active={state.underline} onClick={() => run((c) => c.toggleUnderline())} />
      <Tool label={m['crmNotice.tool.strike']} icon={<StrikethroughIcon aria-hidden="true" className={icon} />} active={state.strike} onClick={() => run((c) => c.toggleStrike())} />
      <span aria-hidden="true" className="bg-border mx-1 h-5 w-px" />
      <Tool label={m['crmNotice.tool.h2']} icon={<Heading2Icon aria-hidden="true" className={icon} />} active={state.h2} onClick={() => run((c) => c.toggleHeading({ level: 2 }))} />
      <Tool label={m['crmNotice.tool.h3']} icon={<Heading3Icon aria-hidden="true" className={icon} />} active={state.h3} onClick={() => run((c) => c.toggleHeading({ level: 3 }))} />
      <Tool label={m['crmNotice.tool.bulletList']} icon={<ListIcon aria-hidden="true" className={icon} />} active={state.bulletList} onClick={() => run((c) => c.toggleBulletList())} />
      <Tool label={m['crmNotice.tool.orderedList']} icon={<ListOrderedIcon aria-hidden="true" className={icon} />} active={state.orderedList} onClick={() => run((c) => c.toggleOrderedList())} />
      <Tool label={m['crmNotice.tool.quote']} icon={<QuoteIcon aria-hidden="true" className={icon} />} active={state.quote} onClick={() => run((c) => c.toggleBlockquote())} />
      <Tool label={m['crmNotice.tool.code']} icon={<CodeIcon aria-hidden="true" className={icon} />} active={state.code} onClick={() => run((c) => c.toggleCodeBlock())} />
      <Tool label={m['crmNotice.tool.rule']} icon={<MinusIcon aria-hidden="true" className={icon} />} onClick={() => run((c) => c.setHorizontalRule())} />
      <span aria-hidden="true" className="bg-border mx-1 h-5 w-px" />
      <Tool label={m['crmNotice.tool.link']} icon={<LinkIcon aria-hidden="true" className={icon} />} active={state.link} onClick={onLink} />
      <Tool label={m['crmNotice.tool.image']} icon={<ImageIcon aria-hidden="true" className={icon} />} disabled={uploading} onClick={onImage} />
      <span aria-hidden="true" className="bg-border mx-1 h-5 w-px" />
      <Tool label={m['crmNotice.tool.undo']} icon={<Undo2Icon aria-hidden="true" className={icon} />} disabled={!state.canUndo} onClick={() => run((c) => c.undo())} />
      <Tool label={m['crmNotice.tool.redo']} icon={<Redo2Icon aria-hidden="true" className={icon} />} disabled={!state.canRedo} onClick={() => run((c) => c.redo())} />
    </div>
  );
}

function LinkDialog({ editor, open, onOpenChange, messages: m }: { editor: Editor; open: boolean; onOpenChange: (open: boolean) => void; messages: RichTextEditorMessages }) {
  const id = useId();
  const [href, setHref] = useState('');
  const [newTab, setNewTab] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!open) return;
    const current = editor.getAttributes('link') as { href?: string; target?: string };
    setHref(current.href ?? '');
    setNewTab(current.target === '_blank');
    setError('');
  }, [open, editor]);
  const apply = () => {
    const value = href.trim();
    if (!isAllowedLink(value)) {
      setError(m['crmNotice.link.invalid']);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    const attributes = { href: value, target: newTab ? '_blank' : null };
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: value, marks: [{ type: 'link', attrs: attributes }] }).run();
    } else {
      chain.setLink(attributes).run();
    }
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{m['crmNotice.link.title']}</DialogTitle>
          <DialogDescription>{m['crmNotice.link.hint']}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            e.stopPropagation();
            apply();
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={`${id}-href`}>{m['crmNotice.link.url']}</Label>
            <Input
              id={`${id}-href`}
              value={href}
              inputMode="url"
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => setHref(e.target.value)}
            />
            {error && (
              <p id={`${id}-error`} className="text-destructive text-sm">
                {error}
              </p>
            )}
          </div>
          <div className="flex items-center gap-2">
            <Checkbox id={`${id}-tab`} checked={newTab} onCheckedChange={(v) => setNewTab(v === true)} />
            <Label htmlFor={`${id}-tab`}>{m['crmNotice.link.newTab']}</Label>
          </div>
          <DialogFooter>
            {editor.isActive('link') && (
              <Button
                type="button"
                variant="ghost"
                onClick={() => {
                  editor.chain().focus().extendMarkRange('link').unsetLink().run();
                  onOpenChange(false);
                }}
              >
                {m['crmNotice.link.remove']}
              </Button>
            )}
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {m['crmNotice.link.cancel']}
            </Button>
            <Button type="submit">{m['crmNotice.link.apply']}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function RichTextEditor({ initial, resetKey, onChange, labelledBy, describedBy, invalid, onBusyChange, messages: m }: RichTextEditorProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [linking, setLinking] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const [imageError, setImageError] = useState('');
  const changed = useRef(onChange);
  changed.current = onChange;
  const errorId = useId();

  const attributes = (): Record<string, string> => {
    const described = [describedBy, imageError ? errorId : ''].filter(Boolean).join(' ');
    return {
      class: cn(richTextClass, 'min-h-64 px-3 py-2 outline-none'),
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-labelledby': labelledBy,
      ...(described ? { 'aria-describedby': described } : {}),
      ...(invalid ? { 'aria-invalid': 'true' } : {}),
    };
  };

  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          HTMLAttributes: { target: null, rel: null, class: null },
          isAllowedUri: (url) => isAllowedLink(url),
        },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: initial,
    editorProps: { attributes: attributes() },
    onUpdate: ({ editor: e }) => changed.current(e.isEmpty ? '' : e.getHTML()),
  });

  // The editable area's name, description and error state follow the form.
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes: attributes() } });
  }, [editor, invalid, describedBy, imageError, labelledBy]);

  // A restored or discarded draft puts its text in (without counting as a change).
  useEffect(() => {
    if (editor && resetKey !== undefined) editor.commands.setContent(initial, { emitUpdate: false });
    // Only a new key resets; `initial` follows the form otherwise.
  }, [editor, resetKey]);

  const pick = async (file: File | undefined) => {
    if (!file || !editor) return;
    setImageError('');
    const problem = checkAvatar(file, new Uint8Array(await file.slice(0, AVATAR_HEAD_BYTES).arrayBuffer()));
    if (problem) {
      setImageError(problem === 'type' ? m['crmNotice.image.type'] : m['crmNotice.image.size']);
      return;
    }
    setPercent(0);
    onBusyChange?.(true);
    try {
      const result = await uploadPic(file, file.name, { onProgress: setPercent });
      editor.chain().focus().setImage({ src: result.url, alt: file.name.replace(/\.[^.]+$/, '') }).run();
    } catch {
      // The client showed the gateway's message.
    } finally {
      setPercent(null);
      onBusyChange?.(false);
    }
  };

  return (
    <div
      className={cn(
        'bg-background focus-within:border-ring focus-within:ring-ring/50 overflow-hidden rounded-md border focus-within:ring-[3px]',
        invalid && 'border-destructive',
      )}
    >
      {editor && (
        <>
          <Toolbar editor={editor} onLink={() => setLinking(true)} onImage={() => fileInput.current?.click()} uploading={percent !== null} messages={m} />
          <LinkDialog editor={editor} open={linking} onOpenChange={setLinking} messages={m} />
        </>
      )}
      <input
        ref={fileInput}
        type="file"
        accept={AVATAR_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {percent !== null && (
        <div className="flex items-center gap-3 border-b px-3 py-2 text-sm" role="status">
          <span>{m['crmNotice.image.uploading']}</span>
          <Progress value={percent} className="max-w-48" aria-label={m['crmNotice.image.uploading']} />
          <span className="tabular-nums">{percent}%</span>
        </div>
      )}
      {imageError && (
        <p id={errorId} role="alert" className="text-destructive border-b px-3 py-2 text-sm">
          {imageError}
        </p>
      )}
      <EditorContent editor={editor} />
    </div>
  );
}
