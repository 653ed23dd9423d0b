// The Tie-Break Triumph board, drawn as SVG from the BoardView traitlets (board_view.py).
// board_view.py's board_svg() draws the same picture in Python: keep the two in step.
// Plain ES module, no build step: anywidget calls render({ model, el }) once per view.

const SVG = "http://www.w3.org/2000/svg";
const TOURNAMENT_KINDS = ["tournament", "united", "final"];
const LABELS = { start: "Start", let: "Let", injury: "Injury", united: "United", final: "Final" };
const LEGEND_HEIGHT = 76;
const HEAT_CAPTION = "Landing frequency (circle area):";

// One SVG element with its attributes (null/undefined left out), added to parent.
function add(parent, tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined) node.setAttribute(k, typeof v === "number" ? n(v) : v);
  }
  if (text !== null) node.textContent = text;
  parent.appendChild(node);
  return node;
}

// A number for an attribute, short: 12, 12.5.
const n = (v) => String(Math.round(v * 10) / 10);
const pct = (f) => `${(f * 100).toFixed(1)}%`;

// The side of a space's square: 90% of the closest spacing between two spaces, 28 to 60.
function tileSize(spaces) {
  let closest = 60 / 0.9;
  spaces.forEach((a, i) => {
    for (const b of spaces.slice(i + 1)) {
      closest = Math.min(closest, Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y)));
    }
  });
  return Math.floor(Math.max(28, Math.min(60, closest * 0.9)));
}

// Where the 1st, 2nd, ... piece on a space sits, relative to its centre: corners first.
function pieceSlots(tile) {
  const d = 0.4 * tile;
  return [[-d, d], [d, d], [-d, -d], [d, -d], [0, d + 4], [0, -d - 4]];
}

// A heat circle: its area says how often the space is landed on, relative to the most.
function heatCircle(parent, x, y, r, colors, attrs = {}) {
  return add(parent, "circle", {
    cx: x, cy: y, r, fill: colors.heat, "fill-opacity": 0.3, stroke: colors.heat,
    "stroke-width": 1.5, ...attrs,
  });
}

// What hovering over a space tells: name, value, champion, reservation, landing share.
function tooltip(s, holder, reserver, heat, names) {
  const lines = [s.name + (s.points ? ` (${s.points} ${s.surface})` : "")];
  if (holder) {
    lines.push(`champion: ${names[holder.player] ?? holder.player} (${holder.points} ${holder.surface})`);
  }
  if (reserver !== undefined) lines.push(`reserved by ${names[reserver] ?? reserver}`);
  if (heat !== undefined) lines.push(`landed on ${pct(heat)} of the time`);
  return lines.join("\n");
}

function drawPiece(parent, p, x, y, radius, colors, legend = false) {
  const hurt = Boolean(p.injured) && !legend;
  const g = add(parent, "g", {
    class: legend ? "pg-board-legend-key" : "pg-board-piece",
    "data-player": p.player,
    "data-position": legend ? null : p.position,
    "data-injured": legend ? null : String(hurt),
  });
  add(g, "title", {}, p.name + (hurt ? " (injured)" : ""));
  add(g, "circle", {
    cx: x, cy: y, r: radius, fill: colors.players[p.player],
    stroke: hurt ? colors.heat : "#ffffff", "stroke-width": 2.5,
    "stroke-dasharray": hurt ? "3 2" : null,
  });
  add(g, "text", {
    x, y: y + radius * 0.4, "text-anchor": "middle", "font-size": Math.round(radius * 1.15),
    "font-weight": "700", fill: colors.player_ink[p.player],
  }, String(p.player + 1));
}

