/** The account calls of the `user` module (spec section 7): passwords and the profile. */
import { call, type CallOptions } from '@/api/client';
import type {
  PostGradeInfo,
  SavePostGradeBody,
  TreeOption,
  UpdateInitPasswordBody,
  UpdatePasswordBody,
  UpdateUserInfoBody,
} from '@/api/types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** Changes the password: `password` is the current one. */
export function updatePassword(body: UpdatePasswordBody, opts?: Extra): Promise<unknown> {
  return call('updatePassword', { ...opts, body: { ...body } });
}

/**
 * Replaces the initial password. The browser does not know the initial value: the gateway
 * accepts this call only while the session's password is still the initial one.
 */
export function updateInitPassword(body: UpdateInitPasswordBody, opts?: Extra): Promise<unknown> {
  return call('updateInitPassword', { ...opts, body: { ...body } });
}

/** Saves the supplementary information (email, ID card). */
export function updateUserInfo(body: UpdateUserInfoBody, opts?: Extra): Promise<unknown> {
  return call('updateUserInfo', { ...opts, body: { ...body } });
}

/** The post level options (four groups) and the user's current level. */
export function getPostGrade(userNo: string, opts?: Extra): Promise<PostGradeInfo> {
  return call<PostGradeInfo>('getPostGrade', { ...opts, params: { userNo } });
}

/** Saves the profile: sex, email, ID card, joining time, avatar and post level. */
export function savePostGrade(body: SavePostGradeBody, opts?: Extra): Promise<unknown> {
  return call('savePostGrade', { ...opts, body: { ...body } });
}

/** The enterprise's departments, as a tree. */
export function getDepartmentList(opts?: Extra): Promise<TreeOption[]> {
  return call<TreeOption[]>('departmentList', { ...opts, body: {} });
}

/** The enterprise's posts. */
export function getPostList(opts?: Extra): Promise<TreeOption[]> {
  return call<TreeOption[]>('postList', { ...opts, body: {} });
}

/** Regions as a tree, or the children of one region (`parentId`). */
export function getRegionList(parentId?: string, opts?: Extra): Promise<TreeOption[]> {
  return call<TreeOption[]>('regionList', { ...opts, body: parentId ? { parentId } : {} });
}
