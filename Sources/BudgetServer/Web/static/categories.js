// Categories: every category in its group with its budget type, due date and rollover, and
// what can be done to one — add, rename, move into or out of a group, set or clear its due
// date, carry unspent or overspent money into the next month, archive, restore, and delete one
// that was never used. One request each; a refusal shows under the form and changes nothing.
"use strict";

BL.renderCategories = async function () {
  const el = BL.el;
  const view = BL.byId("view-categories");
  const listed = (await BL.api("GET", BL.withQuery("/categories?all=true", BL.timeQuery(false)))).body.items;
  // Each group followed by the categories in it, both in their order.
  const categories = listed.filter((c) => !c.parent || !listed.some((g) => g.name === c.parent))
    .flatMap((group) => [group, ...listed.filter((c) => c.parent === group.name)]);
  const carry = (c) => [c.carryUnspent ? "unspent" : null, c.carryOverspent ? "overspent" : null].filter(Boolean).join(" + ") || "—";
  const rows = categories.map((c) => el("tr", { "data-category": c.name, class: c.archived ? "closed" : null }, [
    el("th", { scope: "row" }, [c.parent ? `${c.parent} › ${c.name}` : c.name, c.archived ? el("span", { class: "pending-mark", text: "archived" }) : null]),
    el("td", { class: "kind", text: c.kind === "income" ? "income" : c.budgetType }),
    el("td", { class: "due", text: c.dueDate || "—" }),
    el("td", { class: "carry", text: carry(c) }),
    el("td", { class: "status", text: c.archived ? "archived" : "active" }),
    el("td", {}, [BL.button({ class: "secondary manage", text: "Edit", "aria-label": `Change ${c.name}`,
      disabled: BL.isTravelling(), onclick: () => { BL.panel = c.id; showCategoryForm(view, c, categories); } })]),
  ]));
  view.replaceChildren(
    el("table", { class: "sheet categories", id: "categories-list" }, [
      el("caption", { text: "Categories" }),
      el("thead", {}, [el("tr", {}, ["Category", "Type", "Due", "Carries", "Status", ""].map((h) => el("th", { scope: "col", text: h })))]),
      el("tbody", {}, rows),
    ]),
    BL.isTravelling() ? null : addCategoryForm(categories),
    el("div", { id: "category-change" }),
  );
  const open = !BL.isTravelling() && categories.find((c) => c.id === BL.panel);
  if (open) showCategoryForm(view, open, categories, false);
};

function groupOptions(categories, except, selected, emptyLabel) {
  return [BL.el("option", { value: "", text: emptyLabel })].concat(categories
    .filter((c) => !c.parent && c.id !== except && !c.archived)
    .map((c) => BL.el("option", { value: c.name, text: c.name, selected: c.name === selected })));
}

/** Add a category: name, expense or income, budget type, and the group it sits in. */
function addCategoryForm(categories) {
  const el = BL.el;
  const alert = BL.alert("category-add-alert");
  const option = (value) => el("option", { value, text: value });
  const form = el("form", { id: "category-add", class: "tx-form", "aria-label": "Add a category" }, [
    el("h2", { text: "Add a category" }),
    el("div", { class: "fields" }, [
      BL.field("category-add-name", "Name", el("input", { id: "category-add-name", name: "name", required: true, autocomplete: "off" })),
      BL.field("category-add-kind", "Kind", el("select", { id: "category-add-kind", name: "kind" }, ["expense", "income"].map(option))),
      BL.field("category-add-type", "Budget", el("select", { id: "category-add-type", name: "budgetType" }, ["variable", "fixed", "quarterly"].map(option))),
      BL.field("category-add-group", "In group", el("select", { id: "category-add-group", name: "parent" }, groupOptions(categories, null, null, "none (a group of its own)"))),
    ]),
    el("button", { type: "submit", id: "category-add-submit", text: "Add category" }),
    alert,
  ]);
  BL.onSubmit(form, () => {
    const value = (name) => form.querySelector(`[name=${name}]`).value.trim() || undefined;
    const body = { name: value("name") || "", kind: value("kind"), budgetType: value("budgetType"), parent: value("parent") };
    BL.formWrite(alert, "POST", "/categories", body, `Added ${body.name}`);
  });
  return form;
}

/** The changes one category can take, in a panel below the table. */
function showCategoryForm(view, category, categories, focus = true) {
  const el = BL.el;
  const path = `/categories/${category.id}`;
  const alert = BL.alert("category-change-alert");
  const write = (method, suffix, body, done) => BL.formWrite(alert, method, path + suffix, body, done);
  const name = el("input", { id: "category-rename", value: category.name, autocomplete: "off" });
  const group = el("select", { id: "category-group" }, groupOptions(categories, category.id, category.parent, "none (top level)"));
  const due = el("input", { id: "category-due", type: "date", value: category.dueDate || "" });
  const unspent = el("input", { id: "category-carry-unspent", type: "checkbox", checked: category.carryUnspent });
  const overspent = el("input", { id: "category-carry-overspent", type: "checkbox", checked: category.carryOverspent });
  const button = (id, text, action, kind = "secondary") => BL.button({ id, class: kind, text, onclick: action });
  const row = (...children) => el("div", { class: "fields" }, children);
  const panel = el("section", { id: "category-change", "aria-label": `Change ${category.name}`, "data-category": category.name }, [
    el("h2", { text: `Change ${category.name}` }),
    row(BL.field("category-rename", "Name", name),
      button("category-rename-submit", "Rename", () => write("PATCH", "", { name: name.value.trim() }, `Renamed to ${name.value.trim()}`))),
    row(BL.field("category-group", "Group", group),
      button("category-group-submit", "Move", () => write("PATCH", "", group.value ? { parent: group.value } : { topLevel: true }, `Moved ${category.name}`))),
    row(BL.field("category-due", "Due date", due),
      button("category-due-submit", "Set due date", () => write("PUT", "/due-date", { date: due.value }, `${category.name} is due on ${due.value}`)),
      category.dueDate ? button("category-due-clear", "Clear due date", () => write("DELETE", "/due-date", undefined, `${category.name} has no due date`)) : null),
    el("fieldset", { class: "carry" }, [
      el("legend", { text: "Carry into next month" }),
      el("label", {}, [unspent, " what is left unspent"]),
      el("label", {}, [overspent, " what is overspent"]),
      button("category-carry-submit", "Set", () => write("PUT", "/rollover", { unspent: unspent.checked, overspent: overspent.checked }, `Rollover of ${category.name} set`)),
    ]),
    row(category.archived
      ? button("category-restore-submit", "Restore", () => write("POST", "/restore", {}, `Restored ${category.name}`))
      : button("category-archive-submit", "Archive", () => write("POST", "/archive", {}, `Archived ${category.name}`)),
    category.transactions === 0 ? button("category-delete-submit", "Delete", () => confirm(`Delete ${category.name}? Undo brings it back.`) && write("DELETE", "", undefined, `Deleted ${category.name}`), "danger") : null),
    alert,
  ]);
  view.querySelector("#category-change").replaceWith(panel);
  if (focus) name.focus();
}
