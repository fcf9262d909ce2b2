import { MAX_SEATS, MIN_SEATS } from '../upgrade-session/enums.ts';

/** The seat slider runs from 1 to 100; its top is open (more seats through the number input). */
export const SEAT_SLIDER_MAX = 100;

/** A seat count clamped to 1…10000 and made whole (customer spec §5). */
export function clampSeats(seats: number): number {
  return Math.min(MAX_SEATS, Math.max(MIN_SEATS, Math.trunc(seats)));
}

/** The seat input's text as a whole number, or `null` for anything that is not a number (ignored). */
export function parseSeatInput(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  return clampSeats(Number(trimmed));
}

/** Distance between the slider's ticks for a slider up to `max` (customer spec §9). */
export function seatSliderStep(max: number): number {
  if (max < 10) return 1;
  if (max < 50) return 5;
  if (max < 500) return 10;
  if (max < 1000) return 50;
  if (max < 2500) return 100;
  return 500;
}

/** The slider's ticks: 1, then every step up to `max`, whose label marks the open top (`100+`). */
export function seatSliderMarks(max: number = SEAT_SLIDER_MAX): { value: number; label: string }[] {
  const step = seatSliderStep(max);
  const values = [1];
  for (let value = step; value <= max; value += step) if (value > 1) values.push(value);
  return values.map((value) => ({ value, label: value === max ? `${value}+` : String(value) }));
}
