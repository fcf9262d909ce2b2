/**
 * The buyer in the assistant, inside the shop's page: a case's choices step by step, the summary's
 * total read where the buyer reads it, then „In den Warenkorb”.
 */
import { assistantScreens, countryName, MAIN_COUNTRY_CODES } from '@lizenzportal/domain';
import type { FrameLocator, Page } from 'playwright-core';
import type { PriceCase, ResellerLine } from './cases.ts';
import { cents } from './money.ts';

const TIMEOUT = 60_000;

/** A step's answer: a button whose name starts with its title (its explanation follows). */
const choice = (frame: FrameLocator, title: string) =>
  frame.getByRole('button', { name: new RegExp(`^${title.replace(/[()+.]/g, '\\$&')}`) });

/** A Mantine select: typed into, then its option picked. */
async function pick(frame: FrameLocator, label: string, option: string): Promise<void> {
  const input = frame
    .getByRole('textbox', { name: label })
    .or(frame.getByRole('combobox', { name: label }))
    .first();
  await input.click();
  await input.fill(option);
  await frame.getByRole('option', { name: option, exact: true }).click();
}

/** Drives the assistant through a case to its summary; answers the summary's total in cents. */
export async function buyInAssistant(page: Page, priceCase: PriceCase): Promise<number> {
  const frame = page.frameLocator('iframe[title="Lizenz-Assistent"]');
  if (priceCase.kind === 'reseller') {
    await choice(frame, assistantScreens.resellerOrder).click({ timeout: TIMEOUT });
    await pick(frame, assistantScreens.deliveryCountry, countryName(priceCase.country));
    for (const [index, line] of priceCase.lines.entries()) await resellerLine(frame, index, line);
    await frame.getByRole('button', { name: assistantScreens.toSummary }).click();
  } else {
    await choice(frame, assistantScreens.startAssistant).click({ timeout: TIMEOUT });
    if ((MAIN_COUNTRY_CODES as readonly string[]).includes(priceCase.country)) {
      await choice(frame, countryName(priceCase.country)).click();
    } else {
      await choice(frame, assistantScreens.otherCountry).click();
      await pick(frame, assistantScreens.countryLabel, countryName(priceCase.country));
      await frame.getByRole('button', { name: assistantScreens.next, exact: true }).click();
    }
    await choice(frame, assistantScreens.startNo).click();
    if (priceCase.licenseClass === 'personal') {
      await choice(frame, assistantScreens.personalTitle).click();
      await choice(frame, priceCase.dvds > 0 ? 'Mit zusätzlicher DVD' : assistantScreens.withoutDvd).click();
    } else {
      await choice(frame, assistantScreens.proTitle).click();
      await frame.getByLabel(assistantScreens.seatsInput).fill(String(priceCase.seats));
      if (priceCase.dvds > 0) await frame.getByLabel(assistantScreens.dvdsInput).fill(String(priceCase.dvds));
      await frame.getByRole('button', { name: assistantScreens.next, exact: true }).click();
    }
  }
  await frame.getByRole('heading', { name: assistantScreens.summaryTitle }).waitFor({ timeout: TIMEOUT });
  const total = frame.getByRole('row', { name: new RegExp(`^${assistantScreens.totalGross} `) }).last();
  const shown = cents(await total.innerText());
  await frame.getByRole('button', { name: assistantScreens.toCart }).click();
  return shown;
}

/** Adds a reseller line: a pro license of `size` seats, `quantity` times, with DVDs. */
async function resellerLine(frame: FrameLocator, index: number, line: ResellerLine): Promise<void> {
  await frame.getByRole('button', { name: assistantScreens.resellerAdd }).click();
  const fieldset = frame.getByRole('group', { name: assistantScreens.resellerLine(`Lizenz ${index + 1}`) });
  await fieldset.getByLabel(assistantScreens.resellerSize).fill(String(line.size));
  await fieldset.getByLabel(assistantScreens.resellerQuantity).fill(String(line.quantity));
  if (line.dvds > 0) await fieldset.getByLabel(assistantScreens.resellerDvds).fill(String(line.dvds));
}
