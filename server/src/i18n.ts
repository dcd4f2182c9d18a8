/**
 * The gateway's own messages, zh and en with the same keys. The caller's language comes from
 * the `accept-language` header: a value starting with `en` selects English, anything else
 * Chinese (the product's default).
 */
import { defaultLocale, type Locale } from '@/i18n/routes';

const zh = {
  ok: '操作成功',
  notFound: '请求的接口不存在',
  methodNotAllowed: '该接口不支持此请求方法',
  badJson: '请求体不是有效的 JSON',
  unsupportedMediaType: '请求体必须是 JSON（application/json）',
  tooLarge: '请求体过大，上限为 1 MiB',
  internal: '服务器出错了，请稍后再试',
  unauthorized: '请先登录',
  tenantNotFound: '未找到该域名的企业',
  loginError: '账号或密码错误',
  tooManyAttempts: '尝试次数过多，请 15 分钟后再试',
  'invalid.malformed': '请求参数格式不正确',
  'invalid.missing': '缺少参数 {field}',
  'invalid.type': '参数 {field} 的类型不正确，应为{expected}',
  'invalid.tooLong': '参数 {field} 不能超过 {max} 个字符',
  'invalid.tooShort': '参数 {field} 至少需要 {min} 个字符',
  'invalid.empty': '参数 {field} 不能为空',
  'invalid.tooBig': '参数 {field} 不能大于 {max}',
  'invalid.tooSmall': '参数 {field} 不能小于 {min}',
  'invalid.field': '参数 {field} 的值无效',
  'type.string': '字符串',
  'type.number': '数字',
  'type.boolean': '布尔值',
  'type.object': '对象',
  'type.array': '数组',
} as const;

export type MessageKey = keyof typeof zh;

const en: Record<MessageKey, string> = {
  ok: 'Success',
  notFound: 'The requested API does not exist',
  methodNotAllowed: 'This API does not accept that request method',
  badJson: 'The request body is not valid JSON',
  unsupportedMediaType: 'The request body must be JSON (application/json)',
  tooLarge: 'The request body is too large; the limit is 1 MiB',
  internal: 'Something went wrong on the server, please try again later',
  unauthorized: 'Please login first!',
  tenantNotFound: 'No company is configured for this domain',
  loginError: 'Incorrect employee number or password',
  tooManyAttempts: 'Too many attempts, please try again in 15 minutes',
  'invalid.malformed': 'The request parameters are malformed',
  'invalid.missing': 'The field {field} is missing',
  'invalid.type': 'The field {field} must be a {expected}',
  'invalid.tooLong': 'The field {field} must be at most {max} characters',
  'invalid.tooShort': 'The field {field} must be at least {min} characters',
  'invalid.empty': 'The field {field} must not be empty',
  'invalid.tooBig': 'The field {field} must be at most {max}',
  'invalid.tooSmall': 'The field {field} must be at least {min}',
  'invalid.field': 'The field {field} has an invalid value',
  'type.string': 'string',
  'type.number': 'number',
  'type.boolean': 'boolean',
  'type.object': 'object',
  'type.array': 'array',
};

export const messages: Record<Locale, Record<MessageKey, string>> = { zh, en };

/** The caller's language from the `accept-language` header value. */
export function langOf(header: string | undefined | null): Locale {
  return header?.trim().toLowerCase().startsWith('en') ? 'en' : defaultLocale;
}

/**
 * A gateway message in a language, with `{name}` placeholders filled.
 *
 * @example t('en', 'invalid.missing', { field: 'empNo' }) → 'The field empNo is missing'
 */
export function t(lang: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  return messages[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