// One space: square, heat, label, points, champion's flag, reservation, highlight ring.
function drawSpace(parent, s, scene) {
  const { tile, colors } = scene;
  const { x, y, kind } = s;
  const holder = scene.holders[s.id];
  const reserver = scene.reserved[s.id];
  const half = tile / 2;
  const fork = Boolean(s.branch);
  const join = (scene.incoming[s.id] ?? 0) > 1;
  const tournament = TOURNAMENT_KINDS.includes(kind);
  let stroke = colors.edge;
  let strokeWidth = 1.5;
  if (kind === "united" || kind === "final") [stroke, strokeWidth] = [colors.gold, 3];
  if (fork) [stroke, strokeWidth] = [colors.branch, 3];
  if (holder) [stroke, strokeWidth] = [colors.players[holder.player], 5];
  const label = LABELS[kind] ?? (fork ? "Fork" : join ? "Join" : "");

  const g = add(parent, "g", {
    class: `pg-board-space pg-board-kind-${kind}`,
    "data-space-id": s.id,
    "data-kind": kind,
    "data-holder": holder ? holder.player : "",
    "data-reserved": reserver ?? "",
    "data-fork": fork ? "true" : null,
  });
  add(g, "title", {}, tooltip(s, holder, reserver, scene.heat[s.id], scene.names));
  add(g, "rect", {
    class: "pg-board-tile", x: x - half, y: y - half, width: tile, height: tile, rx: tile * 0.18,
    fill: tournament ? colors.surfaces[s.surface] : colors.kinds[kind],
    stroke, "stroke-width": strokeWidth,
  });
  const f = scene.heat[s.id] ?? 0;
  if (f > 0 && scene.topHeat > 0) {
    heatCircle(g, x, y, half * Math.sqrt(f / scene.topHeat), colors, {
      class: "pg-board-heat", "data-heat": String(f),
    });
  }
  const text = { "text-anchor": "middle", fill: colors.text };
  if (label) {
    add(g, "text", {
      class: "pg-board-label", x, y: tournament ? y - tile * 0.1 : y + tile * 0.08,
      "font-size": Math.round(tile * 0.22), "font-weight": "600", ...text,
    }, label);
  }
  if (tournament) {
    add(g, "text", {
      class: "pg-board-points", x, y: y + tile * (label ? 0.3 : 0.1),
      "font-size": Math.round(tile * 0.26), "font-weight": "700", ...text,
    }, String(s.points));
  }
  if (holder) {
    const [cx, cy] = [x + half - 2, y - half + 2];
    add(g, "path", {
      class: "pg-board-holder", "data-player": holder.player,
      d: `M${n(cx - 16)} ${n(cy)} L${n(cx)} ${n(cy)} L${n(cx)} ${n(cy + 16)} Z`,
      fill: colors.players[holder.player],
    });
  }
  if (reserver !== undefined) {
    const color = colors.players[reserver];
    const [rx, ry] = [x - half + 9, y - half + 9];
    const r = add(g, "g", { class: "pg-board-reserved", "data-player": reserver });
    add(r, "circle", { cx: rx, cy: ry, r: 8, fill: "#ffffff", stroke: color, "stroke-width": 2 });
    add(r, "text", {
      x: rx, y: ry + 3.5, "text-anchor": "middle", "font-size": 10, "font-weight": "700",
      fill: color,
    }, "R");
  }
  if (s.id === scene.highlight) {
    add(g, "rect", {
      class: "pg-board-highlight", x: x - half - 6, y: y - half - 6, width: tile + 12,
      height: tile + 12, rx: tile * 0.26, fill: "none", stroke: colors.highlight,
      "stroke-width": 3,
    });
  }
}

