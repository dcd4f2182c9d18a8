import type { Messages } from '@/i18n/index';

/** The messages the sign-in form receives. */
export const loginMessageKeys = [
  'login.empNo',
  'login.empNoPlaceholder',
  'login.empNoRequired',
  'login.password',
  'login.passwordPlaceholder',
  'login.passwordRequired',
  'login.submit',
  'login.submitting',
  'login.agreementPrefix',
  'login.forget',
  'login.register',
  'route.agreement',
  'auth.loginFirst',
  'lang.zh',
  'lang.en',
  'lang.switch',
] as const;

export type LoginMessages = Messages<(typeof loginMessageKeys)[number]>;
