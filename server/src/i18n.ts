/**
 * The gateway's own messages, zh and en with the same keys. The caller's language comes from
 * the `accept-language` header: a value starting with `en` selects English, anything else
 * Chinese (the product's default).
 */
import { defaultLocale, type Locale } from '@/i18n/routes';
import { emailMessages } from '@/lib/email';
import { idCardMessages } from '@/lib/id-card';
import type { MessageTable } from '@/lib/messages';
import { passwordMessages } from '@/lib/password';

/** The texts of a validator message table in one language, so the gateway answers with them. */
function textsOf<T extends MessageTable>(table: T, lang: Locale): { [K in keyof T]: string } {
  return Object.fromEntries(Object.entries(table).map(([key, text]) => [key, text[lang]])) as {
    [K in keyof T]: string;
  };
}

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
  // ---- enterprises and accounts
  ...textsOf(passwordMessages, 'zh'),
  ...textsOf(idCardMessages, 'zh'),
  ...textsOf(emailMessages, 'zh'),
  'enterprise.notMember': '您不是该企业的成员',
  'enterprise.tooMany': '您加入的企业数量已达上限（{max} 个）',
  'enterprise.accountExists': '该账号已存在',
  'enterprise.nameLength': '企业名称为 2 至 50 个字符',
  'enterprise.userNameRequired': '请输入姓名',
  'enterprise.userNameLength': '姓名不能超过 15 个字符',
  'account.phoneInvalid': '请输入正确的手机号',
  'account.codeInvalid': '验证码错误',
  'password.currentWrong': '当前密码不正确',
  'password.notInitial': '密码已不是初始密码，请通过修改密码进行修改',
  'reset.tooMany': '请求过于频繁，请稍后再试',
  'reset.tokenInvalid': '重置链接无效或已过期，请重新获取',
  'reset.noAccount': '该手机号在本企业没有账号',
  'reset.mail.subject': '{site}：重置密码',
  'reset.mail.text':
    '{name}，您好：\n\n我们收到了重置您在{site}（工号 {empNo}）的密码的请求。请在 30 分钟内打开下面的链接设置新密码：\n\n{link}\n\n如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。',
  'profile.notYours': '只能查看或修改自己的资料',
  'profile.sexRequired': '性别不能为空',
  'profile.joiningTimeRequired': '入司时间不能为空',
  'profile.joiningTimeInvalid': '请输入正确的入司时间',
  'profile.joiningTimeFuture': '入司时间不能晚于今天',
  'profile.avatarInvalid': '头像无效，请重新上传',
  'profile.postLevelInvalid': '请选择正确的岗位级别',
  'upload.format': '上传头像图片只能是 JPG | JPEG | PNG 格式!',
  'upload.size': '上传头像图片大小不能超过 5MB!',
  'upload.empty': '请选择要上传的图片',
  'upload.multipart': '请以 multipart/form-data 上传，文件放在 file 字段',
  // ---- sign-in ways
  'signIn.phoneLoginError': '手机号或密码错误',
  'signIn.captchaRequired': '请输入正确的图形验证码',
  'signIn.codeInvalid': '验证码错误',
  'signIn.phoneInvalid': '请输入正确的手机号',
  'signIn.tooManyRequests': '请求过于频繁，请稍后再试',
  'signIn.codeResendWait': '验证码已发送，请 {seconds} 秒后再试',
  'signIn.codeTooMany': '验证码获取次数过多，请稍后再试',
  'signIn.sms': '【{site}】您的验证码是 {code}，{minutes} 分钟内有效。如非本人操作，请忽略本短信。',
  'signIn.notLinked': '该账号未绑定本企业',
  'signIn.scanNotEnabled': '本企业未开通该扫码登录方式',
  'signIn.scanExpired': '二维码已失效，请重新扫码',
  'signIn.scanFailed': '扫码登录失败，请重新扫码',
  'signIn.ssoNotEnabled': '本企业未开通单点登录',
  'signIn.ssoUnavailable': '单点登录服务暂时不可用，请稍后再试',
  'signIn.ssoExpired': '单点登录失败：登录已过期或已使用，请重新登录',
  'signIn.ssoFailed': '单点登录失败，请重新登录',
  // learning (spec section 8: learning access and text-table messages)
  'learning.courseRemoved': '课程已下架',
  'learning.purchaseFirst': '购买后才能观看',
  'learning.videoNotUpdated': '该视频暂未更新',
  'learning.timeExpired': '可学习时间已过期',
  'learning.waitReview': '无法学习，请等待报名审核',
  'learning.registerFirst': '无法学习，请先报名',
  'learning.registrationRejected': '报名未通过审核',
  'learning.notFound': '内容不存在或已删除',
  'learning.notAssigned': '该任务未分配给你',
  'learning.commentEmpty': '评论内容不能为空',
  'learning.commentFailed': '评论失败！',
  'learning.deleteFailed': '删除失败！',
  'learning.ratingRange': '课程评分须为 1 到 5',
  'learning.watchExpired': '观看已失效，请重新打开',
  'learning.notLive': '直播尚未开始或已结束',
  'learning.noPlayback': '该直播暂无回放',
  'learning.alreadyApplied': '已报名',
  'learning.applied': '报名成功',
  'learning.appliedReview': '报名成功，请等待审核',
  'learning.examUnavailable': '考试暂不可参加',
  'learning.exportFailed': '导出失败',
  'learning.forbidden': '没有权限',
  'learning.noteEmpty': '笔记内容不能为空',
  'learning.noteTooLong': '笔记最多 {max} 个字',
  'data.downloadLinkInvalid': '下载链接无效或已过期，请重新下载',
  'learning.watermarkPdfOnly': '只有 PDF 课件可以下载水印版',
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
  // ---- enterprises and accounts
  ...textsOf(passwordMessages, 'en'),
  ...textsOf(idCardMessages, 'en'),
  ...textsOf(emailMessages, 'en'),
  'enterprise.notMember': 'You are not a member of this company',
  'enterprise.tooMany': 'You already belong to the most companies allowed ({max})',
  'enterprise.accountExists': 'The account already exists',
  'enterprise.nameLength': 'The company name must be 2 to 50 characters',
  'enterprise.userNameRequired': 'Please enter your name',
  'enterprise.userNameLength': 'The name must be at most 15 characters',
  'account.phoneInvalid': 'Please enter a correct mobile number',
  'account.codeInvalid': 'Verification code error',
  'password.currentWrong': 'The current password is incorrect',
  'password.notInitial': 'Your password is no longer the initial one; use change password instead',
  'reset.tooMany': 'Too many requests, please try again later',
  'reset.tokenInvalid': 'The reset link is invalid or has expired, please request a new one',
  'reset.noAccount': 'No account with this phone number in this company',
  'reset.mail.subject': '{site}: reset your password',
  'reset.mail.text':
    'Hello {name},\n\nWe received a request to reset your {site} password (employee number {empNo}). Open the link below within 30 minutes to choose a new one:\n\n{link}\n\nIf you did not ask for this, ignore this mail; your password stays the same.',
  'profile.notYours': 'You can only view or change your own profile',
  'profile.sexRequired': 'Sex cannot be empty',
  'profile.joiningTimeRequired': 'The joining date cannot be empty',
  'profile.joiningTimeInvalid': 'Please enter a correct joining date',
  'profile.joiningTimeFuture': 'The joining date cannot be later than today',
  'profile.avatarInvalid': 'The avatar is invalid, please upload it again',
  'profile.postLevelInvalid': 'Please choose a valid post level',
  'upload.format': 'Avatar images can only be JPG | JPEG | PNG!',
  'upload.size': 'The avatar image cannot exceed 5 MB!',
  'upload.empty': 'Please choose an image to upload',
  'upload.multipart': 'Upload as multipart/form-data with the file in the field "file"',
  // ---- sign-in ways
  'signIn.phoneLoginError': 'Incorrect phone number or password',
  'signIn.captchaRequired': 'Please enter the correct image verification code',
  'signIn.codeInvalid': 'Verification code error',
  'signIn.phoneInvalid': 'Please enter a correct mobile number',
  'signIn.tooManyRequests': 'Too many requests, please try again later',
  'signIn.codeResendWait': 'A code was just sent, please try again in {seconds} seconds',
  'signIn.codeTooMany': 'Too many verification codes were requested, please try again later',
  'signIn.sms': '[{site}] Your verification code is {code}. It is valid for {minutes} minutes. If you did not request it, please ignore this message.',
  'signIn.notLinked': 'This account is not linked to this company',
  'signIn.scanNotEnabled': 'This company has not enabled this scan-code sign-in',
  'signIn.scanExpired': 'The QR code has expired, please scan again',
  'signIn.scanFailed': 'Scan-code sign-in failed, please scan again',
  'signIn.ssoNotEnabled': 'Single sign-on is not enabled for this company',
  'signIn.ssoUnavailable': 'The single sign-on service is unavailable, please try again later',
  'signIn.ssoExpired': 'Single sign-on failed: the sign-in has expired or was already used, please sign in again',
  'signIn.ssoFailed': 'Single sign-on failed, please sign in again',
  'learning.courseRemoved': 'The course has been removed',
  'learning.purchaseFirst': 'You can only watch it after purchase',
  'learning.videoNotUpdated': 'This video has not been updated',
  'learning.timeExpired': 'The available learning time has expired',
  'learning.waitReview': 'Unable to study, please wait for registration review',
  'learning.registerFirst': 'Unable to study, please register first',
  'learning.registrationRejected': 'Your registration was not approved',
  'learning.notFound': 'The content does not exist or has been deleted',
  'learning.notAssigned': 'This task is not assigned to you',
  'learning.commentEmpty': 'The comment cannot be empty',
  'learning.commentFailed': 'Comment on failure!',
  'learning.deleteFailed': 'Delete failed!',
  'learning.ratingRange': 'A course rating must be from 1 to 5',
  'learning.watchExpired': 'This viewing has expired, please open it again',
  'learning.notLive': 'The live class has not started or has ended',
  'learning.noPlayback': 'This live class has no playback',
  'learning.alreadyApplied': 'Already registered',
  'learning.applied': 'Registration successful',
  'learning.appliedReview': 'Registration successful, please wait for review',
  'learning.examUnavailable': 'The exam is not available',
  'learning.exportFailed': 'Export failed',
  'learning.forbidden': 'Not allowed',
  'learning.noteEmpty': 'The note cannot be empty',
  'learning.noteTooLong': 'A note can have at most {max} characters',
  'data.downloadLinkInvalid': 'The download link is invalid or has expired, please download again',
  'learning.watermarkPdfOnly': 'Only PDF coursewares can be downloaded with a watermark',
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
