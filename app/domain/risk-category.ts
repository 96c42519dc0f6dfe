import { isPwrRisk } from "./cutoffs";
import type { Grade } from "./grades";
import { defaultLogger, type Logger } from "./logger";
import type { Period } from "./periods";

export type RiskCategory = "high-risk" | "moderate-risk" | "low-risk";

/**
 * The column speaks of performance, not risk, so the labels are inverted on purpose
 * (spec 001 §4): the high-risk band reads 'Low performance'.
 */
export const RISK_CATEGORY_LABELS: Record<RiskCategory, string> = {
  "high-risk": "Low performance",
  "moderate-risk": "Moderate performance",
  "low-risk": "High performance",
};

/** Risk flags as computed by cutoffs.ts; null when that score is missing for the student. */
export type RiskFlags = { pwrRisk: boolean | null; dyslexiaRisk: boolean | null };

export type Reporter = (error: Error) => void;

const defaultReporter: Reporter = (error) => console.error(error);

type Combination = `${"risk" | "ok"}|${"risk" | "ok"}`;

/** PWR × dyslexia; every combination with a missing score is invalid (not in this table). */
export const RISK_COMBINATIONS: Record<Combination, RiskCategory> = {
  "risk|risk": "high-risk",
  "risk|ok": "moderate-risk",
  "ok|risk": "moderate-risk",
  "ok|ok": "low-risk",
};

export type RiskCategoryResult = { category: RiskCategory; label: string; valid: boolean };

/**
 * One category from the two flags. An invalid combination falls back to Moderate and is reported
 * (spec 001 §4): the column must always show something, and the gap must reach error tracking.
 */
export function riskCategory(flags: RiskFlags, report: Reporter = defaultReporter): RiskCategoryResult {
  const { pwrRisk, dyslexiaRisk } = flags;
  if (typeof pwrRisk !== "boolean" || typeof dyslexiaRisk !== "boolean") {
    report(new Error(`Invalid risk combination: pwrRisk=${String(pwrRisk)}, dyslexiaRisk=${String(dyslexiaRisk)}`));
    return { category: "moderate-risk", label: RISK_CATEGORY_LABELS["moderate-risk"], valid: false };
  }
  const key: Combination = `${pwrRisk ? "risk" : "ok"}|${dyslexiaRisk ? "risk" : "ok"}`;
  const category = RISK_COMBINATIONS[key];
  return { category, label: RISK_CATEGORY_LABELS[category], valid: true };
}

export type PwrBand = "High" | "Moderate" | "Low";

/** [from, to) in percent; the Low band's upper bound 100 is inclusive. */
export type PercentRange = readonly [from: number, to: number];
export type PwrLegend = Record<PwrBand, PercentRange>;

/**
 * PWR legend bands, spec 001 §9. The bands name the RISK level of a PWR percent, so High is the
 * low end of the scale. Adjacent ranges share their edge (0-34 / 34-65); the edge belongs to the
 * upper band, matching "below the cutoff means risk" (34% is Moderate, not High).
 */
export const PWR_LEGEND: Partial<Record<Grade, Record<Period, PwrLegend>>> = {
  "1": {
    BOY: { High: [0, 34], Moderate: [34, 65], Low: [65, 100] },
    MOY: { High: [0, 34], Moderate: [34, 62], Low: [62, 100] },
    EOY: { High: [0, 20], Moderate: [20, 62], Low: [62, 100] },
  },
  "2": {
    BOY: { High: [0, 43], Moderate: [43, 61], Low: [61, 100] },
    MOY: { High: [0, 39], Moderate: [39, 56], Low: [56, 100] },
    EOY: { High: [0, 28], Moderate: [28, 53], Low: [53, 100] },
  },
  // Grade 3 EOY bands are listed although the PWR note says it is not calculated then; we keep the
  // legend as given and leave the "not calculated" decision to isPwrCalculated in cutoffs.ts.
  "3": {
    BOY: { High: [0, 43], Moderate: [43, 49], Low: [49, 100] },
    MOY: { High: [0, 44], Moderate: [44, 46], Low: [46, 100] },
    EOY: { High: [0, 6], Moderate: [6, 60], Low: [60, 100] },
  },
};

/** Legend band of a PWR percent (0–100); null where the spec gives no legend (PK, K). */
export function pwrBand(grade: Grade, period: Period, percent: number): PwrBand | null {
  if (!(percent >= 0 && percent <= 100)) throw new RangeError(`PWR percent must be 0–100, got ${percent}`);
  const legend = PWR_LEGEND[grade]?.[period];
  if (!legend) return null;
  if (percent < legend.High[1]) return "High";
  if (percent < legend.Moderate[1]) return "Moderate";
  return "Low";
}

export type PwrRiskLevel = { risk: boolean; band: PwrBand | null };

/**
 * The PWR flag and the words that describe it (issue 12): the risk comes from the cutoff
 * (cutoffs.ts, below means risk); the legend band only describes it and never contradicts it.
 * The band is read from the unrounded percent; a score above the cutoff is always 'Low' risk
 * (even inside the legend's Moderate band, as grade 3 MOY 0.452 is), and a score below it is
 * 'High' or 'Moderate', never 'Low' (grade 1 EOY 0.6205 shows 62% but is below 0.621).
 * Band null where the spec gives no legend (K): the cell then says At risk / Not at risk.
 */
export function pwrRiskLevel(grade: Grade, period: Period, score: number, log: Logger = defaultLogger): PwrRiskLevel {
  const risk = isPwrRisk(grade, period, score, log);
  const legend = PWR_LEGEND[grade]?.[period];
  if (!legend) return { risk, band: null };
  if (!risk) return { risk, band: "Low" };
  // The score against the edge as a probability (34 → 0.34), not score × 100 against 34: the
  // product rounds, and 0.33999999999999997 × 100 is 34, which would put a score below 34% in the
  // Moderate band that 'Why flagged' prints as starting at 34%.
  return { risk, band: score < legend.High[1] / 100 ? "High" : "Moderate" };
}