// The whole picture from the model's current data.
function draw(model) {
  const spaces = model.get("spaces");
  const pieces = model.get("pieces");
  const holders = model.get("holders");
  const reserved = model.get("reserved");
  const heat = model.get("show_heat") ? model.get("heat") : {};
  const highlight = model.get("highlight");
  const colors = model.get("_colors");
  const svg = document.createElementNS(SVG, "svg");
  if (spaces.length === 0) return svg;

  const tile = tileSize(spaces);
  const half = tile / 2;
  const radius = Math.round(tile * 0.2);
  const byId = Object.fromEntries(spaces.map((s) => [s.id, s]));
  const xs = spaces.map((s) => s.x);
  const ys = spaces.map((s) => s.y);
  const pad = half + radius + 8;
  const [left, top] = [Math.min(...xs) - pad, Math.min(...ys) - pad];
  const width = Math.max(...xs) - Math.min(...xs) + 2 * pad;
  const height = Math.max(...ys) - Math.min(...ys) + 2 * pad + LEGEND_HEIGHT;
  const topHeat = Math.max(0, ...Object.values(heat));
  const scene = {
    tile, colors, holders, reserved, heat, topHeat, highlight, incoming: {},
    names: Object.fromEntries(pieces.map((p) => [p.player, p.name])),
  };
  for (const s of spaces) {
    for (const target of [s.next, s.branch]) {
      if (target) scene.incoming[target] = (scene.incoming[target] ?? 0) + 1;
    }
  }
  for (const [k, v] of Object.entries({
    xmlns: SVG, class: "pg-board-svg", viewBox: `${n(left)} ${n(top)} ${n(width)} ${n(height)}`,
    width: n(width), height: n(height), "font-family": "sans-serif", role: "img",
    "aria-label": "Tie-Break Triumph board", "data-highlight": highlight,
    "data-show-heat": String(topHeat > 0),
  })) svg.setAttribute(k, v);

  // Roads: the main loop grey, the branch road (and the fork's turn into it) dashed purple.
  for (const s of spaces) {
    for (const [target, viaBranch] of [[s.next, false], [s.branch, true]]) {
      if (!target) continue;
      const branch = viaBranch || s.track === "branch";
      const o = byId[target];
      add(svg, "line", {
        class: "pg-board-link" + (branch ? " pg-board-link-branch" : ""),
        "data-from": s.id, "data-to": o.id, x1: s.x, y1: s.y, x2: o.x, y2: o.y,
        stroke: branch ? colors.branch : colors.link, "stroke-width": branch ? 5 : 6,
        "stroke-linecap": "round", "stroke-dasharray": branch ? "9 6" : null,
      });
    }
  }

  // Spaces: a rounded square each, coloured by kind, tournaments by surface.
  for (const s of spaces) drawSpace(svg, s, scene);

  // Pieces: at the corners of the square first, so several on one space all show.
  const slots = pieceSlots(tile);
  const count = {};
  for (const p of pieces) {
    const s = byId[p.position];
    if (!s) continue;
    const k = count[s.id] ?? 0;
    count[s.id] = k + 1;
    const [dx, dy] = slots[k % slots.length];
    drawPiece(svg, p, s.x + dx, s.y + dy, radius, colors);
  }

  // Legend: who is which colour; below, the heat scale (when shown) and the surfaces.
  const [x0, y0] = [Math.min(...xs) - half, Math.max(...ys) + pad + 12];
  const keys = add(svg, "g", { class: "pg-board-legend", fill: colors.text });
  pieces.forEach((p, i) => {
    const px = x0 + radius + i * 125;
    drawPiece(keys, p, px, y0, radius, colors, true);
    add(keys, "text", { x: px + radius + 5, y: y0 + 4, "font-size": 13 }, p.name);
  });
  const hy = y0 + 32;
  if (topHeat > 0) {
    const scale = add(svg, "g", {
      class: "pg-board-heat-legend", "font-size": 12, fill: colors.text,
    });
    add(scale, "text", { x: x0, y: hy + 4 }, HEAT_CAPTION);
    let hx = x0 + 200;
    for (const share of [1, 0.5]) {
      const r = half * Math.sqrt(share);
      heatCircle(scale, hx + r, hy, r, colors);
      add(scale, "text", { x: hx + 2 * r + 4, y: hy + 4 }, pct(topHeat * share));
      hx += 2 * r + 50;
    }
  }
  const swatches = add(svg, "g", {
    class: "pg-board-surface-legend", "font-size": 12, fill: colors.text,
  });
  let sx = Math.max(...xs) + half - 66 * Object.keys(colors.surfaces).length;
  for (const [name, fill] of Object.entries(colors.surfaces)) {
    add(swatches, "rect", {
      x: sx, y: hy - 7, width: 14, height: 14, rx: 3, fill, stroke: colors.edge,
    });
    add(swatches, "text", { x: sx + 18, y: hy + 4 }, name);
    sx += 66;
  }
  return svg;
}

const TRAITS = ["spaces", "pieces", "holders", "reserved", "heat", "show_heat", "highlight", "_colors"];

function render({ model, el }) {
  el.classList.add("pg-board");
  let redraws = 0;
  let pending = false;
  const redraw = () => {
    pending = false;
    el.replaceChildren(draw(model));
    redraws += 1;
    el.dataset.redraws = String(redraws);
    el.dataset.highlight = model.get("highlight");
    el.dataset.showHeat = String(model.get("show_heat"));
  };
  // Several traitlets changed together (hold_sync) arrive as one message: redraw once for all.
  const schedule = () => {
    if (!pending) {
      pending = true;
      queueMicrotask(() => pending && redraw());
    }
  };
  for (const name of TRAITS) model.on(`change:${name}`, schedule);
  redraw();
  return () => {
    pending = false;
    for (const name of TRAITS) model.off(`change:${name}`, schedule);
  };
}

export default { render };
