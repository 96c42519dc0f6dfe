// A student may lack a birth date (issue 35): a roster without demographics.csv, or without a row
// for them, takes them without one, for an administrator to complete on the student's form. Every
// place that shows a birth date shows this text instead (the specs give none), never "Invalid Date".

/** What a page, a report or a CSV export shows for a student without a birth date. */
export const BIRTH_DATE_MISSING = "Birth date missing";

/** 'YYYY-MM-DD' (database) to 'MM/dd/yyyy' (spec 000 section 3); null stays null. */
export const toUsBirthDate = (iso: string | null): string | null => {
  if (!iso) return null;
  const [y, m, d] = iso.slice(0, 10).split("-");
  return `${m}/${d}/${y}`;
};

/** A birth date as shown: MM/dd/yyyy, or the missing text. */
export const birthDateText = (us: string | null | undefined): string => us || BIRTH_DATE_MISSING;
