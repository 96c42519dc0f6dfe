/** What the UI shows for a failed call (spec 000 section 5, last rule). */
export function serverMessage(body: unknown): string {
  const b = (body ?? {}) as { message?: unknown; errors?: unknown };
  const first = Array.isArray(b.errors) ? b.errors[0] : undefined;
  const text = typeof b.message === "string" && b.message ? b.message : typeof first === "string" ? first : "";
  if (text.includes("isEmail")) return "Please enter a valid email address.";
  return text || "Unexpected Server Error";
}
