import { compareScaled, decimalOf, decimalsOf, percentOf, scaled, written } from "./exact-decimal";
import { clampProbabilityPercent, probabilityPercent } from "./probability";

// A probability printed next to a cutoff must sit on the side of the cutoff that decided its
// flag (issue 34 item 5). Rounded to a whole percent, a dyslexia score of 0.1612 reads '16%',
// under the '16.1%' cutoff it is flagged for being above. These helpers print the value with
// the grid's whole percent when that is enough, and with as many more decimals as it takes
// otherwise ('16.12%'), on exact decimals (exact-decimal.ts) so that printing can never cross
// an edge the comparison did not.

/** A probability in percent with every decimal it has: 0.161 → '16.1', 0.6175 → '61.75', 0.43 → '43'. */
export function exactPercent(probability: number): string {
  const d = percentOf(probability);
  const places = decimalsOf(d);
  return written(scaled(d, places), places);
}

/**
 * Where the printed value must sit against an edge (a probability, printed by exactPercent):
 * 'above' it (a dyslexia or risk score flagged above its cutoff), 'below' it (PWR risk, reading
 * readiness Emerging, a band's upper end) or 'from' it (a band's lower end, which belongs to the band).
 */
export type Side = "above" | "below" | "from";
export type Claim = { side: Side; edge: number };

function holds(value: bigint, places: number, claim: Claim): boolean {
  const edge = percentOf(claim.edge);
  const edgePlaces = decimalsOf(edge);
  const order = compareScaled(value, places, scaled(edge, edgePlaces), edgePlaces);
  return claim.side === "above" ? order > 0 : claim.side === "below" ? order < 0 : order >= 0;
}

/**
 * A probability in percent, as the grid shows it (whole, 1–99) when that already sits on the
 * claimed side of every edge, else with the fewest decimals that do and that still round to the
 * grid's whole percent: 0.17 above 0.161 → '17'; 0.1612 above 0.161 → '16.12'; 0.4295 below
 * 0.43 → '42.95'; 0.504999 above 0.5 → '50.4999' (the grid shows 50%, so not '50.5').
 * Claims the value does not meet cannot be printed true; the exact value is printed then, so
 * the error shows in the sentence.
 */
export function decisivePercent(probability: number, claims: readonly Claim[]): string {
  const whole = probabilityPercent(probability);
  if (claims.every((c) => holds(BigInt(whole), 0, c))) return String(whole);
  const d = percentOf(probability);
  const exact = decimalsOf(d);
  const roundsToWhole = (value: bigint, places: number) =>
    clampProbabilityPercent(Number(scaled({ digits: value, exp: -places }, 0))) === whole;
  for (let places = 1; places < exact; places++) {
    const value = scaled(d, places);
    if (roundsToWhole(value, places) && claims.every((c) => holds(value, places, c))) return written(value, places);
  }
  return written(scaled(d, exact), exact);
}

// ── Signed decimals (an ability score, theta, beside its cutoff) ─────────────────────────────

/** A signed number as N × 10^-places with every decimal it has: -0.4 → (-4, 1). */
function signedExact(value: number): { n: bigint; places: number } {
  const d = decimalOf(Math.abs(value));
  const places = decimalsOf(d);
  const n = scaled(d, places);
  return { n: value < 0 ? -n : n, places };
}

/** N × 10^-places, signed, with a hyphen-minus as the standards form takes it: (-405, 3) → '-0.405'. */
const writtenSigned = (n: bigint, places: number) => (n < BigInt(0) ? `-${written(-n, places)}` : written(n, places));

/** A signed number with every decimal it has, as configured: -0.4 → '-0.4', 1.25 → '1.25'. */
export function exactDecimal(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Expected a finite number, got ${value}`);
  const { n, places } = signedExact(value);
  return writtenSigned(n, places);
}

/**
 * A signed number (a theta) with `places` decimals (rounded half away from zero) when that already
 * sits on the claimed side of every edge, else with the fewest more decimals that do: -0.4213 below
 * -0.4 → '-0.42'; -0.4004 below -0.4 → '-0.4004' (never '-0.40', which reads as on the cutoff);
 * 0.295 below 0.3 → '0.295'. Claims the value does not meet print the exact value, so the error
 * shows in the sentence.
 */
export function decisiveDecimal(value: number, claims: readonly Claim[], places = 2): string {
  if (!Number.isFinite(value)) throw new RangeError(`Expected a finite number, got ${value}`);
  const exact = signedExact(value);
  const edges = claims.map((c) => ({ side: c.side, ...signedExact(c.edge) }));
  const sits = (n: bigint, p: number) =>
    edges.every((e) => {
      const order = compareScaled(n, p, e.n, e.places);
      return e.side === "above" ? order > 0 : e.side === "below" ? order < 0 : order >= 0;
    });
  for (let p = places; p < exact.places; p++) {
    const rounded = scaled(decimalOf(Math.abs(value)), p);
    const n = value < 0 ? -rounded : rounded;
    if (sits(n, p)) return writtenSigned(n, p);
  }
  return writtenSigned(exact.n, exact.places);
}
