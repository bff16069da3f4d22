// Ledger: the care of the ledger itself — check it (verify), download a backup, add and
// revoke the devices that sync with it (a new device's token is shown once), and, on a
// device, the changes waiting for the hub and those it refused, to send again or give up.
"use strict";

BL.renderLedger = async function () {
  const el = BL.el;
  const view = BL.byId("view-ledger");
  const status = (await BL.api("GET", "/sync/status")).body;
  const verdict = el("p", { id: "verify-result", role: "status" });
  const check = el("section", { "aria-labelledby": "verify-title" }, [
    el("h2", { id: "verify-title", text: "Check and keep" }),
    el("p", { class: "muted", text: "Checking reads every event's hash chain, the sealed periods and the read models. A backup holds every event; budget restore replays it into a new ledger." }),
    el("div", { class: "actions" }, [
      BL.button({ id: "verify", class: "secondary", text: "Check the ledger", onclick: () => verify(verdict) }),
      BL.button({ id: "backup", class: "secondary", text: "Download a backup", onclick: () => download(verdict) }),
    ]),
    verdict,
  ]);
  view.replaceChildren(check, await BL.periodsSection(), status.device ? await syncSection(status) : await devicesSection());
};

async function verify(verdict) {
  verdict.textContent = "Checking…";
  try {
    const result = (await BL.api("GET", "/verify")).body;
    verdict.textContent = result.ok
      ? `The ledger is sound: ${result.events} events, chain head ${result.head.slice(0, 12)}.`
      : `Problems found: ${result.problems.join("; ")}`;
    verdict.className = result.ok ? "good" : "bad";
  } catch (error) {
    verdict.textContent = error.message;
    verdict.className = "bad";
  }
}

/** Fetches the backup with this page's login and hands it to the browser as a file. */
async function download(verdict) {
  const response = await fetch("/api/v1/backup", { headers: BL.sessionHeaders(), credentials: "same-origin" }).catch(() => null);
  if (!response || !response.ok) {
    verdict.textContent = response ? ((await response.json().catch(() => ({}))).message || response.statusText) : "The server does not answer.";
    verdict.className = "bad";
    return;
  }
  const name = (/filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") || "") || [])[1] || "budget-backup.json";
  const link = BL.el("a", { href: URL.createObjectURL(await response.blob()), download: name });
  document.body.append(link);
  link.click();
  link.remove();
  verdict.textContent = `Saved ${name}. Keep it somewhere safe: it holds every transaction.`;
  verdict.className = "good";
}

/** The hub's devices: add one (its token shown once), revoke one. */
async function devicesSection() {
  const el = BL.el;
  const devices = (await BL.api("GET", "/devices")).body.items;
  const alert = BL.alert("device-alert");
  const name = el("input", { id: "device-name", required: true, autocomplete: "off", placeholder: "phone" });
  const readOnly = el("input", { id: "device-read-only", type: "checkbox" });
  const form = el("form", { id: "device-add", class: "tx-form", "aria-label": "Add a device" }, [
    el("div", { class: "fields" }, [
      BL.field("device-name", "Name", name),
      el("label", { class: "check" }, [readOnly, " Read only (sees, never writes)"]),
    ]),
    el("button", { type: "submit", id: "device-add-submit", text: "Add device", disabled: BL.isTravelling() }),
    alert,
  ]);
  BL.onSubmit(form, async () => {
    alert.textContent = "";
    try {
      const added = (await BL.api("POST", "/devices", { name: name.value.trim(), readOnly: readOnly.checked })).body;
      await BL.render();
      const shown = el("div", { id: "device-token", class: "note", role: "alert" }, [
        el("p", { text: `${added.device}'s token — shown this once. On the device: budget clone with it (docs/sync.md).` }),
        el("code", { text: added.token }),
      ]);
      BL.byId("device-add").after(shown);
    } catch (error) {
      alert.textContent = error.message;
    }
  });
  const rows = devices.map((d) => el("tr", { "data-device": d.name, class: d.revoked ? "closed" : null }, [
    el("th", { scope: "row", text: d.name }),
    el("td", { text: d.readOnly ? "read only" : "reads and writes" }),
    el("td", { text: d.revoked ? `revoked ${d.revoked.slice(0, 10)}` : `added ${d.added.slice(0, 10)}` }),
    el("td", {}, [d.revoked || BL.isTravelling() ? null : BL.button({ class: "danger", text: "Revoke", "aria-label": `Revoke ${d.name}`,
      onclick: () => { if (confirm(`Revoke ${d.name}? Its token stops working at once.`)) BL.formWrite(alert, "POST", `/devices/${encodeURIComponent(d.name)}/revoke`, {}, `${d.name} revoked`); } })]),
  ]));
  return el("section", { "aria-labelledby": "devices-title" }, [
    el("h2", { id: "devices-title", text: "Devices" }),
    devices.length ? el("table", { class: "sheet", id: "devices" }, [
      el("thead", {}, [el("tr", {}, ["Device", "Access", "Status", ""].map((h) => el("th", { scope: "col", text: h })))]),
      el("tbody", {}, rows),
    ]) : el("p", { class: "muted", text: "No device syncs with this ledger yet." }),
    form,
  ]);
}

/** On a device: where it stands with its hub, and each change waiting or refused. */
async function syncSection(status) {
  const el = BL.el;
  const alert = BL.alert("sync-alert");
  const act = (entry, verb, done) => BL.button({ class: verb === "drop" ? "danger" : "secondary", text: verb === "drop" ? "Give up" : "Send again",
    "aria-label": `${verb === "drop" ? "Give up" : "Send again"} change ${entry.id}`,
    onclick: () => BL.formWrite(alert, "POST", `/sync/outbox/${entry.id}/${verb}`, {}, done) });
  return el("section", { "aria-labelledby": "sync-title" }, [
    el("h2", { id: "sync-title", text: "Sync with the hub" }),
    el("p", { id: "sync-summary", text: `${status.remote || "The hub"}: ${status.pending} change${status.pending === 1 ? "" : "s"} waiting, ${status.conflicts} refused.` }),
    el("ul", { id: "outbox" }, status.entries.map((entry) => el("li", { "data-state": entry.state }, [
      el("strong", { text: entry.state === "conflict" ? "Refused: " : "Waiting: " }),
      entry.changes.join("; "),
      entry.reason ? el("span", { class: "muted", text: ` — ${entry.reason}` }) : null,
      entry.state === "conflict" ? el("span", { class: "actions" }, [act(entry, "retry", "Sent again"), act(entry, "drop", "Given up")]) : null,
    ]))),
    alert,
  ]);
}
