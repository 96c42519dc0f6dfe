// Probabilities and cutoffs as exact decimals (issue 34 item 5). Binary floating point rounds on
// the way: 0.565 × 100 is 56.49999999999999, and 0.33999999999999997 × 100 is 34. A reader
// compares the decimals, so rounding and comparing are done on the decimals a number is written
// with, where 0.565 is 56.5% and 0.33999999999999997 stays under 34%.

/** An exact non-negative decimal: digits × 10^exp. */
export type Decimal = { digits: bigint; exp: number };

const TEN = BigInt(10);
const pow10 = (n: number): bigint => TEN ** BigInt(n);

/**
 * The decimal a reader sees for a number: its shortest round-trip form (0.161 is 0.161, not
 * 0.16100000000000000310…). Distinct numbers keep their order, so comparing these decimals
 * agrees with comparing the numbers.
 */
export function decimalOf(value: number): Decimal {
  if (!(Number.isFinite(value) && value >= 0)) throw new RangeError(`Expected a finite number ≥ 0, got ${value}`);
  const [mantissa, exponent] = value.toExponential().split("e");
  const [whole, fraction = ""] = mantissa!.split("."); // split always yields at least one piece
  return { digits: BigInt(whole + fraction), exp: Number(exponent) - fraction.length };
}

/** A probability's decimal in percent (× 100). */
export const percentOf = (probability: number): Decimal => {
  const d = decimalOf(probability);
  return { digits: d.digits, exp: d.exp + 2 };
};

/** How many decimals a decimal needs to be written exactly. */
export const decimalsOf = (d: Decimal): number => Math.max(0, -d.exp);

/** Rounded half up to `places` decimals: the integer N of N × 10^-places. */
export function scaled(d: Decimal, places: number): bigint {
  const shift = d.exp + places;
  if (shift >= 0) return d.digits * pow10(shift);
  const divisor = pow10(-shift);
  return (d.digits + divisor / BigInt(2)) / divisor;
}

/** -1, 0 or 1 as a × 10^-pa compares with b × 10^-pb. */
export function compareScaled(a: bigint, pa: number, b: bigint, pb: number): number {
  const places = Math.max(pa, pb);
  const x = a * pow10(places - pa);
  const y = b * pow10(places - pb);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** N × 10^-places written out, trailing zeros dropped: (1610, 2) → '16.1'. */
export function written(n: bigint, places: number): string {
  if (places === 0) return n.toString();
  const text = n.toString().padStart(places + 1, "0");
  const whole = text.slice(0, -places);
  const fraction = text.slice(-places).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}
