import { describe, expect, it } from 'vitest';
import { textProblem } from '@/components/community/fields';
import { communityDraftKey } from '@/components/community/use-kept-draft';

const rule = { required: true, max: 5, empty: '不能为空', tooLong: '最多 {max} 个字' };

describe('community form rules', () => {
  it('refuses blank required text and text over the limit, counted in characters after trimming, as the gateway does', () => {
    expect(textProblem(' \n ', rule)).toBe('不能为空');
    expect(textProblem(' \n ', { ...rule, required: false })).toBe('');
    expect(textProblem('  一二三四五  ', rule)).toBe('');
    expect(textProblem('一二三四五六', rule)).toBe('最多 5 个字');
    // One emoji is one character, though two UTF-16 units.
    expect(textProblem('👍👍👍👍👍', rule)).toBe('');
  });

  it('keeps drafts per member and post, beside the comment drafts', () => {
    expect(communityDraftKey('u1', 'post', 'new-2')).toBe('xt-comment-draft:u1:post:new-2');
    expect(communityDraftKey('u1', 'answer', 'q1')).not.toBe(communityDraftKey('u2', 'answer', 'q1'));
  });
});
