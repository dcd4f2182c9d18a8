/**
 * How an announcement written in the back office's editor reads (`format` 1, HTML the gateway
 * sanitised): headings, paragraphs, lists, quotes, code, links and pictures. Shared by the
 * message centre's detail and the back office's editor, so that both show it alike.
 */
export const richTextClass =
  'text-base leading-7 break-words [&_h2]:mt-5 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:mb-1.5 [&_h3]:text-lg [&_h3]:font-semibold ' +
  '[&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:ps-6 [&_li>p]:my-0.5 ' +
  '[&_blockquote]:my-3 [&_blockquote]:border-s-4 [&_blockquote]:ps-4 [&_blockquote]:text-muted-foreground ' +
  '[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_code]:bg-muted [&_code]:rounded [&_code]:px-1 [&_code]:font-mono [&_code]:text-sm ' +
  '[&_pre]:bg-muted [&_pre]:my-3 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0 ' +
  '[&_hr]:my-5 [&_img]:my-2 [&_img]:inline-block [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-md [&>:first-child]:mt-0';
