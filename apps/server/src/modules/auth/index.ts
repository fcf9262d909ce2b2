/** The public face of the auth module: what other modules and the wiring (services.ts, app.ts) import of it (decision 031). */
export { AdminAccounts } from './admin-accounts.ts';
export { createGuards } from './guards.ts';
export { authRoutes } from './routes.ts';
export { AuthService } from './service.ts';
export { SignInThrottle, type ThrottlePolicy, type ThrottleScope, type ThrottleState } from './throttle.ts';
export { throttleRetention } from './throttle-retention.ts';
export { resolveJwtSecret, TokenService } from './tokens.ts';
