// Small SVG charts drawn by hand: a grouped bar chart, a donut, a balance line and lines by month.
"use strict";

const SVG = "http://www.w3.org/2000/svg";

function svgNode(tag, attributes, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

BL.charts = {
  /**
   * Budgeted vs actual per category: two bars per row, the actual bar red when over budget.
   * rows: [{label, budgeted, actual, over}]
   */
  bars(rows, title) {
    const rowHeight = 34, labelWidth = 120, width = 640, chartWidth = width - labelWidth - 150;
    const height = Math.max(60, rows.length * rowHeight + 40);
    const max = Math.max(1, ...rows.map((r) => Math.max(r.budgeted, r.actual)));
    const svg = svgNode("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": title, class: "chart bars", id: "bar-chart" });
    svg.append(svgNode("title", {}, title));
    rows.forEach((row, index) => {
      const y = 10 + index * rowHeight;
      const group = svgNode("g", { class: "bar-row", "data-category": row.label, "data-over": row.over ? "true" : "false" });
      group.append(svgNode("text", { x: labelWidth - 8, y: y + 15, "text-anchor": "end", class: "bar-label" }, row.label));
      const budgetWidth = (row.budgeted / max) * chartWidth;
      const actualWidth = (row.actual / max) * chartWidth;
      group.append(svgNode("rect", { x: labelWidth, y, width: Math.max(0, budgetWidth), height: 11, class: "bar-budgeted" }));
      group.append(svgNode("rect", {
        x: labelWidth, y: y + 13, width: Math.max(0, actualWidth), height: 11,
        class: row.over ? "bar-actual over" : "bar-actual", "data-actual": row.actual.toFixed(2),
      }));
      group.append(svgNode("text", { x: labelWidth + Math.max(budgetWidth, actualWidth) + 6, y: y + 20, class: "bar-value" },
        `${BL.money(row.actualText)} / ${BL.money(row.budgetedText)}`));
      const tip = svgNode("title", {}, `${row.label}: spent ${row.actualText} of ${row.budgetedText}${row.over ? " — over budget" : ""}`);
      group.append(tip);
      svg.append(group);
    });
    const legendY = height - 14;
    svg.append(svgNode("rect", { x: labelWidth, y: legendY - 9, width: 12, height: 10, class: "bar-budgeted" }));
    svg.append(svgNode("text", { x: labelWidth + 16, y: legendY, class: "legend" }, "budgeted"));
    svg.append(svgNode("rect", { x: labelWidth + 100, y: legendY - 9, width: 12, height: 10, class: "bar-actual" }));
    svg.append(svgNode("text", { x: labelWidth + 116, y: legendY, class: "legend" }, "actual"));
    svg.append(svgNode("rect", { x: labelWidth + 180, y: legendY - 9, width: 12, height: 10, class: "bar-actual over" }));
    svg.append(svgNode("text", { x: labelWidth + 196, y: legendY, class: "legend" }, "over budget"));
    return svg;
  },

  /** Share of spending per category. slices: [{label, value, color}] */
  donut(slices, title) {
    const size = 260, radius = 100, inner = 58, cx = size / 2, cy = size / 2;
    const svg = svgNode("svg", { viewBox: `0 0 ${size + 200} ${size}`, role: "img", "aria-label": title, class: "chart donut", id: "donut-chart" });
    svg.append(svgNode("title", {}, title));
    const total = slices.reduce((sum, s) => sum + s.value, 0);
    if (total <= 0) {
      svg.append(svgNode("text", { x: cx, y: cy, "text-anchor": "middle", class: "legend" }, "no spending"));
      return svg;
    }
    let angle = -Math.PI / 2;
    slices.forEach((slice, index) => {
      const sweep = (slice.value / total) * Math.PI * 2;
      const end = angle + Math.min(sweep, Math.PI * 2 - 0.0001);
      const large = sweep > Math.PI ? 1 : 0;
      const p = (r, a) => `${cx + r * Math.cos(a)} ${cy + r * Math.sin(a)}`;
      const d = `M ${p(radius, angle)} A ${radius} ${radius} 0 ${large} 1 ${p(radius, end)} L ${p(inner, end)} A ${inner} ${inner} 0 ${large} 0 ${p(inner, angle)} Z`;
      const path = svgNode("path", { d, fill: slice.color, class: "slice", "data-category": slice.label });
      path.append(svgNode("title", {}, `${slice.label}: ${slice.text} (${((slice.value / total) * 100).toFixed(1)} %)`));
      svg.append(path);
      svg.append(svgNode("rect", { x: size + 10, y: 20 + index * 22, width: 12, height: 12, fill: slice.color }));
      svg.append(svgNode("text", { x: size + 28, y: 31 + index * 22, class: "legend" }, `${slice.label} ${((slice.value / total) * 100).toFixed(0)} %`));
      angle += sweep;
    });
    svg.append(svgNode("text", { x: cx, y: cy + 5, "text-anchor": "middle", class: "donut-total" }, BL.money(total.toFixed(2))));
    return svg;
  },

  /**
   * A balance over time as a step line (it holds between the days it moves), with the zero
   * line and the lowest point marked by a dot and a label.
   * points: [{date: "YYYY-MM-DD", value, text}] in date order; lowest: one of them.
   */
  line(points, lowest, title, id) {
    const width = 640, height = 220, left = 70, right = 20, top = 16, bottom = 30;
    const svg = svgNode("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": title, class: "chart line", id });
    svg.append(svgNode("title", {}, title));
    const day = (date) => Date.parse(date + "T00:00:00Z") / 86400000;
    const first = day(points[0].date), last = Math.max(first + 1, day(points[points.length - 1].date));
    const values = points.map((p) => p.value).concat([0]);
    const min = Math.min(...values), max = Math.max(...values), span = max - min || 1;
    const x = (date) => left + ((day(date) - first) / (last - first)) * (width - left - right);
    const y = (value) => top + ((max - value) / span) * (height - top - bottom);
    svg.append(svgNode("line", { x1: left, x2: width - right, y1: y(0), y2: y(0), class: "zero-line" }));
    for (const value of [max, min]) {
      svg.append(svgNode("text", { x: left - 6, y: y(value) + 4, "text-anchor": "end", class: "legend" }, BL.money(value.toFixed(2))));
    }
    svg.append(svgNode("text", { x: left, y: height - 8, class: "legend" }, points[0].date));
    svg.append(svgNode("text", { x: width - right, y: height - 8, "text-anchor": "end", class: "legend" }, points[points.length - 1].date));
    let d = `M ${x(points[0].date)} ${y(points[0].value)}`;
    for (const point of points.slice(1)) d += ` H ${x(point.date)} V ${y(point.value)}`;
    svg.append(svgNode("path", { d, class: "forecast-line" }));
    const lx = x(lowest.date), ly = y(lowest.value);
    const dot = svgNode("circle", { cx: lx, cy: ly, r: 5, class: "lowest-point" + (lowest.value < 0 ? " negative" : ""), "data-date": lowest.date });
    dot.append(svgNode("title", {}, `lowest: ${lowest.text} on ${lowest.date}`));
    svg.append(dot);
    const anchor = lx > width - 170 ? "end" : "start";
    svg.append(svgNode("text", { x: lx + (anchor === "end" ? -8 : 8), y: Math.max(top + 10, ly - 8), "text-anchor": anchor, class: "lowest-label" },
      `lowest ${BL.money(lowest.text)} on ${lowest.date}`));
    return svg;
  },

  /**
   * Several values by month as straight lines from a common zero, one per series, with a
   * legend. series: [{name, points: [{month: "YYYY-MM", value}]}] (numbers for geometry only).
   */
  lines(series, title, id) {
    const width = 640, height = 240, left = 70, right = 20, top = 16, bottom = 48;
    const svg = svgNode("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": title, class: "chart lines", id });
    svg.append(svgNode("title", {}, title));
    const index = (month) => { const [y, m] = month.split("-").map(Number); return y * 12 + m - 1; };
    const all = series.flatMap((s) => s.points);
    const first = Math.min(...all.map((p) => index(p.month)));
    const last = Math.max(first + 1, ...all.map((p) => index(p.month)));
    const max = Math.max(1, ...all.map((p) => p.value));
    const x = (month) => left + ((index(month) - first) / (last - first)) * (width - left - right);
    const y = (value) => top + ((max - value) / max) * (height - top - bottom);
    svg.append(svgNode("line", { x1: left, x2: width - right, y1: y(0), y2: y(0), class: "zero-line" }));
    svg.append(svgNode("text", { x: left - 6, y: y(max) + 4, "text-anchor": "end", class: "legend" }, BL.money(max.toFixed(2))));
    svg.append(svgNode("text", { x: left - 6, y: y(0) + 4, "text-anchor": "end", class: "legend" }, "0"));
    const monthOf = (i) => `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}`;
    svg.append(svgNode("text", { x: left, y: height - 30, class: "legend" }, monthOf(first)));
    svg.append(svgNode("text", { x: width - right, y: height - 30, "text-anchor": "end", class: "legend" }, monthOf(last)));
    series.forEach((s, n) => {
      const d = s.points.map((p, i) => `${i ? "L" : "M"} ${x(p.month).toFixed(1)} ${y(p.value).toFixed(1)}`).join(" ");
      const path = svgNode("path", { d, class: `series-line series-${n}`, "data-series": s.name });
      const end = s.points[s.points.length - 1];
      path.append(svgNode("title", {}, `${s.name}: paid off in ${end.month}`));
      svg.append(path);
      const lx = left + n * 150;
      svg.append(svgNode("line", { x1: lx, x2: lx + 18, y1: height - 10, y2: height - 10, class: `series-line series-${n}` }));
      svg.append(svgNode("text", { x: lx + 24, y: height - 6, class: "legend" }, s.name));
    });
    return svg;
  },
};
