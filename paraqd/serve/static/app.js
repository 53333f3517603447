// The paraqd web page: collect (problem, paraphrase) pairs from the form or a CSV file, ask POST /explain,
// and show each paraphrase with its verdict, score, reasons and the findings' spans marked in both texts.
// User text only ever reaches the page through textContent / text nodes, never as HTML.
"use strict";

(() => {
  // The column names paraqd's own readers recognise (paraqd/io.py), plus "problem".
  const QUESTION_COLUMNS = ["question", "problem", "anchor", "text", "original", "source", "sentence1",
    "question1", "text_a"];
  const PARAPHRASE_COLUMNS = ["paraphrase", "candidate", "augmented", "positive", "sentence2", "question2",
    "text_b", "paraphrases", "candidates"];
  const SEVERITY_RANK = { minor: 1, major: 2, critical: 3 };
  const MAX_ROWS = 2000;
  const MAX_FILE_BYTES = 5 * 1024 * 1024;

  const state = { limits: { max_pairs: 256, max_text_chars: 5000 }, fileRows: null, rows: [] };
  const byId = (id) => document.getElementById(id);

  /** An element with attributes and children; strings become text nodes (never parsed as HTML). */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  // -- input -------------------------------------------------------------------------------------------

  /** Rows of an RFC 4180 CSV text (quoted fields, doubled quotes, CRLF or LF line ends). */
  function parseCSV(text) {
    const rows = [];
    let row = [];
    let field = "";
    let quoted = false;
    let i = 0;
    text = text.replace(/^\uFEFF/, "");
    while (i < text.length) {
      const c = text[i];
      if (quoted) {
        if (c === '"') {
          if (text[i + 1] === '"') { field += '"'; i += 2; continue; }
          quoted = false;
        } else {
          field += c;
        }
        i += 1;
        continue;
      }
      if (c === '"' && field === "") quoted = true;
      else if (c === ",") { row.push(field); field = ""; }
      else if (c === "\n") { row.push(field); rows.push(row); row = []; field = ""; }
      else if (c !== "\r") field += c;
      i += 1;
    }
    if (quoted) throw new Error("the file has a quote that is never closed");
    if (field !== "" || row.length) { row.push(field); rows.push(row); }
    return rows.filter((r) => !(r.length === 1 && r[0].trim() === ""));
  }

  /** [{question, paraphrase}] from a CSV text with a header row; question is null when the file has none. */
  function rowsFromCSV(text) {
    const table = parseCSV(text);
    if (table.length < 2) throw new Error("the file needs a header row and at least one row of data");
    const header = table[0].map((name) => name.trim().toLowerCase());
    const find = (names) => names.map((name) => header.indexOf(name)).find((index) => index >= 0);
    const p = find(PARAPHRASE_COLUMNS);
    const q = find(QUESTION_COLUMNS.filter((name) => header.indexOf(name) !== p));
    if (p === undefined) {
      throw new Error(`no paraphrase column in the header (${header.join(", ")}); name one "paraphrase" or "candidate"`);
    }
    const rows = [];
    table.slice(1).forEach((cells, i) => {
      const paraphrase = (cells[p] || "").trim();
      if (!paraphrase) return;
      const question = q === undefined ? null : (cells[q] || "").trim() || null;
      rows.push({ question, paraphrase, line: i + 2 });
    });
    if (!rows.length) throw new Error("the paraphrase column is empty");
    return rows;
  }

  async function onFileChosen() {
    const input = byId("csv-file");
    const summary = byId("csv-summary");
    state.fileRows = null;
    summary.hidden = true;
    byId("csv-clear").hidden = true;
    showError("");
    const file = input.files && input.files[0];
    if (!file) return;
    try {
      if (file.size > MAX_FILE_BYTES) throw new Error(`the file is larger than ${MAX_FILE_BYTES / 1048576} MB`);
      state.fileRows = rowsFromCSV(await file.text());
      const problems = new Set(state.fileRows.map((r) => r.question)).size;
      summary.textContent = `${file.name}: ${state.fileRows.length} paraphrase${plural(state.fileRows.length)}` +
        (state.fileRows.some((r) => r.question) ? ` of ${problems} problem${plural(problems)}` : "") +
        " will be checked with the ones above.";
      summary.hidden = false;
      byId("csv-clear").hidden = false;
    } catch (err) {
      input.value = "";
      showError(`${file.name}: ${err.message}.`, input);
    }
  }

  function clearFile() {
    const input = byId("csv-file");
    input.value = "";
    state.fileRows = null;
    byId("csv-summary").hidden = true;
    byId("csv-clear").hidden = true;
    input.focus();
  }

  /** The (question, paraphrase) pairs to check, or throws an Error naming the field to fix. */
  function collectPairs() {
    const question = byId("question").value.trim();
    // each candidate keeps the number of its line in the box (blank lines counted), shown with its result
    const lines = byId("candidates").value.split(/\r?\n/).map((text, i) => ({ text: text.trim(), number: i + 1 }))
      .filter((line) => line.text);
    const fileRows = state.fileRows || [];
    if (!lines.length && !fileRows.length) {
      throw fieldError("Paste at least one candidate paraphrase, or upload a CSV file.", "candidates");
    }
    if (!question && (lines.length || fileRows.some((r) => !r.question))) {
      throw fieldError("Paste the word problem the paraphrases are of.", "question");
    }
    const pairs = [
      ...lines.map((line) => ({ question, paraphrase: line.text, where: `line ${line.number} of the paraphrases`,
        label: `Candidate ${line.number}` })),
      ...fileRows.map((r) => ({ question: r.question || question, paraphrase: r.paraphrase,
        where: `row ${r.line} of the file`, label: `File row ${r.line}` })),
    ];
    if (pairs.length > MAX_ROWS) {
      throw fieldError(`That is ${pairs.length} paraphrases; the page checks up to ${MAX_ROWS} at a time.`,
        "candidates");
    }
    const limit = state.limits.max_text_chars;
    const long = pairs.find((p) => p.paraphrase.length > limit || p.question.length > limit);
    if (long) throw fieldError(`The text on ${long.where} is longer than ${limit} characters.`, "candidates");
    return pairs;
  }

  function fieldError(message, fieldId) {
    const err = new Error(message);
    err.fieldId = fieldId;
    return err;
  }

  // -- the service -------------------------------------------------------------------------------------

  async function loadHealth() {
    try {
      const response = await fetch("/health");
      if (!response.ok) return;
      const health = await response.json();
      state.limits = health.limits;
      byId("version").textContent = health.version;
      byId("mode").textContent = health.hybrid
        ? `valid from a score of ${health.threshold}: the similarity of meaning, lowered when a number, unit, ` +
          "name or the question changed (technical: hybrid score, the learned cosine lowered by the " +
          "critical-information check)"
        : `valid from a score of ${health.threshold}: the similarity of meaning only; what changed is shown but ` +
          "does not change the verdict (technical: the pure learned cosine)";
    } catch (err) {
      // the defaults above stay; the first check reports a service that cannot be reached
    }
  }

  async function explain(pairs) {
    const results = [];
    const size = Math.max(1, state.limits.max_pairs);
    for (let start = 0; start < pairs.length; start += size) {
      const batch = pairs.slice(start, start + size);
      let response;
      try {
        response = await fetch("/explain", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ pairs: batch.map((p) => ({ question: p.question, paraphrase: p.paraphrase })) }),
        });
      } catch (err) {
        throw new Error("The service cannot be reached; is `paraqd serve` still running?");
      }
      let body = null;
      try { body = await response.json(); } catch (err) { body = null; }
      if (!response.ok) {
        const detail = body && typeof body.detail === "string" ? body.detail : response.statusText;
        throw new Error(`The service refused the request (${response.status}): ${detail}`);
      }
      results.push(...body.results);
    }
    return results;
  }

  // -- output ------------------------------------------------------------------------------------------

  function plural(n) { return n === 1 ? "" : "s"; }

  /**
   * ``text`` with the findings' spans marked. Spans count Unicode code points (Python's str indices), so the
   * text is split into code points, not UTF-16 units. Each span is followed by the numbers of its findings.
   */
  function highlighted(text, marks) {
    const chars = Array.from(text);
    const spans = marks.filter((m) => m.start < m.end && m.start >= 0 && m.end <= chars.length);
    const cuts = new Set([0, chars.length]);
    spans.forEach((m) => { cuts.add(m.start); cuts.add(m.end); });
    const bounds = [...cuts].sort((a, b) => a - b);
    const fragment = document.createDocumentFragment();
    for (let k = 0; k + 1 < bounds.length; k += 1) {
      const [a, b] = [bounds[k], bounds[k + 1]];
      const piece = chars.slice(a, b).join("");
      const covering = spans.filter((m) => m.start <= a && m.end >= b);
      if (!covering.length) { fragment.append(document.createTextNode(piece)); continue; }
      const worst = covering.reduce((w, m) => (SEVERITY_RANK[m.severity] > SEVERITY_RANK[w] ? m.severity : w),
        "minor");
      const ids = [...new Set(covering.map((m) => m.finding))].sort((x, y) => x - y);
      fragment.append(el("mark", { class: `sev-${worst}`, "data-findings": ids.join(" ") }, piece));
      const ending = [...new Set(spans.filter((m) => m.end === b && m.start <= a).map((m) => m.finding))];
      if (ending.length) {
        fragment.append(el("sup", { class: "ref" }, el("span", { class: "sr-only" }, " finding "),
          ending.sort((x, y) => x - y).join(",")));
      }
    }
    return fragment;
  }

  function spansOf(findings, side) {
    const out = [];
    findings.forEach((f, i) => f[side].forEach((s) => out.push({ start: s.start, end: s.end, severity: f.severity,
      finding: i + 1 })));
    return out;
  }

  /** Plain words with the technical term one click away (a disclosure: keyboard and screen readers too). */
  function term(words, technical, value) {
    return el("details", { class: "term" },
      el("summary", {}, words, value === undefined ? null : [" ", el("strong", {}, value)]),
      el("span", { class: "technical" }, technical));
  }

  function resultItem(row) {
    const { result } = row;
    const valid = result.verdict === "valid";
    const findings = result.findings || [];
    const extra = (result.reasons || []).filter((r) => !findings.some((f) => f.message === r));
    const questionMarks = spansOf(findings, "question_spans");
    const item = el("li", { class: `result ${valid ? "is-valid" : "is-invalid"}`, "data-label": row.label },
      el("div", { class: "result-head" },
        el("span", { class: "label" }, row.label),
        el("span", { class: `verdict ${valid ? "verdict-valid" : "verdict-invalid"}` },
          el("span", { class: "icon", "aria-hidden": "true" }, valid ? "✓" : "✗"), valid ? "Valid" : "Invalid"),
        el("span", { class: "figure" }, term("score", "technical: the hybrid score, in [-1, 1]: the similarity " +
          "of meaning lowered by what changed; valid from the threshold up", result.score.toFixed(3))),
        el("span", { class: "figure" }, term("similarity of meaning", "technical: the learned cosine similarity " +
          "of the two sentence embeddings (all-MiniLM-L6-v2 or a trained model), in [-1, 1]",
        result.cosine.toFixed(3)))),
      el("p", { class: "text-label" }, "Paraphrase"),
      el("p", { class: "text paraphrase" }, highlighted(row.paraphrase, spansOf(findings, "paraphrase_spans"))),
      questionMarks.length ? [
        el("p", { class: "text-label" }, "In the problem"),
        el("p", { class: "text question" }, highlighted(row.question, questionMarks)),
      ] : null,
      findings.length || extra.length
        ? [el("p", { class: "text-label" }, "What changed"),
          el("ol", { class: "findings", "aria-label": "What changed" },
          findings.map((f) => el("li", { class: `finding sev-${f.severity}` },
            el("span", { class: "severity" }, f.severity), " ", f.message)),
          extra.map((reason) => el("li", { class: "finding" }, plainReason(reason))))]
        : el("p", { class: "nothing" }, "Nothing missing or changed: numbers, units, names and the question are kept."));
    return item;
  }

  /** The check's wording of a low learned score, in plain words. */
  function plainReason(reason) {
    return reason.replace(/^low learned similarity \(([^)]*)\)/, "the meaning is too far from the problem " +
      "(similarity of meaning $1)");
  }

  function render(pairs, results) {
    const groups = new Map();
    pairs.forEach((pair, i) => {
      if (!groups.has(pair.question)) groups.set(pair.question, []);
      groups.get(pair.question).push({ ...pair, result: results[i], order: i });
    });
    const container = byId("results");
    container.replaceChildren();
    state.rows = [];
    let problem = 0;
    for (const [question, rows] of groups) {
      problem += 1;
      rows.sort((x, y) => (y.result.verdict === "valid") - (x.result.verdict === "valid") ||
        y.result.score - x.result.score || x.order - y.order);
      state.rows.push(...rows);
      const valid = rows.filter((r) => r.result.verdict === "valid").length;
      container.append(el("section", { class: "problem", "aria-label": `Problem ${problem}` },
        el("h3", {}, groups.size > 1 ? `Problem ${problem} of ${groups.size}` : "Problem",
          el("span", { class: "count" }, ` · ${valid} of ${rows.length} valid`)),
        el("p", { class: "text problem-text" }, question),
        el("ol", { class: "results" }, rows.map(resultItem))));
    }
    const valid = state.rows.filter((r) => r.result.verdict === "valid").length;
    byId("status").textContent = `Checked ${pairs.length} paraphrase${plural(pairs.length)}` +
      (groups.size > 1 ? ` of ${groups.size} problems` : "") +
      `: ${valid} valid, ${pairs.length - valid} invalid. Valid ones are listed first.`;
    byId("download").disabled = false;
    showResults();
  }

  /** Bring the results into view and move the focus to their heading (on a phone they start below the form). */
  function showResults() {
    byId("results-heading").focus({ preventScroll: true });
    byId("results-section").scrollIntoView({ block: "start" });  // at once: no animation to wait for
  }

  // -- CSV download ------------------------------------------------------------------------------------

  function csvCell(value, isText) {
    let text = String(value);
    // a cell starting with = + - @ would be run as a formula by spreadsheet programs
    if (isText && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  }

  function download() {
    const lines = [["candidate", "question", "paraphrase", "verdict", "score", "cosine", "reasons"].join(",")];
    for (const row of state.rows) {
      lines.push([csvCell(row.label, true), csvCell(row.question, true), csvCell(row.paraphrase, true),
        row.result.verdict,
        row.result.score, row.result.cosine, csvCell((row.result.reasons || []).join("; "), true)].join(","));
    }
    const url = URL.createObjectURL(new Blob([`${lines.join("\r\n")}\r\n`], { type: "text/csv;charset=utf-8" }));
    const link = el("a", { href: url, download: "paraqd-results.csv", hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  // -- wiring ------------------------------------------------------------------------------------------

  function showError(message, field) {
    byId("error").textContent = message;
    for (const id of ["question", "candidates", "csv-file"]) byId(id).removeAttribute("aria-invalid");
    if (field) {
      field.setAttribute("aria-invalid", "true");
      field.focus();
    }
  }

  async function onSubmit(event) {
    event.preventDefault();
    showError("");
    let pairs;
    try {
      pairs = collectPairs();
    } catch (err) {
      showError(err.message, err.fieldId ? byId(err.fieldId) : null);
      return;
    }
    const button = byId("check");
    const results = byId("results");
    button.disabled = true;
    results.setAttribute("aria-busy", "true");
    byId("status").textContent = `Checking ${pairs.length} paraphrase${plural(pairs.length)}…`;
    try {
      render(pairs, await explain(pairs));
    } catch (err) {
      byId("status").textContent = "The check did not finish.";
      showError(err.message);
    } finally {
      button.disabled = false;
      results.setAttribute("aria-busy", "false");
    }
  }

  function submitOnCtrlEnter(event) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      byId("check-form").requestSubmit();
    }
  }

  document.addEventListener("DOMContentLoaded", () => {
    byId("check-form").addEventListener("submit", onSubmit);
    byId("csv-file").addEventListener("change", onFileChosen);
    byId("csv-clear").addEventListener("click", clearFile);
    byId("download").addEventListener("click", download);
    byId("question").addEventListener("keydown", submitOnCtrlEnter);
    byId("candidates").addEventListener("keydown", submitOnCtrlEnter);
    loadHealth();
  });
})();
