/** The messages the enterprise choice island receives. */
import type { Messages } from '@/i18n/index';

export const companyMessageKeys = [
  'company.intro',
  'company.list',
  'company.current',
  'company.enter',
  'company.entering',
  'company.empNo',
  'company.empty',
  'company.add',
  'company.addIntro',
  'company.addSubmit',
  'company.adding',
  'company.added',
  'register.enterpriseName',
  'register.enterpriseNamePlaceholder',
  'register.enterpriseNameRequired',
  'register.enterpriseNameLength',
  'login.loading',
] as const;

export type CompanyMessages = Messages<(typeof companyMessageKeys)[number]>;
