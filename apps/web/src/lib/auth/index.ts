export {
  currentUserQuery,
  endSession,
  LICENSE_STATUS_KEY,
  reloadAfterStatusChange,
  startSession,
  UnknownUserTypeError,
  useCurrentUser,
} from './current-user.ts';
export { readToken } from './token.ts';
export { useSignOut } from './use-sign-out.ts';
