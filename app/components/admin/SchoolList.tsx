import type { ApiSchema } from "#app/lib/api.server";
import { AdminList, type ListPart } from "./AdminList";
import { LazySchoolDialog } from "./dialogs";

/** What a row and its Edit dialog use (the loader sends no more). */
export type SchoolRow = Pick<ApiSchema<"OrganizationUnit">, "organizationUnitId" | "name" | "version">;

/** A district's Schools tab: each school links to its page; Create, Edit and Delete for who manages schools. */
export function SchoolList({ list, manage }: { list: ListPart<SchoolRow>; manage: boolean }) {
  return (
    <AdminList
      entity="school"
      list={list}
      caption="Schools"
      empty="No schools belong to this district yet. Click the button to create the first one!"
      row={(s) => ({ id: s.organizationUnitId, text: s.name, href: `/school/${s.organizationUnitId}` })}
      columns={[]}
      search={{ label: "Search schools", hint: "Finds school names containing the text." }}
      manage={manage}
      create={{ label: "Create School", dialog: <LazySchoolDialog /> }}
      edit={(s) => <LazySchoolDialog school={s} />}
      preload={LazySchoolDialog.preload}
      remove={{ title: "Delete School", name: (s) => s.name }}
    />
  );
}
