// A Challengers! mat, drawn as HTML from the MatView "scene" traitlet (mat_view.py).
// mat_view.py's mat_html() builds the same parts, classes and data attributes: keep them in step.
// Plain ES module, no build step: anywidget calls render({ model, el }) once per view.

function node(tag, cls, attrs = {}, text = null) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== null) el.textContent = text;
  return el;
}

function draw(el, scene, colors) {
  el.replaceChildren();
  const mat = node("div", "pg-mat", {
    "data-step": scene.step, "data-round": scene.round, "data-mat": scene.mat, "data-flag": scene.flag,
  });
  mat.appendChild(node("div", "pg-mat-title", {}, `Round ${scene.round}, mat ${scene.mat}: ${scene.status}`));
  if (scene.target !== null && scene.target !== undefined) {
    const meter = node("div", "pg-mat-meter", { "data-attack": scene.attack, "data-target": scene.target });
    const fill = node("div", "pg-mat-meter-fill");
    fill.style.width = `${Math.min(100, Math.round((100 * scene.attack) / Math.max(scene.target, 1)))}%`;
    meter.appendChild(fill);
    meter.appendChild(node("span", null, {}, `attack ${scene.attack} / flag ${scene.target}`));
    mat.appendChild(meter);
  }
  (scene.halves || []).forEach((h, k) => {
    const flagged = scene.flag === k;
    const half = node("div", "pg-mat-half", {
      "data-half": k, "data-role": h.role, "data-deck": h.deck, "data-seats-used": h.seats.length,
      "data-fans": h.fans, "data-trophies": h.trophies,
    });
    half.style.borderColor = colors.halves[k];
    const name = node("div", "pg-mat-name", {},
      `${h.name} · deck ${h.deck} · fans ${h.fans} · trophies ${h.trophies} (score ${h.score})`);
    name.style.background = colors.halves[k];
    name.style.color = colors.ink[k];
    half.appendChild(name);
    const play = node("div", "pg-mat-play");
    h.cards.forEach((c, i) => {
      const last = flagged && i === h.cards.length - 1;
      const card = node("div", last ? "pg-mat-card pg-mat-flagcard" : "pg-mat-card", { "data-card": c.id }, c.name);
      card.appendChild(node("b", null, {}, String(c.strength)));
      play.appendChild(card);
    });
    if (flagged) play.appendChild(node("div", "pg-mat-flag", { "aria-label": "flag" }, "⚑ flag"));
    half.appendChild(play);
    const bench = node("div", "pg-mat-bench");
    for (let i = 0; i < Math.max(scene.seats, h.seats.length); i++) {
      const s = h.seats[i];
      bench.appendChild(node("div", "pg-mat-seat", { "data-seat": i }, s ? `${s.name} ×${s.count}` : ""));
    }
    half.appendChild(bench);
    mat.appendChild(half);
  });
  el.appendChild(mat);
}

function render({ model, el }) {
  const redraw = () => draw(el, model.get("scene") || {}, model.get("_colors"));
  redraw();
  model.on("change:scene", redraw);
  return () => model.off("change:scene", redraw);
}

export default { render };
