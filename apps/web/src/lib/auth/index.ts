export {
  currentUserQuery,
  endSession,
  LICENSE_STATUS_KEY,
  reloadAfterStatusChange,
  renewSession,
  startSession,
  UnknownUserTypeError,
  useCurrentUser,
} from './current-user.ts';
export { claimedUserType, readToken, tokenTimes } from './token.ts';
export { useSignOut } from './use-sign-out.ts';
export { forgetSessionEnd, rememberSessionEnd, sessionEndPath, signInTarget } from './session-end.ts';
