export {
  currentUserQuery,
  endSession,
  forgetUser,
  startSession,
  UnknownUserTypeError,
  useCurrentUser,
} from './current-user.ts';
export { useSignOut } from './use-sign-out.ts';
