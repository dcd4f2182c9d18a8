import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/client';
import { Code } from '@/api/codes';
import { failureOf } from '@/components/message/failure';

describe('failureOf', () => {
  const fallback = 'Comment on failure!';

  it('shows the gateway message of a refusal it explains', () => {
    expect(failureOf(new ApiError(422, 'A comment has at most 500 characters', null), fallback)).toEqual({
      kind: 'message',
      text: 'A comment has at most 500 characters',
    });
    expect(failureOf(new ApiError(460, 'Comments are closed', null), fallback)).toEqual({ kind: 'message', text: 'Comments are closed' });
  });

  it('asks to sign in when the session is gone', () => {
    expect(failureOf(new ApiError(Code.UNAUTHORIZED, 'unauthorized', null), fallback)).toEqual({ kind: 'signIn' });
    expect(failureOf(new ApiError(999, '', null), fallback)).toEqual({ kind: 'signIn' });
  });

  it('falls back for server errors, network failures and anything else', () => {
    expect(failureOf(new ApiError(500, 'internal', null), fallback)).toEqual({ kind: 'message', text: fallback });
    expect(failureOf(new ApiError(0, 'Failed to load data. Please try again later', null), fallback)).toEqual({ kind: 'message', text: fallback });
    expect(failureOf(new Error('x'), fallback)).toEqual({ kind: 'message', text: fallback });
  });

  it('leaves rate limits to the client, which already showed them', () => {
    expect(failureOf(new ApiError(429, 'Too many', null), fallback)).toEqual({ kind: 'shown' });
  });
});
