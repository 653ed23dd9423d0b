// The Captain Tsubasa table, drawn from the TableView traitlet `scene` (table_view.py).
// table_view.py's table_html() builds the same elements in Python: keep the two in step.
// Plain ES module, no build step: anywidget calls render({ model, el }) once per view.

const SYMBOLS = { shot: "S", pass: "P", defense: "D" };
const KINDS = ["shot", "pass", "defense"];

function div(cls, parent, text = null) {
  const node = document.createElement("div");
  if (cls) node.className = cls;
  if (text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

function span(cls, parent, text) {
  const node = document.createElement("span");
  node.className = cls;
  node.textContent = text;
  parent.appendChild(node);
  return node;
}

function card(parent, c, colors) {
  const box = div("pg-ts-card", parent);
  div("pg-ts-name", box, c.name);
  for (const k of KINDS) {
    const v = span("pg-ts-v", box, `${SYMBOLS[k]}${c[k]}`);
    v.style.background = colors[k];
  }
}

function row(parent, cards, colors, empty) {
  const r = div("pg-ts-row", parent);
  if (!cards.length) span("pg-ts-empty", r, empty);
  for (const c of cards) card(r, c, colors);
}

function coach(parent, c, attacking, colors) {
  const box = div("pg-ts-coach", parent);
  box.style.borderColor = colors[c.name] || "#555";
  const head = div("pg-ts-head", box);
  const name = document.createElement("b");
  name.textContent = c.name;
  head.appendChild(name);
  head.appendChild(document.createTextNode(attacking ? " attacking (has the ball)" : " defending"));
  if (c.penalty) {
    head.appendChild(document.createTextNode(" "));
    span(`pg-ts-${c.penalty}`, head, `${c.penalty} card`);
  }
  const points = KINDS.map((k) => `${SYMBOLS[k]} ${c.points[k]}`).join(" ");
  head.appendChild(document.createTextNode(` \u00B7 points ${points} \u00B7 hand ${c.hand}, deck ${c.deck}`));
  row(box, c.play, colors, "no cards played");
}

function dice(parent, d) {
  const box = div("pg-ts-dice", parent);
  if (!d.dice || !d.dice.length) {
    box.textContent = "dice not rolled yet";
    return;
  }
  box.appendChild(document.createTextNode(`${d.kind}: attack ${d.attack} + `));
  span("pg-ts-die", box, String(d.dice[0]));
  box.appendChild(document.createTextNode(` against defense ${d.defense} + `));
  span("pg-ts-die", box, String(d.dice[1]));
  const save = d.save ? `, keeper's die ${d.save}` : "";
  const result = d.result ? `: ${d.result}` : "";
  box.appendChild(document.createTextNode(save + result));
}

function attributes(root, s) {
  const d = s.duel || {};
  const attrs = {
    "data-period": s.period || "",
    "data-round": String(s.round || 0),
    "data-step": String(s.step || 0),
    "data-attacker": s.attacker || "",
    "data-pitch": String((s.pitch || []).length),
    "data-dice": (d.dice || []).join("-"),
    "data-over": s.over ? "true" : "false",
  };
  for (const c of s.coaches || []) {
    attrs[`data-score-${c.name.toLowerCase()}`] = String(c.score);
    attrs[`data-play-${c.name.toLowerCase()}`] = String(c.play.length);
  }
  for (const [k, v] of Object.entries(attrs)) root.setAttribute(k, v);
}

function draw(el, model) {
  const s = model.get("scene");
  const colors = model.get("_colors");
  el.replaceChildren();
  const root = div("pg-ts-table", el);
  if (!s || !s.coaches) {
    root.textContent = "no match yet";
    return;
  }
  attributes(root, s);
  const [nankatsu, toho] = s.coaches;
  div("pg-ts-score", root, `${nankatsu.name} ${nankatsu.score} - ${toho.name} ${toho.score} \u00B7 ${s.period}, round ${s.round}`);
  coach(root, toho, s.attacker === toho.name, colors);
  const pitch = div("pg-ts-pitch", root);
  const title = document.createElement("b");
  title.textContent = "Football Pitch";
  pitch.appendChild(title);
  pitch.appendChild(document.createTextNode(` (hidden Match deck: ${s.match_deck})`));
  row(pitch, s.pitch, colors, "empty");
  dice(root, s.duel || {});
  coach(root, nankatsu, s.attacker === nankatsu.name, colors);
}

function render({ model, el }) {
  const redraw = () => draw(el, model);
  redraw();
  model.on("change:scene", redraw);
  return () => model.off("change:scene", redraw);
}

export default { render };
