import { describe, expect, it } from 'vitest';
import { adminAccess, customerAccess, homeAccess, type UserState } from './access.ts';

const pending: UserState = { status: 'pending' };
const failed: UserState = { status: 'error' };
const nobody: UserState = { status: 'success', user: null };
const license: UserState = { status: 'success', user: { type: 'license' } };
const admin: UserState = { status: 'success', user: { type: 'admin' } };
const other: UserState = { status: 'success', user: { type: 'reseller' } };

describe('route guards', () => {
  it('customer pages', () => {
    expect(customerAccess(pending)).toEqual({ kind: 'wait' });
    expect(customerAccess(license)).toEqual({ kind: 'allow' });
    expect(customerAccess(nobody)).toEqual({ kind: 'redirect', to: '/login' });
    expect(customerAccess(failed)).toEqual({ kind: 'redirect', to: '/login' });
    expect(customerAccess(admin)).toEqual({ kind: 'redirect', to: '/backend' });
    expect(customerAccess(other)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('the start page shows the login to visitors and otherwise guards like a customer page', () => {
    expect(homeAccess(nobody)).toEqual({ kind: 'login' });
    expect(homeAccess(license)).toEqual({ kind: 'allow' });
    expect(homeAccess(admin)).toEqual({ kind: 'redirect', to: '/backend' });
    expect(homeAccess(failed)).toEqual({ kind: 'redirect', to: '/login' });
    expect(homeAccess(other)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('admin pages', () => {
    expect(adminAccess(pending)).toEqual({ kind: 'wait' });
    // A returning admin's page draws before the answer; the answer decides in the end.
    expect(adminAccess(pending, 'admin')).toEqual({ kind: 'allow' });
    expect(adminAccess(pending, 'license')).toEqual({ kind: 'wait' });
    expect(adminAccess(nobody, 'admin')).toEqual({ kind: 'redirect', to: '/backend/login' });
    expect(adminAccess(license, 'admin')).toEqual({ kind: 'redirect', to: '/' });
    expect(adminAccess(admin)).toEqual({ kind: 'allow' });
    expect(adminAccess(nobody)).toEqual({ kind: 'redirect', to: '/backend/login' });
    expect(adminAccess(failed)).toEqual({ kind: 'redirect', to: '/backend/login' });
    expect(adminAccess(license)).toEqual({ kind: 'redirect', to: '/' });
    expect(adminAccess(other)).toEqual({ kind: 'redirect', to: '/login' });
  });
});
