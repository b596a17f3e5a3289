/** `value` rounded to `digits` decimals, for result lines that should not carry float noise. */
export function round(value: number, digits: number): number {
  const scale = 10 ** digits
  return Math.round(value * scale) / scale
}
