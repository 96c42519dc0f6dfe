import { Form, Link, useNavigation, useParams } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { SPEC_PK_THETA_NOTE, standardsField, STANDARDS_INTENTS } from "#app/domain/screening-standards-fields";
import type { StandardKind } from "#app/domain/screening-standards";
import type { StandardsTabData, StandardStatus } from "#app/lib/screening-standards.server";
// From the page kit, so a district tab that loads this on its own shares the pages' one chunk (app/components/page-kit.ts).
import { ErrorAlert } from "#app/components/page-kit";
import { FormField } from "../FormField";
import { formFields, useFormReply, type FormFields } from "../form-reply";

// The district page's 'Norms and cutoffs' tab (issue 34 item 4): per kind, what is in force and
// where it comes from (the district's own, the product default, or none), and a form to set the
// district's own figures with their source, or clear them. Plain forms posting to the district
// route's action: they work without JavaScript. After a refused save the fields show what was
// typed, each message under its field (aria-invalid, aria-describedby), the first invalid field
// focused.

const INTENT: Record<StandardKind, string> = {
  ranNorms: STANDARDS_INTENTS.ranNorms,
  pkRiskCutoff: STANDARDS_INTENTS.pkRiskCutoff,
  abilityCutoffs: STANDARDS_INTENTS.abilityCutoffs,
};

const WITHOUT: Record<StandardKind, string> = {
  ranNorms: "scored RAN tests show their seconds and errors, with no percentile, colour or flag.",
  pkRiskCutoff: "the prekindergarten risk score is shown as a number, never as a flag or at risk.",
  abilityCutoffs: "results the proficiency rule reports say so instead of On Track or Needs Support.",
};

const SAVE_LABEL: Record<StandardKind, string> = {
  ranNorms: "Save RAN norms",
  pkRiskCutoff: "Save prekindergarten risk cutoff",
  abilityCutoffs: "Save ability cutoffs",
};

const CLEAR_LABEL: Record<StandardKind, string> = {
  ranNorms: "Clear the district's RAN norms",
  pkRiskCutoff: "Clear the district's prekindergarten risk cutoff",
  abilityCutoffs: "Clear the district's ability cutoffs",
};

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);

export function ScreeningStandards({ data }: { data: StandardsTabData }) {
  const districtId = useParams().districtId;
  return (
    <section className="standards" aria-labelledby="standards-title">
      <h2 id="standards-title">Norms and cutoffs</h2>
      <p>
        Figures the screener&apos;s specification does not give are set here, each with the source that published them: RAN norms, the
        prekindergarten risk cutoff and theta cutoffs. The district&apos;s own figures replace the product-wide ones; where neither is set,
        results show their raw figures and say so.
      </p>
      <p>
        The targets and the decision rule of the progress charts between benchmarks are set on their own page:{" "}
        <Link to={`/district/${districtId}/progress-goals`}>Progress monitoring goals</Link>.
      </p>
      <ErrorAlert message={data.error} />
      {data.kinds.map((k) => (
        <KindSection key={k.kind} status={k} data={data} />
      ))}
    </section>
  );
}

function StatusLine({ status }: { status: StandardStatus }) {
  if (status.origin === null)
    return (
      <p className="standards__status">
        <strong>{status.notConfigured}.</strong> Without them, {WITHOUT[status.kind]}
      </p>
    );
  const when = day(status.updatedAt);
  return (
    <p className="standards__status">
      <strong>In force:</strong> {status.origin === "district" ? "the district's own" : "the product-wide default"}, from{" "}
      <cite>{status.source}</cite>
      {when ? ` (set ${when})` : ""}.{status.productSource ? ` They replace the product-wide ones from ${status.productSource}.` : null}
      {status.origin === "product" ? " Set the district's own below to replace them." : null}
    </p>
  );
}

