// The Tournament Arc table, drawn as HTML cards from the TableView traitlets (table_view.py).
// table_view.py's table_html() draws the same picture in Python: keep the two in step.
// Plain ES module, no build step: anywidget calls render({ model, el }) once per view.

const STATS = ["teamwork", "body", "underdog", "speed", "focus"];

// One element with a class, attributes and text, added to parent.
function add(parent, tag, cls = "", text = null, attrs = {}) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== null) node.textContent = text;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  parent.appendChild(node);
  return node;
}

function drawCard(parent, card, relevant, colors) {
  const el = add(parent, "div", "arc-card" + (card.homefield ? " arc-home" : ""), null, {
    "data-stack": card.stack,
    "data-owner": String(card.owner),
    "data-homefield": String(card.homefield),
    "data-main-character": String(card.main_character),
    "data-score": card.score === null ? "" : String(card.score),
  });
  el.style.borderColor = colors[card.owner % colors.length];
  if (card.main_character) add(el, "span", "arc-token", `MC ×${card.mc_times ?? 2}`);
  add(el, "div", "arc-name", card.name);
  const region = add(el, "div", "arc-region");
  if (card.homefield) {
    add(region, "span", "arc-home-mark", `HOME ×${card.home_times ?? 2}`);
    region.appendChild(document.createTextNode(" "));
  }
  region.appendChild(document.createTextNode(card.region));
  const table = add(el, "table");
  for (const stat of STATS) {
    const row = add(table, "tr", relevant.includes(stat) ? "arc-relevant" : "", null, { "data-stat": stat });
    add(row, "td", "", stat);
    const cell = add(row, "td", "", String(card.stats[stat]));
    const mod = card.mods[stat];
    if (mod) add(cell, "span", "arc-mod", ` (${mod > 0 ? "+" : ""}${mod})`);
  }
  if (card.score !== null && card.measure === "attached cards") {
    const count = add(el, "div", "arc-score", "attached cards ");
    add(count, "b", "", String(card.score));
  } else if (card.score !== null) {
    const score = add(el, "div", "arc-score", "score ");
    add(score, "b", "", String(card.score));
    score.appendChild(document.createTextNode(` (×${card.multiplier})`));
  }
  add(el, "div", "arc-attached", card.attached.join(", ") || "no Episodes");
}

function draw(el, model) {
  const scene = model.get("scene");
  const cards = model.get("cards");
  const colors = model.get("_colors");
  el.replaceChildren();
  const root = add(el, "div", "arc-view");
  if (!scene || scene.step === undefined) {
    root.textContent = "(no game shown yet)";
    return;
  }
  root.dataset.step = String(scene.step);
  root.dataset.phase = scene.phase;
  root.dataset.sport = scene.sport;
  root.dataset.mainCharacter = scene.main_character;
  const line = add(root, "div", "arc-scene");
  add(line, "b", "", "Active Region:");
  line.appendChild(document.createTextNode(` ${scene.regions.join(", ") || "not revealed yet"}  `));
  add(line, "b", "", "Sport:");
  const sport = scene.sport
    ? `${scene.sport} (${scene.relevant.join(", ")}; team of ${scene.team_size})`
    : "not revealed yet";
  line.appendChild(document.createTextNode(` ${sport}  `));
  add(line, "b", "", "Main Character:");
  line.appendChild(document.createTextNode(` ${scene.main_character || "nobody"}`));
  const teams = add(root, "div", "arc-teams");
  for (let p = 0; p < scene.players; p++) {
    const row = add(teams, "div", "arc-team", null, { "data-player": String(p) });
    add(row, "div", "arc-owner", `Player ${p + 1}`);
    for (const card of cards.filter((c) => c.owner === p)) drawCard(row, card, scene.relevant, colors);
  }
}

function render({ model, el }) {
  const redraw = () => draw(el, model);
  model.on("change:scene", redraw);
  model.on("change:cards", redraw);
  redraw();
  return () => {
    model.off("change:scene", redraw);
    model.off("change:cards", redraw);
  };
}

export default { render };
