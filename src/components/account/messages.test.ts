import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_MB, AVATAR_SUGGESTED_PX } from '@/components/account/avatar-file';
import { accountMessageKeys } from '@/components/account/messages';
import { en } from '@/i18n/en';
import { zh } from '@/i18n/zh';

describe('account messages', () => {
  it('exist in both languages', () => {
    for (const key of accountMessageKeys) {
      expect(zh[key], key).toBeTruthy();
      expect(en[key], key).toBeTruthy();
    }
  });

  it('use the spec texts exactly', () => {
    expect(zh['upload.type']).toBe('上传头像图片只能是 JPG | JPEG | PNG 格式!');
    expect(zh['validation.sex.required']).toBe('性别不能为空');
    expect(zh['validation.joiningTime.required']).toBe('入司时间不能为空');
    expect(zh['profile.male']).toBe('男');
    expect(zh['profile.female']).toBe('女');
  });

  it('give the avatar limit the check enforces (5 MB, never 500kb) and the suggested size', () => {
    for (const dict of [zh, en]) {
      for (const key of ['upload.hint', 'upload.size'] as const) {
        expect(dict[key]).toMatch(new RegExp(`\\b${AVATAR_MAX_MB}\\s?MB\\b`));
        expect(dict[key]).not.toMatch(/500\s*k/i);
      }
      expect(dict['upload.hint']).toContain(`${AVATAR_SUGGESTED_PX}*${AVATAR_SUGGESTED_PX}`);
    }
  });
});
