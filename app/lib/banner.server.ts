import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The optional classroom/student banner (spec 001 §2: header, message, severity, custom icon,
 * link; shown only when its grades overlap). Configured as JSON in CLASSROOM_BANNER, or in a
 * file named by CLASSROOM_BANNER_FILE, e.g.
 * {"header":"Winter window","message":"MOY screening closes Feb 28.","severity":"info","grades":["K","1"],
 *  "link":{"href":"https://…","text":"Schedule"}}
 */
export type BannerSeverity = "info" | "success" | "warning" | "error";
export type Banner = {
  header: string;
  message: string;
  severity: BannerSeverity;
  icon?: string | null;
  link?: { href: string; text: string } | null;
  grades: string[];
};

const SEVERITIES: readonly BannerSeverity[] = ["info", "success", "warning", "error"];

export function loadBanner(env: NodeJS.ProcessEnv = process.env): Banner | null {
  let raw: string | undefined = env.CLASSROOM_BANNER;
  if (!raw && env.CLASSROOM_BANNER_FILE) raw = readFileSync(path.resolve(env.CLASSROOM_BANNER_FILE), "utf8");
  if (!raw) return null;
  try {
    const b = JSON.parse(raw) as Partial<Banner>;
    if (typeof b.header !== "string" || typeof b.message !== "string" || !Array.isArray(b.grades)) return null;
    const link =
      b.link && typeof b.link.href === "string" && /^(https?:\/\/|\/)/.test(b.link.href)
        ? { href: b.link.href, text: String(b.link.text ?? b.link.href) }
        : null;
    return {
      header: b.header,
      message: b.message,
      severity: SEVERITIES.includes(b.severity as BannerSeverity) ? (b.severity as BannerSeverity) : "info",
      icon: typeof b.icon === "string" ? b.icon : null,
      link,
      grades: b.grades.map(String),
    };
  } catch {
    console.warn("[banner] CLASSROOM_BANNER is not valid JSON; no banner shown");
    return null;
  }
}