function KindSection({ status, data }: { status: StandardStatus; data: StandardsTabData }) {
  const intent = INTENT[status.kind];
  const reply = useFormReply((r) => r.initialValue?.intent === intent);
  const fields = formFields(reply, status.values);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const ref = useRef<HTMLFormElement>(null);
  const titleId = `standards-${status.kind}`;
  // A refused save: the first invalid field takes the focus (without JavaScript, its autofocus does).
  useEffect(() => {
    if (reply) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [reply]);
  let focusTaken = false;
  const takeFocus = (invalid: boolean) => {
    if (!invalid || focusTaken) return undefined;
    focusTaken = true;
    return true;
  };
  return (
    <section className="standards__kind" aria-labelledby={titleId}>
      <h3 id={titleId}>{status.title}</h3>
      <StatusLine status={status} />
      <Form ref={ref} method="post" noValidate preventScrollReset className="standards__form" aria-labelledby={titleId}>
        <input type="hidden" name="intent" value={intent} />
        {fields.formError ? (
          <p className="alert alert--error" role="alert">
            {fields.formError}
          </p>
        ) : null}
        <FormField
          label="Source (who published these figures)"
          required
          hint="For example: Riverside USD norms study, 2025"
          {...fields.text(standardsField.source)}
        />
        {status.kind === "ranNorms" ? <RanTable data={data} fields={fields} takeFocus={takeFocus} /> : null}
        {status.kind === "pkRiskCutoff" ? <PkTable data={data} fields={fields} takeFocus={takeFocus} /> : null}
        {status.kind === "abilityCutoffs" ? <AbilityTable data={data} fields={fields} takeFocus={takeFocus} /> : null}
        <div className="standards__actions">
          <button
            type="submit"
            className="button button--primary"
            aria-disabled={busy || undefined}
            onClick={(e) => busy && e.preventDefault()}
          >
            {busy ? "Saving…" : SAVE_LABEL[status.kind]}
          </button>
        </div>
      </Form>
      {status.own ? (
        <Form method="post" preventScrollReset className="standards__clear">
          <input type="hidden" name="intent" value={STANDARDS_INTENTS.clear} />
          <input type="hidden" name="kind" value={status.kind} />
          <button type="submit" className="button">
            {CLEAR_LABEL[status.kind]}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

type TableProps = { data: StandardsTabData; fields: FormFields; takeFocus: (invalid: boolean) => true | undefined };

function NumberInput({ name, label, fields, takeFocus }: { name: string; label: string } & Omit<TableProps, "data">) {
  const id = useId();
  const { defaultValue, error } = fields.text(name);
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        size={6}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        // Only the first invalid field after a refused save, never on a fresh form.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={takeFocus(Boolean(error))}
      />
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </>
  );
}

function RanTable({ data, fields, takeFocus }: TableProps) {
  return (
    <div className="standards__table-wrap">
      <table className="standards__table">
        <caption>Mean and spread (standard deviation) of response times, in seconds; leave a period blank for no norm there</caption>
        <thead>
          <tr>
            <th scope="col">Grade</th>
            <th scope="col">Test</th>
            {data.periods.map((p) => (
              <th key={p.name} scope="col" colSpan={2}>
                {p.name}
              </th>
            ))}
          </tr>
          <tr>
            <td colSpan={2} />
            {data.periods.map((p) => [
              <th key={`${p.name}-mean`} scope="col">
                Mean
              </th>,
              <th key={`${p.name}-sd`} scope="col">
                SD
              </th>,
            ])}
          </tr>
        </thead>
        <tbody>
          {data.ranRows.map((r) => (
            <tr key={`${r.grade}-${r.testCode}`}>
              <th scope="row">{r.gradeLabel}</th>
              <td>{r.title}</td>
              {data.periods.map((p) => [
                <td key={`${p.name}-mean`}>
                  <NumberInput
                    name={standardsField.ranMean(r.testCode, r.grade, p.name as never)}
                    label={`${r.title}, grade ${r.grade}, ${p.name}: mean seconds`}
                    fields={fields}
                    takeFocus={takeFocus}
                  />
                </td>,
                <td key={`${p.name}-sd`}>
                  <NumberInput
                    name={standardsField.ranSd(r.testCode, r.grade, p.name as never)}
                    label={`${r.title}, grade ${r.grade}, ${p.name}: spread (SD) in seconds`}
                    fields={fields}
                    takeFocus={takeFocus}
                  />
                </td>,
              ])}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PkTable({ data, fields, takeFocus }: TableProps) {
  return (
    <div className="standards__table-wrap">
      <table className="standards__table">
        <caption>Prekindergarten risk cutoff per period: a probability from 0 to 1 (0.25 is 25%); a score above it is at risk</caption>
        <thead>
          <tr>
            {data.periods.map((p) => (
              <th key={p.name} scope="col">
                {p.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {data.periods.map((p) => (
              <td key={p.name}>
                <NumberInput
                  name={standardsField.pkCutoff(p.name as never)}
                  label={`Prekindergarten risk cutoff, ${p.name}`}
                  fields={fields}
                  takeFocus={takeFocus}
                />
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

function AbilityTable({ data, fields, takeFocus }: TableProps) {
  return (
    <>
      <div className="standards__table-wrap">
        <table className="standards__table">
          <caption>Theta at or above which a result is On Track, per grade, test and period (-6 to 6)</caption>
          <thead>
            <tr>
              <th scope="col">Grade</th>
              <th scope="col">Test</th>
              {data.periods.map((p) => (
                <th key={p.name} scope="col">
                  {p.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.abilityRows.map((r) => (
              <tr key={`${r.grade}-${r.testCode}`}>
                <th scope="row">{r.gradeLabel}</th>
                <td>{r.title}</td>
                {data.periods.map((p) => (
                  <td key={p.name}>
                    <NumberInput
                      name={standardsField.theta(r.grade, r.testCode, p.name as never)}
                      label={`${r.title}, grade ${r.grade}, ${p.name}: theta cutoff`}
                      fields={fields}
                      takeFocus={takeFocus}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="standards__hint">{SPEC_PK_THETA_NOTE}</p>
    </>
  );
}
