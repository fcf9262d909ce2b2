import { z } from 'zod';
import { licenseSchema } from '../license/schema.ts';
import { LICENSE_STATUSES } from '../license/enums.ts';

export const USER_TYPES = ['license', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** The license key as typed: grouping and case do not matter; the server normalizes it. */
const typedLicenseKey = z.string().min(1).max(64);

export const licenseStatusRequestSchema = z.strictObject({ key: typedLicenseKey });
export const licenseStatusResponseSchema = z.object({ status: z.enum(LICENSE_STATUSES) });

export const licenseLoginRequestSchema = z.strictObject({
  key: typedLicenseKey,
  authenticationCode: z.string().min(1).max(200),
});

export const adminLoginRequestSchema = z.strictObject({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
});

export const adminUserSchema = z.object({ _id: z.uuid(), name: z.string() });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const licenseUserSchema = licenseSchema.extend({ type: z.literal('license') });
export const adminAuthUserSchema = adminUserSchema.extend({ type: z.literal('admin') });
export const authUserSchema = z.discriminatedUnion('type', [licenseUserSchema, adminAuthUserSchema]);
export type AuthUser = z.infer<typeof authUserSchema>;

export const loginResponseSchema = z.object({ token: z.string(), userData: authUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;
