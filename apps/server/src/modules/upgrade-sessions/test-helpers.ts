import {
  exampleBilling,
  type billingSchema,
  type CreateUpgradeSessionRequest,
  type License,
} from '@lizenzportal/domain';
import type { z } from 'zod';
import type { TestApp } from '../../test/app.ts';

/**
 * A new purchase's session as the assistant opens it: 10 pro seats with a DVD, to Germany, changed
 * as given. The server's tests, the browser tests' seed and the upgrade fixture's script open it.
 */
export function newPurchaseRequest(
  changes: Partial<CreateUpgradeSessionRequest> = {},
): CreateUpgradeSessionRequest {
  return {
    purchaseType: 'new',
    originalLicenses: [],
    accessTokens: [],
    fromVersion: null,
    toVersion: '9',
    properties: { class: 'pro', size: 10, dvdCount: 1 },
    billing: { countryCode: 'DE' },
    shipToDifferentAddress: false,
    shipping: null,
    resellerLicenses: [],
    ...changes,
  };
}

/**
 * The domain's example billing address (a school in Germany) as the offer form sends it when its
 * optional lines are empty.
 */
export function schoolBilling(): z.input<typeof billingSchema> {
  const {
    additional1: _1,
    additional2: _2,
    reference: _reference,
    note: _note,
    ...required
  } = exampleBilling();
  return required;
}

/** Test support for upgrade sessions: licenses signed in as the assistant does, sessions made through the API. */
export function sessionHelpers(ctx: TestApp) {
  /** The access token the assistant's sign-in returns for a license. */
  async function accessTokenOf(license: License): Promise<string> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/license',
      payload: { key: license.key, authenticationCode: license.authenticationCode },
    });
    if (response.statusCode !== 200) throw new Error(`signing in failed: ${response.body}`);
    return response.json().data.token;
  }

  function createSession(payload: Record<string, unknown>) {
    return ctx.app.inject({ method: 'POST', url: '/api/v1/upgrade-session', payload });
  }

  /** The new purchase with any changes, valid or not (the API's refusals are tested with them). */
  const newPurchase = (changes: Record<string, unknown> = {}) => ({ ...newPurchaseRequest(), ...changes });

  /** Creates a session through the API and returns its body's data ({session, token}). */
  async function created(payload: Record<string, unknown>) {
    const response = await createSession(payload);
    if (response.statusCode !== 201) throw new Error(`creating a session failed: ${response.body}`);
    return response.json().data as { session: { _id: string } & Record<string, unknown>; token: string };
  }

  return { accessTokenOf, createSession, newPurchase, created };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
