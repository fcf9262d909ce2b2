import { describe, expect, test } from 'vitest';
import { volumeDiscountPercent, volumeFactor } from './volume-factor.ts';

/** Customer spec §9, written out: the first quantity of each tier and its factor. */
const TIERS: [quantity: number, factor: number][] = [
  [1, 1.0],
  [2, 0.87],
  [3, 0.82],
  [4, 0.77],
  [5, 0.72],
  [6, 0.69],
  [7, 0.66],
  [8, 0.63],
  [9, 0.6],
  [10, 0.57],
  [11, 0.55],
  [12, 0.53],
  [13, 0.51],
  [14, 0.49],
  [15, 0.47],
  [16, 0.46],
  [17, 0.45],
  [18, 0.44],
  [19, 0.43],
  [20, 0.42],
  [21, 0.41],
  [22, 0.4],
  [23, 0.39],
  [24, 0.38],
  [25, 0.37],
  [26, 0.365],
  [27, 0.36],
  [28, 0.355],
  [29, 0.35],
  [30, 0.345],
  [31, 0.34],
  [32, 0.335],
  [33, 0.33],
  [34, 0.325],
  [35, 0.32],
  [36, 0.315],
  [37, 0.31],
  [38, 0.305],
  [39, 0.3],
  [40, 0.295],
  [41, 0.29],
  [42, 0.285],
  [43, 0.28],
  [44, 0.275],
  [45, 0.27],
  [60, 0.25],
  [70, 0.23],
  [80, 0.21],
  [90, 0.19],
  [100, 0.17],
  [110, 0.169],
  [120, 0.168],
  [130, 0.167],
  [140, 0.166],
  [150, 0.165],
  [160, 0.164],
  [170, 0.163],
  [180, 0.162],
  [190, 0.161],
  [200, 0.16],
  [210, 0.158],
  [220, 0.156],
  [230, 0.154],
  [240, 0.152],
  [250, 0.15],
];

describe('volume factor', () => {
  test.each(TIERS)('%i seats start a tier with factor %d', (quantity, factor) => {
    expect(volumeFactor(quantity)).toBe(factor);
  });

  const boundaries = TIERS.slice(1).map(([quantity, factor], index) => [quantity, TIERS[index]![1], factor]);
  test.each(boundaries)('below %i seats the factor is %d, from there %d', (quantity, below, from) => {
    expect(volumeFactor(quantity - 1)).toBe(below);
    expect(volumeFactor(quantity)).toBe(from);
  });

  test.each([
    [46, 0.27],
    [50, 0.27],
    [59, 0.27],
    [65, 0.25],
    [109, 0.17],
    [115, 0.169],
    [209, 0.16],
    [255, 0.15],
  ])('%i seats (inside a tier) keep its factor %d', (quantity, factor) => {
    expect(volumeFactor(quantity)).toBe(factor);
  });

  test.each([251, 300, 1000, 10_000, 100_000])('beyond 250 (%i seats) the factor stays 0.15', (quantity) => {
    expect(volumeFactor(quantity)).toBe(0.15);
  });

  test.each([
    [1, 0],
    [2, 13],
    [10, 43],
    [26, 64], // 1 − 0.365 = 0.635, rounded half up
    [27, 64],
    [28, 65], // 0.645
    [110, 83], // 0.831
    [250, 85],
  ])('%i seats give %i %% discount', (quantity, percent) => {
    expect(volumeDiscountPercent(quantity)).toBe(percent);
  });

  test.each([0, -1, 1.5, Number.NaN])('a quantity of %d is refused', (quantity) => {
    expect(() => volumeFactor(quantity)).toThrow(RangeError);
  });
});
