/**
 * The screens after the welcome step, one module for the assistant to load after its welcome step
 * is usable (and to fetch right then, before the user needs them): their form controls, pickers
 * and dialogs stay out of the shop iframe's first load — and so do the machine's form guards,
 * which check by the domain's zod schemas (decision 022).
 */
import { AddToCartStep } from './add-to-cart-step.tsx';
import { CountryStep, OtherCountryStep } from './country-step.tsx';
import { DvdStep } from './dvd-step.tsx';
import { EligibilityStep, NotEligibleStep } from './eligibility-step.tsx';
import { LicenseBindStep } from './license-bind-step.tsx';
import { LicenseLoginStep } from './license-login-step.tsx';
import { LicenseSelectStep } from './license-select-step.tsx';
import { ManualOrderStep } from './manual-order-step.tsx';
import { OfferCreateStep } from './offer-create-step.tsx';
import { OfferCreatedStep } from './offer-created-step.tsx';
import { OfferLoadStep } from './offer-load-step.tsx';
import { ProCalculatorStep } from './pro-calculator-step.tsx';
import { StartStep } from './start-step.tsx';
import { SummaryStep } from './summary-step.tsx';

export { assistantFormGuards } from '@lizenzportal/domain';

export const screens = {
  AddToCartStep,
  CountryStep,
  OtherCountryStep,
  DvdStep,
  EligibilityStep,
  NotEligibleStep,
  LicenseBindStep,
  LicenseLoginStep,
  LicenseSelectStep,
  ManualOrderStep,
  OfferCreateStep,
  OfferCreatedStep,
  OfferLoadStep,
  ProCalculatorStep,
  StartStep,
  SummaryStep,
};
export type LaterStepScreens = typeof screens;
