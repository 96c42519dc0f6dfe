import { Form } from "@remix-run/react";
import { viewFields, type StudentView } from "./urls";

/** Admin View (spec 001 §6, super admins only): a GET form whose state lives in the URL. */
export function AdminViewToggle({ view }: { view: StudentView }) {
  const on = Boolean(view.admin);
  return (
    <Form method="get" className="sp-admin-toggle" preventScrollReset>
      {viewFields(view, "admin").map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" name="admin" value={on ? "0" : "1"} className="button button--small" aria-pressed={on}>
        Admin View
      </button>
    </Form>
  );
}
