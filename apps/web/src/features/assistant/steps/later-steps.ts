/**
 * The screens after the welcome step, one module for the assistant to load after its welcome step
 * is usable (and to fetch right then, before the user needs them): their form controls, pickers
 * and dialogs stay out of the shop iframe's first load.
 */
export { AddToCartStep } from './add-to-cart-step.tsx';
export { CountryStep, OtherCountryStep } from './country-step.tsx';
export { DvdStep } from './dvd-step.tsx';
export { EligibilityStep, NotEligibleStep } from './eligibility-step.tsx';
export { LicenseBindStep } from './license-bind-step.tsx';
export { LicenseLoginStep } from './license-login-step.tsx';
export { LicenseSelectStep } from './license-select-step.tsx';
export { ManualOrderStep } from './manual-order-step.tsx';
export { OfferCreateStep } from './offer-create-step.tsx';
export { OfferCreatedStep } from './offer-created-step.tsx';
export { OfferLoadStep } from './offer-load-step.tsx';
export { ProCalculatorStep } from './pro-calculator-step.tsx';
export { StartStep } from './start-step.tsx';
export { SummaryStep } from './summary-step.tsx';
