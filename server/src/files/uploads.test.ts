import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, getTableColumns, getTableName, inArray, is, sql } from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { UploadResult, UserInfo } from '@/api/types';
import * as schema from '../db/schema';
import { communityPosts, courses, enterpriseUsers, uploadedFiles } from '../db/schema';
import { fileForm, rawCall } from '../modules/account/test-support';
import { as, signIn, type Who } from '../modules/exam/test-support';
import { UNREFERENCED_UPLOAD_TTL_SECONDS } from '../quotas';
import { createTestApp, HOST_TWO, type TestGateway } from '../testing';
import { localFileStore, type FileStore } from './store';
import { sweepUnreferencedUploads, uploadReferences } from '../db/access/uploads';

let gw: TestGateway;
let dir: string;
let store: FileStore;
const who: Record<string, Who> = {};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'xt-sweep-'));
  store = localFileStore(dir);
  gw = await createTestApp({ files: store });
  for (const empNo of ['E1002', 'E1003', 'E1007']) who[empNo] = await signIn(gw, empNo);
  who.B2001 = await signIn(gw, 'B2001', HOST_TWO);
});
afterAll(async () => {
  await gw?.close();
  await rm(dir, { recursive: true, force: true });
});

const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
);

/** Uploads a picture as `w` and answers its site path. */
async function upload(w: Who): Promise<string> {
  const { body } = await rawCall<UploadResult>(gw, 'uploadPic', { token: w.token, host: w.host, body: fileForm(PNG, 'p.png', 'image/png') });
  expect(body.code, body.msg).toBe(Code.OK);
  return body.data.url;
}

const keyOf = (url: string) => url.slice('/files/'.length);

/** Moves an upload's times back by `hours` (made, and last named when it was). */
async function age(url: string, hours: number): Promise<void> {
  const back = sql`make_interval(hours => ${hours})`;
  await gw.database.db
    .update(uploadedFiles)
    .set({ createdAt: sql`created_at - ${back}`, usedAt: sql`used_at - ${back}` })
    .where(eq(uploadedFiles.key, keyOf(url)));
}

/** Whether the upload is still in the table and in the store. */
async function kept(url: string): Promise<{ row: boolean; file: boolean }> {
  const rows = await gw.database.db.select({ id: uploadedFiles.id }).from(uploadedFiles).where(eq(uploadedFiles.key, keyOf(url)));
  return { row: rows.length === 1, file: await store.exists(keyOf(url)) };
}
const gone = { row: false, file: false };
const stays = { row: true, file: true };

async function saveAvatar(w: Who, headPortrait: string): Promise<void> {
  const user = (await as<UserInfo>(gw, w, 'currentUser')).body.data;
  const { body } = await as<UserInfo>(gw, w, 'savePostGrade', {
    body: { userNo: user.userNo, dataSource: 0, sex: user.sex, email: user.email, idCard: user.idCard, joiningTime: user.joiningTime, headPortrait },
  });
  expect(body.code, body.msg).toBe(Code.OK);
}

async function savePost(w: Who, images: string[], id?: string): Promise<string> {
  const { body } = await as<{ id: string }>(gw, w, 'communityPostSave', { body: { id, kind: 1, title: `图片帖 ${Date.now()}`, content: '正文', images } });
  expect(body.code, body.msg).toBe(Code.OK);
  return body.data.id;
}

const DAY_HOURS = UNREFERENCED_UPLOAD_TTL_SECONDS / 3600;

