/**
 * Helpers for the community tests: demo posts found by their title, calls as a member or as a
 * visitor without a session, answers that must succeed, and pictures uploaded as the site does.
 */
import { eq } from 'drizzle-orm';
import { Code } from '@/api/codes';
import type { EndpointName } from '@/api/endpoints';
import type { UploadResult } from '@/api/types';
import { communityPosts } from '../../db/schema';
import { HOST_ONE, type TestGateway } from '../../testing';
import { fileForm, rawCall } from '../account/test-support';
import { as, type Who } from '../exam/test-support';

export { as, signIn, type Who } from '../exam/test-support';

/** The id of the one demo post with this title. */
export async function postId(gw: TestGateway, title: string): Promise<string> {
  const rows = await gw.database.db.select({ id: communityPosts.id }).from(communityPosts).where(eq(communityPosts.title, title));
  if (rows.length !== 1) throw new Error(`expected one post "${title}", found ${rows.length}`);
  return rows[0]!.id;
}

/** The stored post row (for checks the answers do not show). */
export async function postRow(gw: TestGateway, id: string) {
  const [row] = await gw.database.db.select().from(communityPosts).where(eq(communityPosts.id, id));
  return row;
}

type Options = { body?: unknown; query?: Record<string, string>; token?: string; host?: string };

/** Calls a row as a visitor (no session), in English, on company one's host unless told. */
export function anon<T>(gw: TestGateway, name: EndpointName, options: Options = {}) {
  return gw.call<T>(name, { host: HOST_ONE, lang: 'en', ...options });
}

/** A call's data; fails the test on any other answer. */
export async function dataOf<T>(call: Promise<{ body: { code: number; msg: string; data: T } }>): Promise<T> {
  const { body } = await call;
  if (body.code !== Code.OK) throw new Error(`${body.code} ${body.msg}`);
  return body.data;
}

/** A call's refusal: its code and message. */
export async function refusal(call: Promise<{ body: { code: number; msg: string } }>): Promise<[number, string]> {
  const { body } = await call;
  return [body.code, body.msg];
}

/** Calls a row as `who` and answers the data (fails on a refusal). */
export function ok<T>(gw: TestGateway, who: Who, name: EndpointName, options: { body?: unknown; query?: Record<string, string> } = {}): Promise<T> {
  return dataOf<T>(as<T>(gw, who, name, options));
}

/** A 1×1 PNG. */
const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
);

/** Uploads a picture as `who` through the upload call; answers its site path. */
export async function uploadPicture(gw: TestGateway, who: Who): Promise<string> {
  const { body } = await rawCall<UploadResult>(gw, 'uploadPic', { token: who.token, host: who.host, body: fileForm(PNG, 'photo.png', 'image/png') });
  if (body.code !== Code.OK) throw new Error(`uploadPic: ${body.code} ${body.msg}`);
  return body.data.url;
}
