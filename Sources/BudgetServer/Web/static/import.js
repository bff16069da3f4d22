// Import: a bank's CSV file, uploaded from the browser. The page reads the header row, guesses
// which column holds what (each choice can be changed), previews what the server would add,
// skip (already imported) and refuse, and imports only when asked — as `budget import csv`.
"use strict";

/** What each column means, the import's parameter for it, and the headers that suggest it. */
const IMPORT_FIELDS = [
  ["date", "Date", "dateColumn", /date|day|booked/i, true],
  ["payee", "Payee", "payeeColumn", /payee|description|name|merchant|counterparty|text/i, true],
  ["amount", "Amount", "amountColumn", /amount|sum|value/i, true],
  ["category", "Category", "categoryColumn", /category/i, false],
  ["notes", "Notes", "notesColumn", /note|memo|reference/i, false],
];

BL.importFile = null;  // {name, text, headers, delimiter}

BL.renderImport = async function () {
  const el = BL.el;
  const view = BL.byId("view-import");
  // Built once: a change elsewhere in the log must not take away a chosen file or its preview.
  if (view.childElementCount) return;
  await BL.loadLists();
  const file = el("input", { id: "import-file", type: "file", accept: ".csv,text/csv" });
  const account = el("select", { id: "import-account" }, BL.state.accounts.filter((a) => !a.closed).map((a) => el("option", { value: a.name, text: a.name })));
  const mapping = el("div", { id: "import-mapping" });
  const result = el("div", { id: "import-result", role: "status" });
  file.addEventListener("change", async () => {
    const chosen = file.files[0];
    if (!chosen) return;
    const text = await chosen.text();
    const first = text.split(/\r?\n/, 1)[0].replace(/^\uFEFF/, "");
    const delimiter = (first.match(/;/g) || []).length > (first.match(/,/g) || []).length ? ";" : ",";
    const headers = first.split(delimiter).map((h) => h.trim().replace(/^"|"$/g, ""));
    BL.importFile = { name: chosen.name, text, headers, delimiter };
    mapping.replaceChildren(mappingForm(result));
    result.replaceChildren();
  });
  view.replaceChildren(
    el("h2", { text: "Import a bank file" }),
    el("p", { class: "muted", text: "A CSV file from your bank: nothing is added until you have seen the preview and pressed Import. Importing the same file again adds nothing." }),
    el("div", { class: "fields" }, [BL.field("import-file", "File", file), BL.field("import-account", "Into account", account)]),
    mapping, result,
  );
};

/** A choice of column for each field, the date layout, and Preview / Import. */
function mappingForm(result) {
  const el = BL.el;
  const { headers } = BL.importFile;
  const choose = ([key, label, , hint, required]) => BL.field(`import-${key}`, label, el("select", { id: `import-${key}` }, [
    required ? null : el("option", { value: "", text: "none" }),
    ...headers.map((h) => el("option", { value: h, text: h, selected: headers.find((x) => hint.test(x)) === h })),
  ]));
  const layout = el("select", { id: "import-date-format" }, [["iso", "2024-03-18"], ["dmy", "18/03/2024"], ["mdy", "03/18/2024"]].map(([value, text]) => el("option", { value, text })));
  const fallback = el("select", { id: "import-default-category" }, [el("option", { value: "", text: "none: refuse the row" }),
    ...BL.state.categories.map((c) => el("option", { value: c.name, text: c.name }))]);
  const comma = el("input", { id: "import-decimal-comma", type: "checkbox" });
  const commit = BL.button({ id: "import-commit", text: "Import", disabled: true, onclick: () => send(false, result, commit) });
  return el("form", { class: "tx-form", "aria-label": "Columns of the file" }, [
    el("h2", { text: `Columns of ${BL.importFile.name}` }),
    el("div", { class: "fields" }, [...IMPORT_FIELDS.map(choose), BL.field("import-date-format", "Dates look like", layout),
      BL.field("import-default-category", "Rows without a category", fallback),
      el("label", { class: "check" }, [comma, " Decimal comma (12,50)"])]),
    el("div", { class: "actions" }, [
      BL.button({ id: "import-preview", class: "secondary", text: "Preview", onclick: () => send(true, result, commit) }),
      commit,
    ]),
  ]);
}

/** Posts the file with the chosen mapping: a dry run for the preview, else the import. */
async function send(dryRun, result, commit) {
  const value = (id) => BL.byId(id).value;
  const query = new URLSearchParams({ account: value("import-account"), dateFormat: value("import-date-format"), delimiter: BL.importFile.delimiter });
  for (const [key, , parameter] of IMPORT_FIELDS) if (value(`import-${key}`)) query.set(parameter, value(`import-${key}`));
  if (value("import-default-category")) query.set("defaultCategory", value("import-default-category"));
  if (BL.byId("import-decimal-comma").checked) query.set("decimalComma", "true");
  if (dryRun) query.set("dryRun", "true");
  const response = await fetch(`/api/v1/import/csv?${query}`, { method: "POST", credentials: "same-origin",
    headers: Object.assign({ "Content-Type": "text/csv", Accept: "application/json" }, BL.sessionHeaders()), body: BL.importFile.text }).catch(() => null);
  const answer = response ? await response.json().catch(() => ({})) : { message: "The server does not answer: nothing was imported." };
  const el = BL.el;
  if (!response || !response.ok) {
    result.replaceChildren(el("p", { class: "form-alert", id: "import-error", text: answer.message || response.statusText }));
    commit.disabled = true;
    return;
  }
  const verb = dryRun ? "would be" : "were";
  result.replaceChildren(
    el("p", { id: "import-summary", class: dryRun ? "" : "good", text: `${answer.added} ${verb} added, ${answer.skipped} skipped (already imported), ${answer.rejected.length} refused.` }),
    answer.rejected.length ? el("ul", { id: "import-rejected" }, answer.rejected.map((reason) => el("li", { text: reason }))) : null,
  );
  commit.disabled = !dryRun || answer.added === 0;
  if (!dryRun) {
    BL.toast(`Imported ${answer.added} transaction${answer.added === 1 ? "" : "s"}`);
    BL.importFile = null;
  }
}
