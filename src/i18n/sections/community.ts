/** Interface strings of the community: blogs, questions and answers; spread into `zh.ts` and `en.ts` with the same keys. */
export const communityZh = {
  'community.title': '学习社区',
};

export const communityEn: Record<keyof typeof communityZh, string> = {
  'community.title': 'Community',
};
