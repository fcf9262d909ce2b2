import { authUserSchema, type AuthUser } from '@lizenzportal/domain';

/**
 * The user's answer checked against the domain's schema. Its own module, loaded with the answer
 * (`current-user.ts`): the schema brings zod, which no first screen needs before a user is asked
 * for, so zod stays out of the portal's entry (decision 057).
 */
export function parseAuthUser(user: unknown): AuthUser {
  return authUserSchema().parse(user);
}
