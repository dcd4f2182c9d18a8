/** Interface strings of the certificates page and the public certificate verification page; spread into `zh.ts` and `en.ts` with the same keys. */
export const certificateZh = {
  'certificate.title': '我的证书',
};

export const certificateEn: Record<keyof typeof certificateZh, string> = {
  'certificate.title': 'My certificates',
};
