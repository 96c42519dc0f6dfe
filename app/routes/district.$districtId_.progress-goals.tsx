import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "#app/components/Breadcrumbs";
import { ErrorAlert } from "#app/components/ErrorAlert";
import { FormField } from "#app/components/FormField";
import { ErrorPage, stylesheets } from "#app/components/page-kit";
import { breadcrumbs } from "#app/domain/breadcrumbs";
import { DECISION_RULE_POINTS, parseTargetLines, TARGET_LINE_HELP, targetLines } from "#app/domain/progress-monitoring";
import { isUuid } from "#app/domain/url-state";
import { adminRequest } from "#app/lib/admin.server";
import type { ApiSchema } from "#app/lib/api.server";
import { refusalOf } from "#app/lib/api-refusal.server";
import { readFormData } from "#app/server/body-limit.server";
import progressCss from "#app/styles/progress.css";

// /district/{id}/progress-goals (issue 39 item 6): the district's targets for the next benchmark
// (per measure, grade and period) and its decision rule (how many consecutive probes on one side
// of the goal line before the chart advises), each with its source. No spec gives either, so none
// ships: until they are set, every progress chart says there is no goal line and gives no advice.
// District admins and super admins (the API refuses the others); every save is audited there.

const PAGE_TITLE = "Progress monitoring goals";
const INTENTS = { targets: "save-targets", clearTargets: "clear-targets", rule: "save-rule", clearRule: "clear-rule" } as const;

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheets.admin },
  { rel: "stylesheet", href: progressCss },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${PAGE_TITLE}${data ? `: ${data.district.name}` : ""} – Early Literacy Screening` },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!isUuid(params.districtId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const id = params.districtId;
  const { user, api } = await adminRequest(request, context);
  const [district, config] = await Promise.all([
    api.load(api.GET("/organization/{id}", { params: { path: { id } } })),
    api.load(api.GET("/organization/{id}/progress-monitoring", { params: { path: { id } } })),
  ]);
  const crumbs = breadcrumbs({
    role: user.role,
    schoolCount: user.schoolIds.length,
    district: { id: district.organizationId, name: district.name },
  });
  const last = crumbs.at(-1);
  if (last) last.href = `/district/${district.organizationId}?tab=standards`;
  crumbs.push({ label: PAGE_TITLE, href: null });
  return {
    district: { id: district.organizationId, name: district.name },
    config,
    saved: new URL(request.url).searchParams.get("saved"),
    crumbs,
  };
}

type Reply = { form: "targets" | "rule"; values: Record<string, string>; message: string; errors: string[] };

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (!isUuid(params.districtId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const id = params.districtId;
  const { api } = await adminRequest(request, context);
  const form = await readFormData(request);
  const intent = form.get("intent");
  const field = (name: string) => String(form.get(name) ?? "");
  const put = async (body: ApiSchema<"ProgressMonitoringConfigChange">, reply: Omit<Reply, "message" | "errors">) => {
    const result = await api.result(api.PUT("/organization/{id}/progress-monitoring", { params: { path: { id } }, body }));
    if (result.ok) return redirect(`/district/${id}/progress-goals?saved=${reply.form}`);
    const refusal = await refusalOf(request, result, { text: "Unable to save." });
    return {
      ...reply,
      message: refusal.detail ? `${refusal.message} ${refusal.detail}` : refusal.message,
      errors: result.error.errors ?? [],
    } satisfies Reply;
  };
  if (intent === INTENTS.targets) {
    const values = { source: field("source"), targets: field("targets") };
    const parsed = parseTargetLines(values.targets);
    if ("errors" in parsed) return { form: "targets", values, message: "Unable to save.", errors: parsed.errors } satisfies Reply;
    return put({ goalTargets: { source: values.source, targets: parsed.targets } }, { form: "targets", values });
  }
  if (intent === INTENTS.clearTargets) return put({ goalTargets: null }, { form: "targets", values: {} });
  if (intent === INTENTS.rule) {
    const values = { source: field("ruleSource"), points: field("points") };
    const points = /^\s*\d+\s*$/.test(values.points) ? Number(values.points) : Number.NaN;
    if (Number.isNaN(points))
      return {
        form: "rule",
        values,
        message: "Unable to save.",
        errors: [`consecutivePoints: Enter a whole number from ${DECISION_RULE_POINTS.min} to ${DECISION_RULE_POINTS.max}.`],
      } satisfies Reply;
    return put({ decisionRule: { consecutivePoints: points, source: values.source } }, { form: "rule", values });
  }
  if (intent === INTENTS.clearRule) return put({ decisionRule: null }, { form: "rule", values: {} });
  throw data({ message: "Unknown action" }, { status: 400 });
}

/** The message of the API's `path: message` lines for a field (by the end of its path). */
const errorFor = (errors: readonly string[], ...keys: string[]) =>
  errors
    .filter((e) => keys.some((k) => e.split(":")[0]!.includes(k)))
    .map((e) => e.slice(e.indexOf(":") + 1).trim())
    .join(" ") || undefined;

export default function ProgressGoalsPage() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const targetsReply = reply?.form === "targets" ? reply : null;
  const ruleReply = reply?.form === "rule" ? reply : null;
  const { goalTargets, decisionRule } = d.config;
  const targetErrors = targetsReply ? targetsReply.errors.filter((e) => !e.startsWith("goalTargets.source")) : [];
  return (
    <section aria-labelledby="page-title" className="progress-goals">
      <Breadcrumbs crumbs={d.crumbs} />
      <h1 id="page-title">{PAGE_TITLE}</h1>
      <p>
        Between benchmarks, teachers give short probes on each student&apos;s progress page. Each chart draws a goal line from the last
        benchmark score to the next benchmark&apos;s target, and gives advice after a run of points on one side of it. No specification
        gives these targets or that rule: set the district&apos;s own here, each with the source that published it. Until then the charts
        show the probes and their trend, say there is no goal line, and give no advice. Every change is recorded in the audit log.
      </p>
      {d.saved ? (
        <p role="status" className="alert alert--success">
          Saved.
        </p>
      ) : null}

      <section className="progress__confirm" aria-labelledby="targets-title">
        <h2 id="targets-title">Targets</h2>
        <p>
          {goalTargets ? (
            <>
              <strong>In force:</strong> {goalTargets.targets.length} {goalTargets.targets.length === 1 ? "target" : "targets"}, from{" "}
              <cite>{goalTargets.source}</cite>.
            </>
          ) : (
            <strong>No targets set: charts show no goal line.</strong>
          )}
        </p>
        <p className="field__hint">Letter targets are letters correct; RAN targets are seconds.</p>
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value={INTENTS.targets} />
          <FormField
            name="source"
            label="Source of the targets"
            defaultValue={targetsReply?.values.source ?? goalTargets?.source ?? ""}
            error={targetsReply ? errorFor(targetsReply.errors, "goalTargets.source") : undefined}
          />
          <div className="field">
            <label htmlFor="targets">Targets</label>
            <textarea
              id="targets"
              name="targets"
              rows={8}
              cols={48}
              defaultValue={targetsReply?.values.targets ?? (goalTargets ? targetLines(goalTargets.targets) : "")}
              aria-describedby={`targets-hint${targetErrors.length ? " targets-error" : ""}`}
              aria-invalid={targetErrors.length ? true : undefined}
            />
            <p id="targets-hint" className="field__hint">
              {TARGET_LINE_HELP}
            </p>
            {targetErrors.length ? (
              <ul id="targets-error" className="field__error">
                {targetErrors.map((e) => (
                  <li key={e}>{e.includes(":") && e.startsWith("goalTargets") ? e.slice(e.indexOf(":") + 1).trim() : e}</li>
                ))}
              </ul>
            ) : null}
          </div>
          <ErrorAlert message={targetsReply?.message} />
          <div className="progress__actions">
            <button type="submit" className="button button--primary">
              Save targets
            </button>
          </div>
        </Form>
        {goalTargets ? (
          <Form method="post">
            <input type="hidden" name="intent" value={INTENTS.clearTargets} />
            <button type="submit" className="button">
              Clear the district&apos;s targets
            </button>
          </Form>
        ) : null}
      </section>

      <section className="progress__confirm" aria-labelledby="rule-title">
        <h2 id="rule-title">Decision rule</h2>
        <p>
          {decisionRule ? (
            <>
              <strong>In force:</strong> after {decisionRule.consecutivePoints} consecutive points below the goal line, &lsquo;Consider
              changing the support&rsquo;; after {decisionRule.consecutivePoints} above it, &lsquo;Consider raising the goal&rsquo;. Source:{" "}
              <cite>{decisionRule.source}</cite>.
            </>
          ) : (
            <strong>No decision rule set: charts give no advice.</strong>
          )}
        </p>
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value={INTENTS.rule} />
          <FormField
            name="points"
            label="Consecutive points"
            inputMode="numeric"
            hint={`A whole number from ${DECISION_RULE_POINTS.min} to ${DECISION_RULE_POINTS.max}`}
            defaultValue={ruleReply?.values.points ?? (decisionRule ? String(decisionRule.consecutivePoints) : "")}
            error={ruleReply ? errorFor(ruleReply.errors, "consecutivePoints") : undefined}
          />
          <FormField
            name="ruleSource"
            label="Source of the rule"
            defaultValue={ruleReply?.values.source ?? decisionRule?.source ?? ""}
            error={ruleReply ? errorFor(ruleReply.errors, "decisionRule.source") : undefined}
          />
          <ErrorAlert message={ruleReply?.message} />
          <div className="progress__actions">
            <button type="submit" className="button button--primary">
              Save decision rule
            </button>
          </div>
        </Form>
        {decisionRule ? (
          <Form method="post">
            <input type="hidden" name="intent" value={INTENTS.clearRule} />
            <button type="submit" className="button">
              Clear the district&apos;s decision rule
            </button>
          </Form>
        ) : null}
      </section>
      <p>
        <Link to={`/district/${d.district.id}?tab=standards`}>Back to {d.district.name}</Link>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
