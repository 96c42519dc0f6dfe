import { stateName } from "#app/domain/states";
import type { ApiSchema } from "#app/lib/api.server";
import { AdminList, type ListPart } from "./AdminList";
import { LazyDistrictDialog } from "./dialogs";

type District = ApiSchema<"Organization">;

/**
 * The super admin's Districts tab: name (to the district's page), state and website; Create, Edit,
 * Delete (which hides the district) and Delete for good (its records page: the counts, the
 * confirmation, the receipt; issue 41 item 3).
 */
export function DistrictList({ list }: { list: ListPart<District> }) {
  return (
    <AdminList
      entity="district"
      list={list}
      caption="Districts"
      empty="No districts yet. Click the button to create the first one!"
      row={(d) => ({ id: d.organizationId, text: d.name, href: `/district/${d.organizationId}` })}
      columns={[
        { header: "State", text: (d) => stateName(d.state), sort: "state" },
        { header: "Website", text: (d) => d.website ?? "" },
      ]}
      search={{ label: "Search districts", hint: "Finds district names containing the text." }}
      // Nothing to manage when the list did not load.
      manage={list.rows !== null}
      create={{ label: "Create District", dialog: <LazyDistrictDialog /> }}
      edit={(d) => <LazyDistrictDialog district={d} />}
      preload={LazyDistrictDialog.preload}
      remove={{ title: "Delete District", name: (d) => d.name }}
      rowLinks={(d) => [{ href: `/district/${d.organizationId}/records`, verb: "Delete for good" }]}
    />
  );
}
