import type { IsoDate } from "#app/domain/calendar-date";
import type { NoticeFills, NoticeLang } from "#app/domain/family-notice";
import { isGrade } from "#app/domain/grades";
import { familyReportMessages } from "#app/i18n/family-report/index.server";
import { DEFAULT_NOTICE_CONTACT } from "./defaults";

// The fill-ins of one letter in its language: the grade and the date in the words of the family
// report's catalogue for that language, so both papers a family gets say them alike.

export function noticeFills(
  lang: NoticeLang,
  v: { studentName: string; grade: string; school: string; today: IsoDate; contact: string | null },
): NoticeFills {
  const messages = familyReportMessages(lang);
  return {
    student: v.studentName,
    grade: isGrade(v.grade) ? messages.grades[v.grade] : v.grade,
    date: messages.formatDate(v.today),
    school: v.school,
    contact: v.contact?.trim() ? v.contact.trim() : DEFAULT_NOTICE_CONTACT[lang],
  };
}