describe('the sweep of unreferenced uploads', () => {
  it('removes an upload no saved object names a day after it was made, from the store and the table', async () => {
    const unused = await upload(who.E1003!);
    const theirs = await upload(who.B2001!);
    expect(await kept(unused)).toEqual(stays);
    await age(unused, DAY_HOURS + 1);
    await age(theirs, DAY_HOURS + 1);
    const removed = await sweepUnreferencedUploads(gw.database.db, store);
    expect(removed).toEqual(expect.arrayContaining([keyOf(unused), keyOf(theirs)]));
    expect(await kept(unused)).toEqual(gone);
    expect(await kept(theirs)).toEqual(gone);
    expect((await gw.app.request(unused)).status).toBe(404);
  });

  it('keeps an upload younger than a day, named or not', async () => {
    const young = await upload(who.E1003!);
    await age(young, DAY_HOURS - 1);
    await sweepUnreferencedUploads(gw.database.db, store);
    expect(await kept(young)).toEqual(stays);
  });

  it('keeps old uploads that a profile avatar, a community post or answer, or a course cover names', async () => {
    const avatar = await upload(who.E1002!);
    await saveAvatar(who.E1002!, avatar);
    const pictures = [await upload(who.E1003!), await upload(who.E1003!)];
    const postId = await savePost(who.E1003!, pictures);
    const answerPicture = await upload(who.E1007!);
    const question = (await as<{ id: string }>(gw, who.E1003!, 'communityPostSave', { body: { kind: 2, title: `提问 ${Date.now()}`, content: '', images: [] } })).body.data.id;
    const answer = await as(gw, who.E1007!, 'communityAnswerSave', { body: { postId: question, content: '回答', images: [answerPicture] } });
    expect(answer.body.code, answer.body.msg).toBe(Code.OK);
    // Set by the back office, which has no call here yet: named all the same.
    const cover = await upload(who.E1002!);
    const [course] = await gw.database.db
      .select({ id: courses.id })
      .from(courses)
      .innerJoin(enterpriseUsers, eq(enterpriseUsers.enterpriseId, courses.enterpriseId))
      .where(eq(enterpriseUsers.id, who.E1002!.memberId))
      .limit(1);
    await gw.database.db.update(courses).set({ cover }).where(eq(courses.id, course!.id));
    const everyOne = [avatar, ...pictures, answerPicture, cover];
    for (const url of everyOne) await age(url, 10 * DAY_HOURS);

    await sweepUnreferencedUploads(gw.database.db, store);
    for (const url of everyOne) expect([url, await kept(url)]).toEqual([url, stays]);
    expect((await gw.app.request(avatar)).status).toBe(200);

    // Dropped by their objects (a new avatar, a picture taken off the post), they go.
    await saveAvatar(who.E1002!, '');
    await savePost(who.E1003!, [pictures[0]!], postId);
    for (const url of everyOne) await age(url, 10 * DAY_HOURS);
    await sweepUnreferencedUploads(gw.database.db, store);
    expect(await kept(avatar)).toEqual(gone);
    expect(await kept(pictures[1]!)).toEqual(gone);
    expect(await kept(pictures[0]!)).toEqual(stays);
    // A deleted post's pictures go too.
    await as(gw, who.E1003!, 'communityPostDelete', { body: { id: postId } });
    await sweepUnreferencedUploads(gw.database.db, store);
    expect(await kept(pictures[0]!)).toEqual(gone);
  });

  it('gives a day more to an old upload named just now, even if the save that named it is still on its way', async () => {
    const late = await upload(who.E1007!);
    await age(late, DAY_HOURS + 1);
    // A post saved with it is named at once; its sweep waits another day from there.
    const postId = await savePost(who.E1007!, [late]);
    await gw.database.db.delete(communityPosts).where(eq(communityPosts.id, postId));
    await sweepUnreferencedUploads(gw.database.db, store);
    expect(await kept(late)).toEqual(stays);
  });

  it('refuses a post that names an upload already swept', async () => {
    const swept = await upload(who.E1007!);
    await age(swept, DAY_HOURS + 1);
    await sweepUnreferencedUploads(gw.database.db, store);
    const { body } = await as(gw, who.E1007!, 'communityPostSave', { body: { kind: 1, title: '晚了', content: '正文', images: [swept] } });
    expect(body.code).toBe(Code.INVALID);
  });

  it('removes each upload once when several gateways sweep at the same moment', async () => {
    const urls = await Promise.all(Array.from({ length: 12 }, () => upload(who.E1003!)));
    for (const url of urls) await age(url, DAY_HOURS + 1);
    const runs = await Promise.all([1, 2, 3].map(() => sweepUnreferencedUploads(gw.database.db, store)));
    const removed = runs.flat().filter((key) => urls.map(keyOf).includes(key));
    expect(removed.sort()).toEqual(urls.map(keyOf).sort());
    const left = await gw.database.db.select({ id: uploadedFiles.id }).from(uploadedFiles).where(inArray(uploadedFiles.key, urls.map(keyOf)));
    expect(left).toEqual([]);
  });
});

describe('where an upload can be named', () => {
  /** Columns that hold a path or an address, by name. */
  const LOOKS_LIKE_A_PATH = /url|image|cover|portrait|avatar|logo|icon|picture|photo|banner|body/i;
  /** Such columns that never hold an uploaded file's path, and why. */
  const notUploads: Record<string, string> = {
    'uploaded_files.key': 'the upload itself',
    'sign_in_states.redirect_uri': 'where a sign-in returns to',
    'live_rooms.ingest_url': 'the streaming service’s RTMP push address',
  };

  it('lists every text or JSON column that may hold a path, or says why one never holds an upload', () => {
    const listed = new Set(uploadReferences.map((c) => `${getTableName(c.table)}.${c.name}`));
    const missing: string[] = [];
    for (const table of Object.values(schema)) {
      if (!is(table, PgTable)) continue;
      for (const column of Object.values(getTableColumns(table)) as PgColumn[]) {
        const name = `${getTableName(table)}.${column.name}`;
        if (!['string', 'json'].includes(column.dataType) || !LOOKS_LIKE_A_PATH.test(column.name)) continue;
        if (!listed.has(name) && !(name in notUploads)) missing.push(name);
      }
    }
    expect(missing).toEqual([]);
  });
});
