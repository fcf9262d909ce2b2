/**
 * The volume price factor of pro seats (customer spec §9, DESIGN.md §4), in thousandths: each tier
 * is `[lowest quantity, factor × 1000]`, and a quantity gets the factor of the highest tier not
 * above it. Thousandths keep every factor of the table exact (0.365, 0.169, …).
 */
const VOLUME_TIERS: readonly (readonly [quantity: number, factor: number])[] = [
  [1, 1000],
  [2, 870],
  [3, 820],
  [4, 770],
  [5, 720],
  [6, 690],
  [7, 660],
  [8, 630],
  [9, 600],
  [10, 570],
  [11, 550],
  [12, 530],
  [13, 510],
  [14, 490],
  [15, 470],
  [16, 460],
  [17, 450],
  [18, 440],
  [19, 430],
  [20, 420],
  [21, 410],
  [22, 400],
  [23, 390],
  [24, 380],
  [25, 370],
  // "26 is 0.365 falling 0.005 per unit to 0.295 at 40, and by 0.005 per unit to 0.27 at 45"
  ...run({ from: 26, to: 45, every: 1, start: 365, change: -5 }),
  // 46 to 59 keep 0.27 (the tier of 45)
  [60, 250],
  [70, 230],
  [80, 210],
  [90, 190],
  [100, 170],
  // "110: 0.169 falling 0.001 per step of 10 to 0.16 at 200"
  ...run({ from: 110, to: 200, every: 10, start: 169, change: -1 }),
  // "210: 0.158 falling 0.002 per step of 10 to 0.15 at 250"; beyond 250 it stays 0.15
  ...run({ from: 210, to: 250, every: 10, start: 158, change: -2 }),
];

function run(spec: { from: number; to: number; every: number; start: number; change: number }) {
  const tiers: (readonly [number, number])[] = [];
  for (let quantity = spec.from, factor = spec.start; quantity <= spec.to; quantity += spec.every) {
    tiers.push([quantity, factor]);
    factor += spec.change;
  }
  return tiers;
}

/** The factor in thousandths (1000 = full price) for a quantity of pro seats (at least 1). */
export function volumeFactorPerMille(quantity: number): number {
  if (!Number.isInteger(quantity) || quantity < 1) {
    throw new RangeError(`A volume quantity is a whole number of at least 1, got ${quantity}`);
  }
  let factor = 1000;
  for (const [lowest, tierFactor] of VOLUME_TIERS) {
    if (lowest > quantity) break;
    factor = tierFactor;
  }
  return factor;
}

/** The factor as the spec writes it (0.57 for 10 seats). */
export function volumeFactor(quantity: number): number {
  return volumeFactorPerMille(quantity) / 1000;
}

/** Discount percent = round(1 − factor, 2) as a whole percent: 43 for 10 seats, 64 for 26. */
export function volumeDiscountPercent(quantity: number): number {
  const discountPerMille = 1000 - volumeFactorPerMille(quantity);
  return Math.floor((discountPerMille + 5) / 10);
}
