/** Interface strings of the points and credit-hour ledgers of the account cards tab, and the organisation centre; spread into `zh.ts` and `en.ts` with the same keys. */
export const ledgerZh = {
  'ledger.title': '积分与学时明细',
};

export const ledgerEn: Record<keyof typeof ledgerZh, string> = {
  'ledger.title': 'Points and credit hours',
};
