import { describe, expect, it } from 'vitest';
import { pickDialog, requestedByHash, type DialogState, type DialogUser } from '@/components/account/dialog-rules';

const complete: DialogUser = { isInitPassword: 1, dataSource: 0, idCard: '11010519491231002X', email: 'a@example.com' };
const state = (user: Partial<DialogUser> | null, extra: Partial<DialogState> = {}): DialogState => ({
  user: user && { ...complete, ...user },
  supplementClosed: false,
  requested: null,
  onSignInPage: false,
  ...extra,
});

describe('pickDialog', () => {
  it('opens nothing without a user or on the sign-in pages', () => {
    expect(pickDialog(state(null))).toBeNull();
    expect(pickDialog(state(null, { requested: 'profile' }))).toBeNull();
    expect(pickDialog(state({ isInitPassword: 0 }, { onSignInPage: true }))).toBeNull();
  });

  it('forces the password change while the password is initial (0), not when it is changed (1)', () => {
    expect(pickDialog(state({ isInitPassword: 0 }))).toBe('initPassword');
    expect(pickDialog(state({ isInitPassword: 1 }))).toBeNull();
  });

  it('asks users of data source 1 for a missing ID card or email before anything else', () => {
    expect(pickDialog(state({ dataSource: 1, idCard: '' }))).toBe('supplement');
    expect(pickDialog(state({ dataSource: 1, email: '' }))).toBe('supplement');
    expect(pickDialog(state({ dataSource: 1, email: '  ' }))).toBe('supplement');
    expect(pickDialog(state({ dataSource: 1, idCard: '', email: '', isInitPassword: 0 }))).toBe('supplement');
    expect(pickDialog(state({ dataSource: 1, idCard: '' }, { requested: 'profile' }))).toBe('supplement');
  });

  it('does not ask other data sources, or users with both fields, for supplementary information', () => {
    expect(pickDialog(state({ dataSource: 0, idCard: '', email: '' }))).toBeNull();
    expect(pickDialog(state({ dataSource: 2, idCard: '' }))).toBeNull();
    expect(pickDialog(state({ dataSource: 1 }))).toBeNull();
  });

  it('falls back to the password check when the supplementary dialog is closed', () => {
    expect(pickDialog(state({ dataSource: 1, idCard: '', isInitPassword: 0 }, { supplementClosed: true }))).toBe('initPassword');
    expect(pickDialog(state({ dataSource: 1, idCard: '', isInitPassword: 1 }, { supplementClosed: true }))).toBeNull();
  });

  it('after a saved supplement (fields now filled), applies the password check', () => {
    expect(pickDialog(state({ dataSource: 1, isInitPassword: 0 }))).toBe('initPassword');
  });

  it('shows a requested dialog only when no forced one applies', () => {
    expect(pickDialog(state({}, { requested: 'profile' }))).toBe('profile');
    expect(pickDialog(state({}, { requested: 'password' }))).toBe('password');
    expect(pickDialog(state({ isInitPassword: 0 }, { requested: 'profile' }))).toBe('initPassword');
  });
});

describe('dialog links', () => {
  it('names the requestable dialogs by the URL hash, and nothing else', () => {
    expect(requestedByHash('#profile')).toBe('profile');
    expect(requestedByHash('#password')).toBe('password');
    expect(requestedByHash('profile')).toBe('profile');
    expect(requestedByHash('')).toBeNull();
    expect(requestedByHash('#main')).toBeNull();
    expect(requestedByHash('#initPassword')).toBeNull();
    expect(requestedByHash('#supplement')).toBeNull();
  });
});
