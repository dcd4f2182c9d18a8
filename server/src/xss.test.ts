/**
 * Text people write is kept as they wrote it and handed back only as JSON: the gateway neither
 * mangles markup nor ever writes it into HTML, so the site (which renders text, never HTML)
 * shows it inert. Each user-writable text field gets the usual attack strings and is read back
 * through the call that displays it; pages whose address holds such a string do not echo it.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { PaperSession } from '@/api/exam-types';
import { QuestionType } from '@/api/exam-types';
import type { PageResult } from '@/api/types';
import { courseId, studyTaskId } from './modules/course/test-support';
import { recordId } from './modules/announcement/test-support';
import { as, signIn, start, taskOf, type Who } from './modules/exam/test-support';
import { createTestApp, type TestGateway } from './testing';

/** Attack strings in the shapes that break HTML, attributes, URLs and templates. */
export const XSS_PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=2">',
  '"><svg onload=window.__xss=3>',
  "'-alert(4)-'",
  '<a href="javascript:window.__xss=5">x</a>',
  '</textarea><iframe srcdoc="&lt;script&gt;parent.__xss=6&lt;/script&gt;"></iframe>',
  '{{constructor.constructor("window.__xss=7")()}}',
  '<style>@import "//evil.example/x.css";</style>&amp;&lt;b&gt;',
];

let gw: TestGateway;
let dist: string;
let writer: Who;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'xt-xss-'));
  const page = (title: string) => `<!doctype html><html><head><title>${title}</title><script>void 0</script></head><body>${title}</body></html>`;
  for (const [path, html] of Object.entries({ 'index.html': page('home'), 'search/index.html': page('search'), '404.html': page('not found') })) {
    await mkdir(dirname(join(dist, path)), { recursive: true });
    await writeFile(join(dist, path), html);
  }
  gw = await createTestApp({ distDir: dist });
  writer = await signIn(gw, 'E1004');
});
afterAll(async () => {
  await gw?.close();
  await rm(dist, { recursive: true, force: true });
});

/** A call's data; answers it only as JSON that the browser may not sniff into HTML. */
async function data<T>(name: Parameters<TestGateway['call']>[0], options: { body?: unknown; query?: Record<string, string> } = {}): Promise<T> {
  const { res, body } = await as<T>(gw, writer, name, options);
  expect(body.code, `${name}: ${body.msg}`).toBe(Code.OK);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  return body.data;
}

describe.each(XSS_PAYLOADS.map((p, i) => [i, p] as const))('payload %i', (i, payload) => {
  const text = `第${i}条 ${payload}`;

  it('a course comment comes back exactly as written', async () => {
    const targetId = await courseId(gw, '职场写作规范');
    const saved = await data<{ id: string; content: string }>('courseCommentSave', { body: { targetId, targetType: 'course', content: text } });
    expect(saved.content).toBe(text);
    const page = await data<PageResult<{ id: string; content: string }>>('courseCommentPage', { body: { targetId, pageCurrent: 1, pageSize: 50 } });
    expect(page.list.find((c) => c.id === saved.id)?.content).toBe(text);
  });

  it('a community question, its answer and comment come back exactly as written', async () => {
    const title = payload.slice(0, 90);
    const post = await data<{ id: string; title: string; content: string }>('communityPostSave', { body: { kind: 2, title, content: text, images: [] } });
    expect([post.title, post.content]).toEqual([title, text]);
    const view = await data<{ title: string; content: string }>('communityPostView', { query: { id: post.id } });
    expect([view.title, view.content]).toEqual([title, text]);
    await data('communityAnswerSave', { body: { postId: post.id, content: text, images: [] } });
    const answers = await data<PageResult<{ content: string }>>('communityAnswerPage', { body: { postId: post.id, pageCurrent: 1, pageSize: 10 } });
    expect(answers.list.map((a) => a.content)).toEqual([text]);
    await data('communityCommentSave', { body: { postId: post.id, content: text } });
    const comments = await data<PageResult<{ content: string }>>('communityCommentPage', { body: { postId: post.id, pageCurrent: 1, pageSize: 10 } });
    expect(comments.list.map((c) => c.content)).toEqual([text]);
  });

  it('an announcement comment and its reply come back exactly as written', async () => {
    const announcementId = await recordId(gw, 'The new learning platform is live');
    const comment = await data<{ id: string; content: string }>('announcementCommentSave', { body: { announcementId, content: text } });
    expect(comment.content).toBe(text);
    const reply = await data<{ content: string }>('announcementReplySave', { body: { commentId: comment.id, content: text } });
    expect(reply.content).toBe(text);
    const page = await data<PageResult<{ id: string; content: string }>>('announcementCommentPage', { body: { announcementId, pageCurrent: 1, pageSize: 50 } });
    expect(page.list.find((c) => c.id === comment.id)?.content).toBe(text);
  });

  it('a study task comment and a course note come back exactly as written', async () => {
    const targetId = await studyTaskId(gw, '2026 新员工学习任务');
    await data('studyTaskCommentSave', { body: { targetId, content: text } });
    const comments = await data<PageResult<{ content: string }>>('studyTaskCommentPage', { body: { targetId, pageCurrent: 1, pageSize: 50 } });
    expect(comments.list.map((c) => c.content)).toContain(text);

    const course = await courseId(gw, '职场写作规范');
    await data('courseUserRecordSave', { body: { courseId: course, content: text } });
    const notes = await data<{ content: string }[] | PageResult<{ content: string }>>('courseUserRecordList', { query: { courseId: course } });
    expect((Array.isArray(notes) ? notes : notes.list).map((n) => n.content)).toContain(text);
  });

  it('a short answer in an exam paper comes back exactly as written', async () => {
    const paper: PaperSession = await start(gw, writer, (await taskOf(gw, writer, 'General assessment')).taskId);
    const short = paper.questions.find((q) => q.questionType === QuestionType.short)!;
    await data('examAnswerSave', { body: { paperId: paper.paperId, questionId: short.questionId, answer: [text], seq: 1000 + i } });
    const again = await start(gw, writer, paper.taskId);
    expect(again.answers.find((a) => a.questionId === short.questionId)?.answer).toEqual([text]);
  });

  it('a search text is matched as text, never as a pattern', async () => {
    const found = await data<PageResult<unknown>>('searchPage', { body: { keyword: payload.slice(0, 50), type: 1, pageCurrent: 1, pageSize: 10 } });
    expect(found.list).toEqual([]);
  });

  it('an address holding it is answered without echoing it into the page', async () => {
    for (const path of [`/search/${encodeURIComponent(payload)}`, `/${encodeURIComponent(payload)}`, `/?q=${encodeURIComponent(payload)}`]) {
      const res = await gw.app.request(`http://localhost${path}`);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);
      const html = await res.text();
      expect(html).not.toContain(payload);
      expect(html).not.toContain('__xss');
    }
  });
});

describe('profile fields', () => {
  it('refuse markup in an email or ID card with the spec messages, in both languages', async () => {
    for (const payload of XSS_PAYLOADS) {
      const zh = await gw.call('updateUserInfo', { token: writer.token, lang: 'zh', body: { email: `a${payload}@example.com` } });
      expect(zh.body).toMatchObject({ code: Code.INVALID, msg: '请输入正确的邮箱' });
      const id = await gw.call('updateUserInfo', { token: writer.token, lang: 'en', body: { idCard: payload.slice(0, 32) } });
      expect(id.body).toMatchObject({ code: Code.INVALID, msg: 'Please enter a correct ID card number' });
    }
  });
});
