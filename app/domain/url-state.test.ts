import { describe, expect, it } from "vitest";
import {
  closedSearch,
  closedUrl,
  dialogOf,
  dialogSearch,
  rowDialogSearch,
  isDoneCreate,
  isUuid,
  periodOf,
  selectedTab,
  sortOf,
  tabSearch,
  toggledSortSearch,
} from "./url-state";

const TABS = [
  { id: "schools", label: "Schools" },
  { id: "users", label: "Users" },
] as const;

describe("selectedTab", () => {
  it.each([
    ["", "schools"],
    ["?tab=users", "users"],
    ["?tab=reports", "schools"],
    ["?view=users", "schools"],
  ])("%s → %s", (search, id) => expect(selectedTab(TABS, search).id).toBe(id));

  it("reads another param when asked", () => expect(selectedTab(TABS, "?view=users", "view").id).toBe("users"));
});

describe("tabSearch", () => {
  it.each([
    ["", "users", [], "?tab=users"],
    ["?tab=schools&dialog=edit-school&id=s1&sort=name-desc", "users", [], "?tab=users"],
    ["?tab=users&q=ann&sort=email&dir=desc&cursor=c1&page=2&keep=1", "schools", [], "?tab=schools&keep=1"],
    ["?tab=reports&period=MOY&keep=1", "schools", ["period"], "?tab=schools&keep=1"],
    ["?tab=reports&period=MOY", "schools", [], "?tab=schools&period=MOY"],
  ] as const)("%s to %s dropping %j → %s", (search, tab, drop, expected) => expect(tabSearch(search, tab, { drop })).toBe(expected));
});

describe("sort", () => {
  it.each([
    ["", "asc", "?sort=name-desc"],
    ["?sort=name-asc", "asc", "?sort=name-desc"],
    ["?sort=name-desc", "desc", "?sort=name-asc"],
    ["?tab=users&sort=name-desc", "desc", "?tab=users&sort=name-asc"],
    ["?sort=bogus", "asc", "?sort=name-desc"],
  ] as const)("%s: %s, header links to %s", (search, direction, toggled) => {
    expect(sortOf(search)).toBe(direction);
    expect(toggledSortSearch(search)).toBe(toggled);
  });
});

describe("dialogs", () => {
  it.each([
    ["", { dialog: "", id: "", key: "" }],
    ["?dialog=create-user", { dialog: "create-user", id: "", key: "" }],
    ["?tab=users&dialog=edit-user&id=u1", { dialog: "edit-user", id: "u1", key: "" }],
    ["?dialog=create-user&key=k1", { dialog: "create-user", id: "", key: "k1" }],
  ])("dialogOf(%s)", (search, expected) => expect(dialogOf(search)).toEqual(expected));

  it.each([
    ["?tab=users", "create-user", {}, "?tab=users&dialog=create-user"],
    ["?tab=users&dialog=edit-user&id=u1", "delete-user", { id: "u2" }, "?tab=users&dialog=delete-user&id=u2"],
    ["?dialog=edit-user&id=u1", "create-user", {}, "?dialog=create-user"],
    ["?dialog=create-user&key=k1", "edit-user", { id: "u1" }, "?dialog=edit-user&id=u1"],
  ] as const)("dialogSearch(%s, %s, %j) → %s", (search, dialog, extra, expected) =>
    expect(dialogSearch(search, dialog, extra)).toBe(expected),
  );

  it.each([
    ["?tab=users", "edit-user", "6d1c1d52-1111-4d2b-9c7e-0a4a2b3c4d5e"],
    ["?tab=users&dialog=delete-user&id=u1&key=k&sort=name-desc", "edit-user", "u_2"],
    ["", "delete-school", "a b&c=d/é"],
    ["?id=old", "edit-school", ""],
  ])("rowDialogSearch(%s, %s)(%s) is dialogSearch with the id", (search, dialog, id) =>
    expect(rowDialogSearch(search, dialog)(id)).toBe(dialogSearch(search, dialog, { id })),
  );

  it.each([
    ["?tab=users&dialog=edit-user&id=u1", [], "?tab=users"],
    ["?tab=users&dialog=create-user&key=k1", [], "?tab=users"],
    ["?dialog=create-student&classroomId=c1", ["classroomId"], ""],
    ["", [], ""],
  ] as const)("closedSearch(%s, %j) → %s", (search, alsoRemove, expected) => expect(closedSearch(search, alsoRemove)).toBe(expected));

  it.each([
    ["http://x/school/s1?tab=students&dialog=create-student", "/school/s1?tab=students"],
    ["http://x/school/s1.data?dialog=edit-classroom&id=c1&_routes=routes%2Fschool.%24schoolId", "/school/s1"],
    ["http://x/super-admin?index&_data=routes%2Fsuper-admin&sort=name-desc", "/super-admin?sort=name-desc"],
  ])("closedUrl(%s) → %s", (url, expected) => expect(closedUrl(url)).toBe(expected));
});

describe("periodOf", () => {
  it.each([
    ["", "BOY"],
    ["?period=MOY", "MOY"],
    ["?period=eoy", "BOY"],
    ["?tab=reports&period=EOY", "EOY"],
  ] as const)("%s → %s", (search, period) => expect(periodOf(search)).toBe(period));
});

describe("isUuid", () => {
  it.each([
    ["3422e837-dc97-4d36-87c4-0d8aabbcdd0d", true],
    ["3422E837-DC97-4D36-87C4-0D8AABBCDD0D", true],
    ["not-a-uuid", false],
    ["x", false],
    ["", false],
    [undefined, false],
    ["3422e837-dc97-4d36-87c4-0d8aabbcdd0", false],
    ["3422e837dc974d3687c40d8aabbcdd0d", false],
    [" 3422e837-dc97-4d36-87c4-0d8aabbcdd0d", false],
    ["3422e837-dc97-4d36-87c4-0d8aabbcdd0d/", false],
  ])("%s → %s", (id, ok) => expect(isUuid(id)).toBe(ok));
});

describe("isDoneCreate", () => {
  it.each([
    ["", null, false],
    ["", "", false],
    ["k1", null, false],
    ["k1", "k2", false],
    ["k1", "k1", true],
  ] as const)("key %s, remembered %s → %s", (key, done, stale) => expect(isDoneCreate(key, done)).toBe(stale));
});
