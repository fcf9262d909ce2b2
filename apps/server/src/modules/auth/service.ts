import {
  LICENSE_KEY_LENGTH,
  loginMessages,
  looksLikeStartCode,
  normalizeLicenseKey,
  normalizeStartCode,
  validationMessages,
  fieldLabel,
  type AuthUser,
  type LicenseStatus,
  type LoginResponse,
} from '@lizenzportal/domain';
import type { LicenseRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { customerView, type CustomerLicenseRow, type LicenseService } from '../licenses/index.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AdminRepository } from './admin-repository.ts';
import { verifyPassword } from './passwords.ts';
import type { Principal } from '../../http/principal.ts';
import type { SignInThrottle } from './throttle.ts';
import type { TokenService } from './tokens.ts';

export class AuthService {
  readonly #licenses: LicenseService;
  readonly #admins: AdminRepository;
  readonly #tokens: TokenService;
  readonly #throttle: SignInThrottle;

  constructor(deps: {
    db: Kysely<DB>;
    licenses: LicenseService;
    tokens: TokenService;
    throttle: SignInThrottle;
  }) {
    this.#licenses = deps.licenses;
    this.#admins = new AdminRepository(deps.db);
    this.#tokens = deps.tokens;
    this.#throttle = deps.throttle;
  }

  /** The status of a license by key: 404 unknown, 403 disabled. */
  async licenseStatus(typedKey: string): Promise<LicenseStatus> {
    const found = await this.#licenses.statusByKey(parseKey(typedKey));
    if (!found) throw new AppError('LICENSE_NOT_FOUND');
    if (found.status === 'disabled') {
      // Withdrawn with its order (refunded, decision 066): not „wegen eines Updates”.
      const withdrawn = found.withdrawn_order;
      throw new AppError('LICENSE_DISABLED', withdrawn ? loginMessages.withdrawn(withdrawn) : undefined);
    }
    return found.status;
  }

  /**
   * Signs a license in: the start code while unbound, the exact holder name once bound. A start
   * code on a bound license answers 423 so the holder learns to use the name; a disabled license 410.
   * `address` is the client's: failures slow down that client (decision 003).
   */
  licenseLogin(typedKey: string, authenticationCode: string, address: string): Promise<LoginResponse> {
    const key = parseKey(typedKey);
    return this.#throttle.attempt({
      scope: 'license',
      subject: key,
      address,
      load: async (counter) => {
        const license = await this.#licenses.findByKeyForSignIn(key, counter);
        if (!license) throw new AppError('INVALID_CREDENTIALS');
        return license;
      },
      check: async (license, fail) => {
        if (license.status === 'disabled') {
          // Withdrawn with its order (refunded, decision 066): not „wegen eines Updates”.
          const withdrawn = license.withdrawn_order;
          throw new AppError(
            'LICENSE_DEACTIVATED',
            withdrawn ? loginMessages.withdrawn(withdrawn) : undefined,
          );
        }
        if (matchesAuthenticationCode(license, authenticationCode)) {
          const token = this.#tokens.sign({ userType: 'license', sub: license.id });
          return { token, userData: { type: 'license', ...customerView(license) } };
        }
        if (license.status === 'bound' && isStartCode(license, authenticationCode)) {
          throw new AppError('LICENSE_ALREADY_BOUND');
        }
        return fail(new AppError('INVALID_CREDENTIALS'));
      },
    });
  }

  /**
   * Unknown names are counted like wrong passwords, so the answers do not reveal which exist. Names
   * are counted in one spelling (case, Unicode composition), so variants count together.
   */
  adminLogin(username: string, password: string, address: string): Promise<LoginResponse> {
    const subject = adminThrottleSubject(username);
    return this.#throttle.attempt({
      scope: 'admin',
      subject,
      address,
      load: (counter) => this.#admins.findByNameForSignIn(username, subject, counter),
      check: async (found, fail) => {
        const admin = found.id === null ? undefined : found;
        const valid = await verifyPassword(admin?.password_hash, password);
        if (!admin || !valid) return fail(new AppError('INVALID_CREDENTIALS'));
        const token = this.#tokens.sign({
          userType: 'admin',
          sub: admin.id,
          sessionVersion: admin.session_version,
        });
        return { token, userData: { type: 'admin', _id: admin.id, name: admin.name } };
      },
    });
  }

  /**
   * A new token for the signed-in user, valid for a full session from now: the web app asks for
   * it when the user answers the warning before the session's end. An admin's password reset
   * since (a raised session version) has already been refused by the guard.
   */
  async extendSession(principal: Principal): Promise<LoginResponse> {
    if (principal.type === 'license') {
      const token = this.#tokens.sign({ userType: 'license', sub: principal.licenseId });
      return { token, userData: this.currentUser(principal) };
    }
    const admin = await this.#admins.findById(principal.adminId);
    if (!admin) throw new AppError('AUTHENTICATION_REQUIRED');
    const token = this.#tokens.sign({
      userType: 'admin',
      sub: admin.id,
      sessionVersion: admin.session_version,
    });
    return { token, userData: this.currentUser(principal) };
  }

  /** The signed-in user (the guard has already refused a license disabled or deleted since sign-in). */
  currentUser(principal: Principal): AuthUser {
    if (principal.type === 'admin') return { type: 'admin', _id: principal.adminId, name: principal.name };
    return { type: 'license', ...customerView(principal.license) };
  }

  async admin(id: string): Promise<{ name: string; sessionVersion: number } | undefined> {
    const admin = await this.#admins.findById(id);
    return admin && { name: admin.name, sessionVersion: admin.session_version };
  }

  async activeLicense(id: string): Promise<LicenseRow | undefined> {
    const license = await this.#licenses.findById(id);
    return license?.status === 'disabled' ? undefined : license;
  }
}

/**
 * The one spelling an admin name is throttled under: composed Unicode, case folded (through upper
 * case, so „Groß”, „GROSS” and „gross” are one name).
 */
function adminThrottleSubject(username: string): string {
  return username.normalize('NFC').toUpperCase().toLowerCase();
}

function parseKey(typedKey: string): string {
  const key = normalizeLicenseKey(typedKey);
  if (key.length !== LICENSE_KEY_LENGTH) {
    throw new AppError('VALIDATION_FAILED', validationMessages.invalid(fieldLabel('key')), { field: 'key' });
  }
  return key;
}

/**
 * The current authentication code decides: a 6-digit code (the start code while unbound) is
 * compared without grouping spaces; any other (the holder name) must match exactly.
 */
function matchesAuthenticationCode(license: CustomerLicenseRow, typed: string): boolean {
  const expected = license.authentication_code;
  if (/^\d{6}$/.test(expected)) return looksLikeStartCode(typed) && normalizeStartCode(typed) === expected;
  return typed.trim() === expected;
}

function isStartCode(license: CustomerLicenseRow, typed: string): boolean {
  return looksLikeStartCode(typed) && normalizeStartCode(typed) === license.start_code;
}
