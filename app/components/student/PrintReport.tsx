import type { FamilyReportLang } from "#app/i18n/family-report/index.server";
import type { FamilyReportLanguageOption } from "#app/i18n/family-report/view";

type Props = {
  lang: FamilyReportLang;
  /** The report's languages, from the loader (the catalogues that name them stay on the server). */
  languages: readonly FamilyReportLanguageOption<FamilyReportLang>[];
  onLang: (lang: FamilyReportLang) => void;
  /** The choice to add the growth charts' page (issue 39 item 1); null when the student has none. */
  growth?: { on: boolean; onChange: (on: boolean) => void } | null;
};

/**
 * Print Report with its language choice (spec 001 §2; the language is beyond the spec). A GET
 * form: without JavaScript it opens the report-only view (`?print=1&lang=…`) to print from the
 * browser; with it, the page prints at once, the hidden report in the chosen language.
 */
export function PrintReportForm({ lang, languages, onLang, growth = null }: Props) {
  return (
    <form
      method="get"
      className="sp-print"
      onSubmit={(event) => {
        event.preventDefault();
        window.print();
      }}
    >
      <label htmlFor="report-lang" className="sp-print__label">
        Report language
      </label>
      <select
        id="report-lang"
        name="lang"
        value={lang}
        onChange={(event) => {
          const chosen = languages.find((o) => o.value === event.target.value);
          if (chosen) onLang(chosen.value);
        }}
      >
        {/* Each language is named in itself ('Español'): its own language for screen readers (WCAG 3.1.2). */}
        {languages.map((o) => (
          <option key={o.value} value={o.value} lang={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {growth ? (
        <label className="sp-print__growth">
          <input type="checkbox" name="growth" value="1" checked={growth.on} onChange={(event) => growth.onChange(event.target.checked)} />{" "}
          With growth charts
        </label>
      ) : null}
      <button type="submit" name="print" value="1" className="button button--small">
        Print Report
      </button>
    </form>
  );
}
