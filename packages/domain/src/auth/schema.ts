import { z } from 'zod';
import { licenseSchema } from '../license/schema.ts';
import { LICENSE_STATUSES } from '../license/enums.ts';
import { onFirstUse } from '../formats/on-first-use.ts';

export const USER_TYPES = ['license', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];

// Every schema is built on its first use (`onFirstUse`): the portal's first load imports this file.

/** The license key as typed: grouping and case do not matter; the server normalizes it. */
const typedLicenseKey = () => z.string().min(1).max(64);

export const licenseStatusRequestSchema = onFirstUse(() => z.strictObject({ key: typedLicenseKey() }));
export const licenseStatusResponseSchema = onFirstUse(() => z.object({ status: z.enum(LICENSE_STATUSES) }));

export const licenseLoginRequestSchema = onFirstUse(() =>
  z.strictObject({
    key: typedLicenseKey(),
    authenticationCode: z.string().min(1).max(200),
  }),
);

export const adminLoginRequestSchema = onFirstUse(() =>
  z.strictObject({
    username: z.string().trim().min(1).max(100),
    password: z.string().min(1).max(200),
  }),
);

export const adminUserSchema = onFirstUse(() => z.object({ _id: z.uuid(), name: z.string() }));
export type AdminUser = z.infer<ReturnType<typeof adminUserSchema>>;

export const licenseUserSchema = onFirstUse(() => licenseSchema().extend({ type: z.literal('license') }));
export const adminAuthUserSchema = onFirstUse(() => adminUserSchema().extend({ type: z.literal('admin') }));
export const authUserSchema = onFirstUse(() =>
  z.discriminatedUnion('type', [licenseUserSchema(), adminAuthUserSchema()]),
);
export type AuthUser = z.infer<ReturnType<typeof authUserSchema>>;

export const loginResponseSchema = onFirstUse(() =>
  z.object({ token: z.string(), userData: authUserSchema() }),
);
export type LoginResponse = z.infer<ReturnType<typeof loginResponseSchema>>;
