import { describe, expect, it } from 'vitest';
import { ApiError, NO_ENVELOPE } from '@/api/client';
import { gatewayMessage, outcomeOf } from '@/api/outcome';

const answer = (code: number, msg = `msg ${code}`, data: unknown = null) => outcomeOf(new ApiError(code, msg, data));

describe('outcomeOf', () => {
  it('tells a missing answer from the gateway’s answers', () => {
    expect(answer(NO_ENVELOPE, '加载数据失败，请稍后重试')).toEqual({ kind: 'network', msg: '加载数据失败，请稍后重试' });
    expect(outcomeOf(new TypeError('Failed to fetch'))).toEqual({ kind: 'network', msg: '' });
    expect(outcomeOf(new DOMException('The operation was aborted.', 'AbortError'))).toEqual({ kind: 'network', msg: '' });
    expect(outcomeOf(undefined)).toEqual({ kind: 'network', msg: '' });
  });

  it('reads the sign-out codes as a session that is over, 321 aside', () => {
    for (const code of [300, 301, 400, 999]) expect(answer(code)).toEqual({ kind: 'signedOut', msg: `msg ${code}` });
    expect(answer(321, '账号或密码错误')).toEqual({ kind: 'wrongCredentials', msg: '账号或密码错误', captchaRequired: false });
    expect(answer(321, '请输入正确的图形验证码', { errorCount: 3, captchaRequired: true })).toEqual({
      kind: 'wrongCredentials',
      msg: '请输入正确的图形验证码',
      captchaRequired: true,
    });
  });

  it('names the refusals components act on, with the gateway’s message', () => {
    expect(answer(404)).toEqual({ kind: 'notFound', msg: 'msg 404' });
    expect(answer(422)).toEqual({ kind: 'invalid', msg: 'msg 422', captchaRequired: false });
    expect(answer(422, '', { captchaRequired: true })).toEqual({ kind: 'invalid', msg: '', captchaRequired: true });
    expect(answer(460)).toEqual({ kind: 'forbidden', msg: 'msg 460' });
    expect(answer(429)).toEqual({ kind: 'tooMany', msg: 'msg 429' });
  });

  it('keeps the other 4xx codes apart from the gateway’s own failures', () => {
    for (const code of [401, 402, 413, 415, 461]) expect(answer(code).kind).toBe('refused');
    for (const code of [500, 503, 201, 600]) expect(answer(code).kind).toBe('failed');
  });
});

describe('gatewayMessage', () => {
  it('is the message of any answer, and nothing without one', () => {
    expect(gatewayMessage(answer(460, '课程已下架'))).toBe('课程已下架');
    expect(gatewayMessage(answer(500, '服务器错误'))).toBe('服务器错误');
    expect(gatewayMessage(answer(404, ''))).toBeUndefined();
    expect(gatewayMessage(answer(NO_ENVELOPE, '加载数据失败，请稍后重试'))).toBeUndefined();
    expect(gatewayMessage(outcomeOf(new Error('boom')))).toBeUndefined();
  });
});
