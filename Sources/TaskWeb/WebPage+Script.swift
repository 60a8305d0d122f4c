extension WebPage {
    /// `/app.js`: every action is a POST to `/api/…` carrying the CSRF token; chips come from the
    /// real parser (one request in flight, the newest text sent when it returns). Timings go to the
    /// Performance API: the mark `tasker-ready` (interactive) and a `tasker-chips` measure per
    /// keystroke whose chips were shown.
    static let script = #"""
        "use strict";
        const csrf = document.querySelector('meta[name="csrf-token"]').content;
        const $ = (selector) => document.querySelector(selector);

        async function api(name, body) {
          const response = await fetch("/api/" + name, {
            method: "POST", credentials: "same-origin",
            headers: { "Content-Type": "application/json", "X-Tasker-CSRF": csrf },
            body: JSON.stringify(body || {}),
          });
          const text = await response.text();
          if (!response.ok) throw new Error(text.trim() || "HTTP " + response.status);
          return JSON.parse(text);
        }
        async function call(tool, args) {
          const result = await api("call", { tool, arguments: args || {} });
          if (result.ok === false) throw new Error(result.error || tool + " failed");
          return result;
        }
        function el(tag, attributes, ...children) {
          const node = document.createElement(tag);
          for (const [key, value] of Object.entries(attributes || {})) {
            if (value === null || value === undefined || value === false) continue;
            if (key === "class") node.className = value;
            else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
            else node.setAttribute(key, value === true ? "" : value);
          }
          for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child);
          return node;
        }
        function say(message, isError) {
          const status = $("#status");
          status.textContent = message;
          status.className = isError ? "error" : "";
        }
        const failed = (error) => say(error.message, true);
        const clock = (iso) => (iso && iso.length >= 16 ? iso.slice(11, 16) : "");

        // Capture: the parser's drafts and chips as you type.
        const input = $("#capture-input");
        const typed = new Map();
        let inFlight = false, waiting = false, shown = null;
        input.addEventListener("input", () => {
          typed.set(input.value, performance.now());
          parse();
        });
        function parse() {
          if (inFlight) { waiting = true; return; }
          inFlight = true;
          const text = input.value;
          api("parse", { text }).then((answer) => {
            if (answer.text !== input.value) return;
            showDrafts(answer);
            const started = typed.get(answer.text);
            if (started !== undefined) performance.measure("tasker-chips", { start: started, end: performance.now() });
            typed.clear();
          }).catch(failed).finally(() => {
            inFlight = false;
            if (waiting) { waiting = false; parse(); }
          });
        }
        function showDrafts(answer) {
          shown = answer;
          const box = $("#drafts");
          // The title is the first chip, then what the grammar understood, in its order.
          box.replaceChildren(...answer.drafts.map((d) => el("div", { class: "draft" },
            el("ul", { class: "chips", "aria-label": "Understood" },
              [{ field: "title", text: d.draft.title || "(no title yet)" }, ...d.chips].map((c) => el("li", { class: "chip", "data-field": c.field },
                el("span", { class: "field" }, c.field + ":"), c.text))))));
          box.dataset.text = answer.text;
        }
        $("#capture-form").addEventListener("submit", async (event) => {
          event.preventDefault();
          const text = input.value;
          if (!text.trim()) return;
          try {
            const answer = shown && shown.text === text ? shown : await api("parse", { text });
            const saved = [];
            for (const d of answer.drafts) saved.push((await call("create_task", d.create)).task);
            input.value = "";
            $("#drafts").replaceChildren();
            shown = null;
            await refreshLists();
            say("Saved " + saved.map((t) => "“" + t.title + "”").join(", "));
          } catch (error) { failed(error); }
        });

        const refineButton = $("#refine-button");
        if (document.querySelector('meta[name="tasker-refine"]').content === "on") {
          refineButton.hidden = false;
          refineButton.addEventListener("click", async () => {
            if (!input.value.trim()) return;
            refineButton.disabled = true;
            say("Asking the model…");
            try {
              const answer = await api("refine", { text: input.value });
              if (answer.text === input.value) showDrafts(answer);
              say(answer.notice || "Refined by the model; Enter saves these drafts");
            } catch (error) { failed(error); }
            refineButton.disabled = false;
          });
        }

        // Today: overdue, today and tomorrow, with complete, reschedule and defer.
        let groups = [];
        let filter = null;
        let selected = null;
        async function refreshLists() {
          const [overdue, today, tomorrow] = await Promise.all(
            ["overdue", "today", "tomorrow"].map((name) => call("list_tasks", { filter: name, fields: ["all"] })));
          const late = new Set(overdue.tasks.map((t) => t.id));
          groups = [["Overdue", overdue.tasks], ["Today", today.tasks.filter((t) => !late.has(t.id))], ["Tomorrow", tomorrow.tasks]];
          showLists();
        }
        // The rule as the CLI's chip says it (`Every 2nd and 4th Fri`): the server's `recurrence_text`.
        function repeats(task) {
          return task.recurrence ? task.recurrence_text || "Repeats" : null;
        }
        function matches(task) {
          if (!filter) return true;
          return filter.kind === "context" ? (task.contexts || []).includes(filter.value) : task.project === filter.value;
        }
        function showFilters() {
          const contexts = new Set(), projects = new Set();
          for (const [, tasks] of groups) for (const t of tasks) {
            for (const c of t.contexts || []) contexts.add(c);
            if (t.project) projects.add(t.project);
          }
          const button = (kind, value, label) => el("button", {
            type: "button", "aria-pressed": String(!!filter && filter.kind === kind && filter.value === value),
            onclick: () => { filter = filter && filter.kind === kind && filter.value === value ? null : { kind, value }; showLists(); },
          }, label);
          $("#filters").replaceChildren(...[...contexts].sort().map((c) => button("context", c, "#" + c)),
            ...[...projects].sort().map((p) => button("project", p, "project: " + p)));
        }
        function showLists() {
          showFilters();
          $("#lists").replaceChildren(...groups.map(([name, tasks]) => {
            const visible = tasks.filter(matches);
            return el("div", { class: "group" }, el("h3", {}, name + " (" + visible.length + ")"),
              visible.length ? el("ul", { class: "tasks" }, visible.map(row)) : el("p", { class: "empty" }, "nothing"));
          }));
          if (selected !== null) select(document.querySelector('.task[data-id="' + selected + '"]'));
        }
        function row(task) {
          const meta = [task.due ? (task.due.length > 10 ? task.due.slice(0, 10) + " " + clock(task.due) : task.due) : null,
            task.priority && task.priority !== "normal" ? "priority " + task.priority : null,
            ...(task.contexts || []).map((c) => "#" + c), task.project ? "project " + task.project : null, repeats(task)]
            .filter(Boolean).join(" · ");
          const item = el("li", { class: "task", "data-id": task.id, tabindex: "-1" },
            el("span", { class: "title" }, task.title), el("span", { class: "meta" }, meta),
            el("button", { type: "button", "aria-label": "Complete " + task.title, onclick: () => complete(task) }, "Done"),
            el("button", { type: "button", "aria-label": "Reschedule " + task.title, onclick: () => ask(item, task, "reschedule") }, "Reschedule"),
            el("button", { type: "button", "aria-label": "Defer " + task.title, onclick: () => ask(item, task, "defer") }, "Defer"));
          return item;
        }
        async function complete(task) {
          try {
            await call("complete_task", { id: task.id });
            await refreshLists();
            say("Completed “" + task.title + "”");
          } catch (error) { failed(error); }
        }
        function ask(item, task, what) {
          const old = item.querySelector("form");
          if (old) old.remove();
          const label = what === "reschedule" ? "Reschedule to" : "Defer until";
          const field = el("input", { type: "text", "aria-label": label + " (a phrase: friday 3pm)", placeholder: "friday 3pm" });
          const form = el("form", { onsubmit: async (event) => {
            event.preventDefault();
            try {
              if (what === "reschedule") await call("reschedule_task", { id: task.id, due: field.value });
              else await call("defer_task", { id: task.id, until: field.value });
              await refreshLists();
              say((what === "reschedule" ? "Rescheduled “" : "Deferred “") + task.title + "” to " + field.value);
            } catch (error) { failed(error); }
          } }, el("label", {}, label), field, el("button", { type: "submit" }, "Apply"));
          item.append(form);
          field.focus();
        }
        function select(item) {
          for (const other of document.querySelectorAll(".task.selected")) other.classList.remove("selected");
          if (!item) { selected = null; return; }
          item.classList.add("selected");
          item.focus();
          selected = item.dataset.id;
        }
        document.addEventListener("keydown", (event) => {
          const target = event.target;
          if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) {
            if (event.key === "Escape") target.blur();
            return;
          }
          if (event.ctrlKey || event.metaKey || event.altKey) return;
          const rows = [...document.querySelectorAll(".task")];
          const at = rows.findIndex((r) => r.dataset.id === selected);
          if (event.key === "/") { event.preventDefault(); input.focus(); }
          else if (event.key === "j" && rows.length) select(rows[Math.min(at + 1, rows.length - 1)]);
          else if (event.key === "k" && rows.length) select(rows[Math.max(at - 1, 0)]);
          else if (event.key === "x" && at >= 0) {
            const id = Number(selected);
            for (const [, tasks] of groups) for (const t of tasks) if (t.id === id) complete(t);
          }
        });

        // Plan: plan_day as a timeline of busy blocks and plan blocks; its ics for export.
        let planICS = null;
        $("#plan-form").addEventListener("submit", async (event) => {
          event.preventDefault();
          const args = { budget_minutes: Number($("#plan-minutes").value) || 180, format: "ics" };
          if ($("#plan-energy").value) args.energy = $("#plan-energy").value;
          try {
            const answer = await call("plan_day", args);
            const plan = answer.plan;
            const blocks = [...(plan.busy || []).map((b) => ({ kind: "busy", label: "Busy", title: b.title + (b.calendar ? " (" + b.calendar + ")" : ""), start: b.start, end: b.end })),
              ...(plan.items || []).map((i) => ({ kind: "plan", label: "Plan", title: i.title, start: i.start, end: i.end, minutes: i.minutes }))]
              .filter((b) => b.start).sort((a, b) => a.start.localeCompare(b.start));
            $("#timeline").replaceChildren(...blocks.map((b) => {
              const block = el("li", { class: "block " + b.kind },
                el("span", { class: "kind" }, b.label), el("span", { class: "when" }, clock(b.start) + "–" + clock(b.end)), el("span", {}, b.title));
              const minutes = (Date.parse(b.end) - Date.parse(b.start)) / 60000;
              if (minutes > 0) block.style.minHeight = Math.min(12, 1.6 + minutes / 30) + "rem";
              return block;
            }));
            $("#unplanned").replaceChildren(...(plan.not_planned || []).map((u) => el("li", {}, "Not planned: " + u.title + (u.reason ? " — " + u.reason : ""))));
            planICS = answer.ics || null;
            $("#plan-export").disabled = !planICS;
            say("Planned " + (plan.items || []).length + " block(s)");
          } catch (error) { failed(error); }
        });
        $("#plan-export").addEventListener("click", () => {
          if (!planICS) return;
          const link = el("a", { href: URL.createObjectURL(new Blob([planICS], { type: "text/calendar" })), download: "plan.ics" });
          document.body.append(link);
          link.click();
          link.remove();
        });

        // Approvals: what agents asked for, decided here as with `tasker approve`.
        async function refreshApprovals() {
          const answer = await api("approvals");
          $("#pending").replaceChildren(...(answer.pending.length ? answer.pending.map((r) => el("li", { class: "approval", "data-id": r.id },
            el("div", {}, el("strong", {}, r.agent), " asks to run ", el("code", {}, r.tool)),
            el("dl", {}, el("dt", {}, "Tool"), el("dd", {}, r.tool), el("dt", {}, "Target"), el("dd", {}, r.target || "—"),
              el("dt", {}, "Arguments"), el("dd", {}, el("pre", {}, JSON.stringify(r.arguments, null, 2))),
              el("dt", {}, "Scope"), el("dd", {}, r.scope || "—"), el("dt", {}, "Agent"), el("dd", {}, r.agent),
              el("dt", {}, "Expires"), el("dd", {}, r.expires)),
            el("div", { class: "row" },
              el("button", { type: "button", class: "primary", "aria-label": "Approve " + r.id, onclick: () => decide("approve", r) }, "Approve"),
              el("button", { type: "button", "aria-label": "Reject " + r.id, onclick: () => decide("reject", r) }, "Reject"))))
            : [el("li", { class: "empty" }, "no requests are waiting")]));
          $("#receipts").replaceChildren(...(answer.receipts.length ? answer.receipts.map((r) =>
            el("li", {}, r.time.slice(0, 16).replace("T", " ") + " " + r.agent + " " + r.tool + " " + r.decision + (r.approval_id ? " (" + r.approval_id + ")" : "")))
            : [el("li", {}, "none")]));
        }
        async function decide(what, request) {
          try {
            const answer = await api(what, { id: request.id });
            const words = { approved: "approved and run", rejected: "rejected", failed: "failed: " + answer.message, stale: "stale: " + answer.message };
            await Promise.all([refreshApprovals(), refreshLists()]);
            say(request.id + " " + words[answer.outcome], answer.outcome === "failed" || answer.outcome === "stale");
          } catch (error) { failed(error); }
        }
        $("#approvals-refresh").addEventListener("click", () => refreshApprovals().catch(failed));

        // Undo an agent: Preview is the dry run; Undo runs what was previewed, as `tasker agent undo`.
        async function agentUndo(dryRun) {
          const answer = await api("agent-undo", { agent: $("#undo-agent").value, since: $("#undo-since").value, dry_run: dryRun });
          $("#undo-lines").replaceChildren(...answer.lines.map((line) => el("li", {}, line)));
          $("#undo-run").disabled = !dryRun || answer.changes === 0;
          if (!dryRun) await Promise.all([refreshApprovals(), refreshLists()]);
        }
        $("#undo-form").addEventListener("submit", (event) => { event.preventDefault(); agentUndo(true).catch(failed); });
        $("#undo-run").addEventListener("click", () => agentUndo(false).catch(failed));
        for (const field of ["#undo-agent", "#undo-since"]) $(field).addEventListener("input", () => { $("#undo-run").disabled = true; });
        window.addEventListener("focus", () => refreshApprovals().catch(failed));

        Promise.all([refreshLists(), refreshApprovals()]).catch(failed).finally(() => {
          input.focus();
          performance.mark("tasker-ready");
          document.body.dataset.ready = "true";
        });
        """#
}
