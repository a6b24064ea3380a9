/* Grim Hand: my character's sheet, the party and the activity, kept live by TableSync.
 *
 * Every number comes from the table's snapshot (the server derives them);
 * every change is a table command. Errors show next to the control that
 * caused them.
 */
(function () {
  "use strict";
  var root = document.getElementById("sheet-root");
  if (!root) return;
  var boot = JSON.parse(document.getElementById("table-boot").textContent);
  var cat = JSON.parse(document.getElementById("gh-catalogue").textContent);
  var me = { seatId: Number(root.dataset.seatId), role: root.dataset.role };
  var table = boot;
  var state = boot.state;
  var events = [];
  var open = {};          // which stat breakdowns are open
  var mine = document.getElementById("my-sheet");
  var LABEL = { le: "LE", ap: "AP", gold: "Gold", xp: "XP", qp: "QP", doubt: "Doubt", corruption: "Corruption" };
  var STAT = { max_le: "Max LE", max_ap: "Max AP", strength: "Strength", agility: "Agility", attack: "Attack" };
  var AFFS = ["Blood", "Bone", "Shadow", "Iron", "Nature"];

  function el(tag, attrs, children) {
    var n = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      var v = attrs[k];
      if (v === null || v === undefined || v === false) return;
      if (k === "text") n.textContent = v;
      else if (k.slice(0, 2) === "on") n.addEventListener(k.slice(2), v);
      else n.setAttribute(k, v === true ? "" : v);
    });
    (children || []).forEach(function (c) { if (c) n.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
    return n;
  }
  function option(value, text, selected) { return el("option", { value: value, text: text, selected: selected }); }
  function chars() { return Object.keys(state.characters || {}).map(function (k) { return state.characters[k]; }); }
  function myChar() { return chars().find(function (c) { return c.seat_id === me.seatId; }) || null; }
  function seat(id) { return (table.seats || []).find(function (s) { return s.id === id; }); }
  function canEdit(c) {
    if (me.role === "spectator" || table.status === "ended") return false;
    return c.seat_id === me.seatId || me.role === "host" || table.edit_policy === "everyone";
  }
  function showError(box, msg) { if (box) { box.textContent = msg || ""; box.hidden = !msg; } }
  function errorBox(id) { return el("p", { "class": "error", id: id, role: "alert", hidden: true }); }

  var host = null;
  var sync = new window.TableSync({
    tableId: boot.id, token: root.dataset.token, seq: boot.seq,
    onState: function (s) { state = s; render(); },
    onEvents: function (list) { events = events.concat(list); renderLog(); },
    onTable: function (t) {
      table = t;
      document.getElementById("table-name").textContent = t.name;
      if (host) host.render(t);
      render();
    },
    onConn: function (kind, text) {
      var c = document.getElementById("conn");
      c.dataset.state = kind; c.querySelector(".conn-text").textContent = text;
    },
    onClosed: function () {
      showError(document.getElementById("command-error"), "Your seat is no longer valid here. Join the table again.");
      me.role = "spectator"; render();
    }
  });

  /* Send a command; a refusal shows in `box` (next to the control). */
  function send(type, payload, box) {
    showError(box, "");
    showError(document.getElementById("command-error"), "");
    var boxId = box && box.id;
    return sync.send(type, payload).catch(function (e) {
      // The sheet may have been re-rendered while the command was on its way:
      // the message goes to the box on screen now, found by its id.
      var target = (boxId && document.getElementById(boxId)) || box || document.getElementById("command-error");
      showError(target, (e.waited ? "Not applied: " : "") + e.message);
    });
  }

  /* --- create (or import) a character ------------------------------------ */
  function createForm() {
    var err = errorBox("create-error");
    function select(id, label, rows) {
      return el("div", { "class": "field" }, [el("label", { "for": id, text: label }),
        el("select", { id: id, name: id.replace("gh-", "") }, rows.map(function (r) { return option(r.name, r.name + " — " + r.ability); }))]);
    }
    var form = el("form", { "class": "gh-form", id: "create-form", novalidate: true }, [
      el("div", { "class": "field" }, [el("label", { "for": "gh-name", text: "Name" }),
        el("input", { id: "gh-name", name: "name", maxlength: "40", required: true, autocomplete: "off" })]),
      select("gh-race", "Race", cat.races), select("gh-class", "Class", cat.classes), select("gh-affinity", "Affinity", cat.affinities),
      el("button", { "class": "btn btn-primary btn-block", type: "submit", text: "Create character" }),
      el("button", { "class": "btn btn-block", type: "button", id: "randomise", text: "Randomise race, class and affinity",
        onclick: function () { send("character.create", { name: document.getElementById("gh-name").value, randomise: true }, err); } }),
      err,
      el("div", { "class": "field" }, [el("label", { "for": "gh-import", text: "Or import a character file" }),
        el("input", { id: "gh-import", type: "file", accept: "application/json,.json", onchange: function (ev) {
          var file = ev.target.files[0];
          if (!file) return;
          file.text().then(function (t) {
            var data;
            try { data = JSON.parse(t); } catch (e) { showError(err, "That file is not JSON."); return; }
            send("character.import", { data: data }, err);
          });
        } })])
    ]);
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      send("character.create", { name: form.name.value, race: form.race.value, "class": form["class"].value, affinity: form.affinity.value }, err);
    });
    return el("div", { "class": "gh-box gh-wide" }, [el("h2", { text: "Create your character" }), form]);
  }

  /* An item's line: its card, rarity, and the printed facts (AP cost, gold value, effect). */
  function itemText(i) {
    var facts = (cat.items || {})[i.card];
    var text = i.rank + " " + i.affinity + " · " + i.name + " (" + i.rarity + ")";
    if (facts) text += " · " + facts.ap + " AP · " + facts.gold + " gold" + (facts.effect ? ": " + facts.effect : "");
    return text;
  }
  function isDefeated(c) { return ((state.campaign || {}).defeated || []).indexOf(c.id) >= 0; }

  /* --- the sheet ------------------------------------------------------------ */
  function header(c) {
    var d = c.derived;
    return el("div", { "class": "gh-box gh-head gh-wide" }, [
      el("h2", { id: "char-name", text: c.name }),
      el("p", { "class": "gh-sub" }, [
        el("span", { "class": "gh-chip", text: c.race }), el("span", { "class": "gh-chip", text: c["class"] }),
        el("span", { "class": "gh-chip aff-" + c.affinity }, [el("span", { "class": "gh-dot", "aria-hidden": "true" }), c.affinity]),
        el("span", { "class": "gh-badge", id: "stature", text: d.stature }),
        isDefeated(c) ? el("span", { "class": "gh-badge gh-corrupt", id: "defeated", text: "Defeated: left the quest" }) : null,
        d.corrupted ? el("span", { "class": "gh-badge gh-corrupt", text: "Corrupted" }) : null
      ])
    ]);
  }

  function counter(c, key, edit) {
    var max = key === "le" ? c.derived.stats.max_le : key === "ap" ? c.derived.stats.max_ap : null;
    var value = el("output", { "class": "gh-counter-value", id: "value-" + key, "aria-label": LABEL[key] },
      [String(c[key]), max !== null ? el("small", { text: "of " + max }) : null]);
    var name = el("span", { "class": "gh-counter-name", text: LABEL[key] });
    if (!edit) return el("div", { "class": "gh-counter" + (max !== null ? " big" : "") }, [name, el("span"), value, el("span")]);
    function step(by) {
      return el("button", { "class": "btn step", type: "button", "aria-label": (by > 0 ? "Increase " : "Decrease ") + LABEL[key],
        "data-stat": key, "data-by": String(by), text: by > 0 ? "+" : "−",
        onclick: function () { send("character.adjust", { character_id: c.id, stat: key, by: by }, document.getElementById("counters-error")); } });
    }
    return el("div", { "class": "gh-counter" + (max !== null ? " big" : "") }, [name, step(-1), value, step(1)]);
  }

  function countersBox(c, edit) {
    var err = errorBox("counters-error");
    var d = c.derived;
    var low = d.stature_xp, next = d.next_stature;
    var pct = next ? Math.round(100 * (c.xp - low) / (next.xp - low)) : 100;
    var kids = [el("h3", { text: "Counters" }),
      el("div", { "class": "gh-counters" }, ["le", "ap", "gold", "xp", "doubt", "corruption"].map(function (k) { return counter(c, k, edit); })),
      err,
      el("p", { "class": "small muted", id: "stature-line", text: next ? d.stature + " → " + next.name + ": " + c.xp + " / " + next.xp + " XP" : d.stature + ": the highest stature" }),
      el("div", { "class": "gh-progress", role: "progressbar", "aria-label": "Progress to the next stature",
        "aria-valuemin": "0", "aria-valuemax": "100", "aria-valuenow": String(Math.max(0, Math.min(100, pct))) },
        [el("span", { style: "width:" + Math.max(0, Math.min(100, pct)) + "%" })])];
    if (edit) {
      var stat = el("select", { id: "change-stat", "aria-label": "Which number" }, Object.keys(LABEL).map(function (k) { return option(k, LABEL[k]); }));
      var num = el("input", { id: "change-value", type: "number", inputmode: "numeric", "aria-label": "Amount or new value", value: "10" });
      kids.push(el("details", { "class": "panel", id: "change-more" }, [el("summary", { "class": "btn btn-small", text: "Change a number by more" }),
        el("div", { "class": "gh-change" }, [stat, num,
          el("button", { "class": "btn", type: "button", text: "Add", onclick: function () { send("character.adjust", { character_id: c.id, stat: stat.value, by: window.TableSync.whole(num.value) }, err); } }),
          el("button", { "class": "btn", type: "button", text: "Subtract", onclick: function () { send("character.adjust", { character_id: c.id, stat: stat.value, by: window.TableSync.negated(num.value) }, err); } }),
          el("button", { "class": "btn", type: "button", text: "Set to", onclick: function () { send("character.set", { character_id: c.id, stat: stat.value, value: window.TableSync.whole(num.value) }, err); } })
        ])]));
    }
    return el("div", { "class": "gh-box gh-wide" }, kids);
  }

  /* "Attack 9 = race (Orc) 3 + class (Warrior) 3 + affinity (Iron) 2 + Unified Effort 1" */
  function breakdownText(key, c) {
    var lines = c.derived.breakdown[key] || [];
    var parts = lines.map(function (l, i) {
      var sign = l.amount < 0 ? " − " : (i ? " + " : "");
      return sign + l.source + " " + Math.abs(l.amount);
    });
    return STAT[key] + " " + c.derived.stats[key] + " = " + (parts.length ? parts.join("").replace(/^ − /, "−") : "0");
  }

  function statsBox(c) {
    var grid = el("div", { "class": "gh-stats" });
    Object.keys(STAT).forEach(function (key) {
      var panelId = "breakdown-" + key;
      var btn = el("button", { "class": "btn gh-stat", type: "button", id: "stat-" + key, "aria-expanded": open[key] ? "true" : "false", "aria-controls": panelId,
        onclick: function () { open[key] = !open[key]; render(); } },
        [el("span", { text: STAT[key] }), el("span", { "class": "gh-stat-value", text: String(c.derived.stats[key]) })]);
      grid.appendChild(btn);
      if (open[key]) grid.appendChild(el("p", { "class": "gh-breakdown", id: panelId, text: breakdownText(key, c) }));
    });
    var extra = c.derived.damage_reduction ? el("p", { "class": "small", text: "Takes " + c.derived.damage_reduction + " less damage per hit (Full House)." }) : null;
    return el("div", { "class": "gh-box" }, [el("h3", { text: "Stats" }), el("p", { "class": "small muted", text: "Tap a stat to see where it comes from." }), grid, extra]);
  }

  function cardPayload(c, i, extra) { return Object.assign({ character_id: c.id }, i.homebrew ? { homebrew_id: i.card } : { rank: i.rank, affinity: i.affinity }, extra || {}); }

  function equipmentBox(c, edit) {
    var err = errorBox("equip-error");
    var d = c.derived;
    var slots = el("div", { "class": "gh-slots" + (d.set ? " gh-set-done" : ""), id: "slots" });
    for (var n = 0; n < 5; n++) {
      var i = c.equipment[n];
      if (!i) { slots.appendChild(el("div", { "class": "gh-card empty", text: "Empty" })); continue; }
      slots.appendChild(el("div", { "class": "gh-card aff-" + i.affinity, "data-card": i.card, "aria-label": i.name + ", " + i.rank + " of " + i.affinity + ", " + i.rarity },
        [el("span", { "class": "gh-rank", text: String(i.rank) }), el("span", { "class": "gh-card-name", text: i.name }), el("span", { "class": "gh-rarity", text: i.rarity })]));
    }
    var kids = [el("h3", { text: "Equipment" }), slots];
    var hand = d.equipment_hand;
    kids.push(el("p", { "class": "gh-hand", id: "hand", text: hand ? hand.title + ": " + hand.bonus : "Nothing equipped yet." }));
    if (d.set) kids.push(el("p", { "class": "gh-set", id: "set", text: d.set.rarity + " set complete!" }));
    var list = el("ul", { "class": "gh-items" });
    c.equipment.forEach(function (i) {
      list.appendChild(el("li", { "class": "gh-item" }, [el("span", { "class": "gh-item-text", text: itemText(i) }),
        edit ? el("button", { "class": "btn btn-small", type: "button", text: "To pack", "aria-label": "Put " + i.name + " in the pack",
          onclick: function () { send("character.unequip", cardPayload(c, i), err); } }) : null,
        edit ? el("button", { "class": "btn btn-small btn-danger", type: "button", text: "Discard", "aria-label": "Discard " + i.name,
          onclick: function () { send("character.discard", cardPayload(c, i), err); } }) : null]));
    });
    kids.push(list);
    if (c.inventory.length) {
      kids.push(el("h3", { text: "Pack" }));
      var pack = el("ul", { "class": "gh-items", id: "pack" });
      c.inventory.forEach(function (i) {
        pack.appendChild(el("li", { "class": "gh-item" }, [el("span", { "class": "gh-item-text", text: itemText(i) }),
          edit ? el("button", { "class": "btn btn-small", type: "button", text: "Equip", "aria-label": "Equip " + i.name,
            onclick: function () { send("character.equip", cardPayload(c, i), err); } }) : null,
          edit ? el("button", { "class": "btn btn-small btn-danger", type: "button", text: "Discard", "aria-label": "Discard " + i.name,
            onclick: function () { send("character.discard", cardPayload(c, i), err); } }) : null]));
      });
      kids.push(pack);
    }
    if (edit) {
      var rank = el("select", { id: "pick-rank", name: "rank" }, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(function (r) { return option(String(r), String(r)); }));
      var aff = el("select", { id: "pick-affinity", name: "affinity" }, AFFS.map(function (a) { return option(a, a); }));
      var hint = el("p", { "class": "gh-hint", id: "pick-name", "aria-live": "polite" });
      function updateHint() { hint.textContent = cat.equipment[aff.value + "-" + rank.value] || ""; }
      rank.addEventListener("change", updateHint); aff.addEventListener("change", updateHint); updateHint();
      kids.push(el("div", { "class": "gh-picker", role: "group", "aria-labelledby": "pick-h" }, [
        el("h3", { id: "pick-h", "class": "gh-hint", text: "Add a card" }),
        el("div", { "class": "field" }, [el("label", { "for": "pick-rank", text: "Rank" }), rank]),
        el("div", { "class": "field" }, [el("label", { "for": "pick-affinity", text: "Affinity" }), aff]),
        hint,
        el("div", { "class": "row" }, [
          el("button", { "class": "btn btn-primary", type: "button", id: "equip-btn", text: "Equip",
            onclick: function () { send("character.equip", { character_id: c.id, rank: window.TableSync.whole(rank.value), affinity: aff.value }, err); } }),
          el("button", { "class": "btn", type: "button", id: "stash-btn", text: "Into pack",
            onclick: function () { send("character.stash", { character_id: c.id, rank: window.TableSync.whole(rank.value), affinity: aff.value }, err); } })
        ])
      ]));
    }
    kids.push(err);
    return el("div", { "class": "gh-box gh-wide" }, kids);
  }

  function statureIndex(name) { return cat.statures.findIndex(function (s) { return s.name === name; }); }

  function abilitiesBox(c, edit) {
    var err = errorBox("ability-error");
    var list = el("ul", { "class": "gh-items", id: "abilities" });
    c.derived.passive_abilities.forEach(function (a) {
      list.appendChild(el("li", { "class": "gh-item" }, [el("span", { "class": "gh-item-text" }, [el("strong", { text: a.name }), " (" + a.slot + ", passive): " + a.text])]));
    });
    c.abilities.forEach(function (a) {
      list.appendChild(el("li", { "class": "gh-item" }, [el("span", { "class": "gh-item-text" }, [el("strong", { text: a.name }), " (" + a.stature + ", " + a.ap_cost + " AP): " + a.effect]),
        edit ? el("button", { "class": "btn btn-small", type: "button", text: "Use", "aria-label": "Use " + a.name + " for " + a.ap_cost + " AP",
          onclick: function () { send("character.use_ability", { character_id: c.id, ability: a.name }, err); } }) : null]));
    });
    var kids = [el("h3", { text: "Abilities" }), list];
    var reached = statureIndex(c.derived.stature);
    var taken = c.abilities.map(function (a) { return a.stature; });
    var open_ = cat.abilities.filter(function (a) { var i = statureIndex(a.stature); return i > 0 && i <= reached && taken.indexOf(a.stature) < 0; });
    if (edit && open_.length) {
      var pick = el("select", { id: "pick-ability", "aria-label": "Stature ability to choose" }, open_.map(function (a) { return option(a.name, a.stature + ": " + a.name + " — " + a.effect); }));
      kids.push(el("div", { "class": "gh-change" }, [pick, el("button", { "class": "btn", type: "button", text: "Choose",
        onclick: function () { send("character.choose_ability", { character_id: c.id, ability: pick.value }, err); } })]));
    }
    kids.push(err);
    return el("div", { "class": "gh-box" }, kids);
  }

  function questsBox(c, edit) {
    var err = errorBox("quest-error");
    var kids = [el("h3", { text: "Quests" }),
      el("p", { id: "qp-line", text: "Quest points: " + c.qp }, edit ? [" ", el("button", { "class": "btn btn-small", type: "button", text: "+1 QP", "aria-label": "Add 1 quest point",
        onclick: function () { send("quest.progress", { character_id: c.id, by: 1 }, err); } })] : [])];
    var list = el("ul", { "class": "gh-items", id: "quests" });
    c.quests.forEach(function (q) {
      var text = q.name + " — " + q.status + ", " + Math.min(c.qp, q.qp_needed) + " / " + q.qp_needed + " QP";
      if (q.challenge) text += "; challenge: " + q.challenge.challenge + " (rolled " + q.challenge.total + ")";
      var buttons = [];
      if (edit && q.status === "active") {
        var p = { character_id: c.id, quest: q.name };
        if (!q.challenge) buttons.push(el("button", { "class": "btn btn-small", type: "button", text: "Roll challenge", onclick: function () { send("quest.challenge_roll", p, err); } }));
        else buttons.push(el("button", { "class": "btn btn-small", type: "button", text: "Re-roll (1 AP)", onclick: function () { send("quest.reroll", p, err); } }));
        buttons.push(el("button", { "class": "btn btn-small", type: "button", text: "Succeeded", onclick: function () { send("quest.complete", p, err); } }));
        buttons.push(el("button", { "class": "btn btn-small btn-danger", type: "button", text: "Failed", onclick: function () { send("quest.fail", p, err); } }));
      }
      list.appendChild(el("li", { "class": "gh-item" }, [el("span", { "class": "gh-item-text", text: text })].concat(buttons)));
    });
    kids.push(list);
    var reached = statureIndex(c.derived.stature);
    var have = c.quests.map(function (q) { return q.name; });
    var avail = cat.quests.filter(function (q) { return q.affinity === c.affinity && statureIndex(q.stature) <= reached && have.indexOf(q.name) < 0; });
    if (edit) {
      if (avail.length) {
        var pick = el("select", { id: "pick-quest", "aria-label": "Quest to take" }, avail.map(function (q) { return option(q.name, q.name + " (" + q.stature + ", " + q.qp_needed + " QP)"); }));
        kids.push(el("div", { "class": "gh-change" }, [pick, el("button", { "class": "btn", type: "button", text: "Take quest",
          onclick: function () { send("quest.take", { character_id: c.id, quest: pick.value }, err); } })]));
      } else {
        kids.push(el("p", { "class": "small muted", text: "No new quest for your affinity and stature yet." }));
      }
    }
    kids.push(err);
    return el("div", { "class": "gh-box" }, kids);
  }

  function modifiersBox(c, edit) {
    var err = errorBox("modifier-error");
    var list = el("ul", { "class": "gh-items", id: "modifiers" });
    c.modifiers.forEach(function (m) {
      var text = (m.amount > 0 ? "+" : "") + m.amount + " " + (STAT[m.stat] || m.stat) + " · " + m.source + " · " + (m.expiry ? "until " + m.expiry.replace(/_/g, " ") : "permanent") + (m.reminder ? " (reminder)" : "");
      list.appendChild(el("li", { "class": "gh-item" }, [el("span", { "class": "gh-item-text", text: text }),
        edit ? el("button", { "class": "btn btn-small", type: "button", text: "Remove", "aria-label": "Remove " + m.source,
          onclick: function () { send("modifier.remove", { character_id: c.id, modifier_id: m.id }, err); } }) : null]));
    });
    var kids = [el("h3", { text: "Modifiers" }), list];
    if (edit) {
      var stat = el("select", { id: "mod-stat", "aria-label": "Stat" }, Object.keys(STAT).map(function (k) { return option(k, STAT[k]); }));
      var amount = el("input", { id: "mod-amount", type: "number", inputmode: "numeric", value: "1", "aria-label": "Amount" });
      var source = el("input", { id: "mod-source", maxlength: "60", placeholder: "Source, e.g. Altar", "aria-label": "Source" });
      var expiry = el("select", { id: "mod-expiry", "aria-label": "How long" }, [option("", "Permanent"), option("next_combat", "Until the next combat ends"),
        option("next_exploration", "Until the next exploration ends")]);
      kids.push(el("div", { "class": "gh-change" }, [stat, amount, source, expiry,
        el("button", { "class": "btn", type: "button", text: "Add modifier", onclick: function () {
          send("modifier.add", { character_id: c.id, stat: stat.value, amount: window.TableSync.whole(amount.value), source: source.value, expiry: expiry.value || null }, err);
        } })]));
    }
    kids.push(err);
    return el("div", { "class": "gh-box" }, kids);
  }

  function exportBox(c) {
    var err = errorBox("export-error");
    return el("div", { "class": "gh-box" }, [el("h3", { text: "Keep or move this character" }),
      el("button", { "class": "btn btn-block", type: "button", id: "export-btn", text: "Download as a file", onclick: function () {
        fetch("/api/v1/grimhand/characters/" + c.id + "/export/", { headers: { "Authorization": "Seat " + root.dataset.token } })
          .then(function (r) { if (!r.ok) throw new Error("Could not export: " + r.status); return r.blob(); })
          .then(function (blob) {
            var a = el("a", { href: URL.createObjectURL(blob), download: "grim-hand-" + c.name.toLowerCase().replace(/[^a-z0-9]+/g, "-") + ".json" });
            document.body.appendChild(a); a.click(); a.remove();
          }).catch(function (e) { showError(err, e.message); });
      } }), err]);
  }

  /* Re-rendering must not eat what someone is typing or picking (another
   * player's change re-renders this phone too): keep values, open panels, focus. */
  function remember() {
    var kept = { values: {}, open: {}, focus: document.activeElement && document.activeElement.id };
    mine.querySelectorAll("input[id], select[id]").forEach(function (n) {
      if (n.type !== "file") kept.values[n.id] = n.type === "checkbox" ? n.checked : n.value;
    });
    mine.querySelectorAll("details[id]").forEach(function (n) { kept.open[n.id] = n.open; });
    return kept;
  }
  function restore(kept) {
    Object.keys(kept.values).forEach(function (id) {
      var n = document.getElementById(id);
      if (!n) return;
      if (n.type === "checkbox") n.checked = kept.values[id];
      else if (n.tagName !== "SELECT" || Array.prototype.some.call(n.options, function (o) { return o.value === kept.values[id]; })) {
        n.value = kept.values[id];
        n.dispatchEvent(new Event("change"));
      }
    });
    Object.keys(kept.open).forEach(function (id) { var n = document.getElementById(id); if (n) n.open = kept.open[id]; });
    if (kept.focus) { var f = document.getElementById(kept.focus); if (f) f.focus(); }
  }

  function renderMine() {
    if (!mine) return;
    var c = myChar();
    var kept = remember();
    mine.textContent = "";
    if (!c) {
      if (me.role !== "spectator" && table.status !== "ended") mine.appendChild(createForm());
    } else {
      var edit = canEdit(c);
      mine.append(header(c), countersBox(c, edit), statsBox(c), equipmentBox(c, edit), abilitiesBox(c, edit), questsBox(c, edit), modifiersBox(c, edit), exportBox(c));
    }
    restore(kept);
  }

  /* --- the party ------------------------------------------------------------ */
  function renderParty() {
    var box = document.getElementById("party");
    box.textContent = "";
    var list = chars();
    if (!list.length) { box.appendChild(el("p", { "class": "muted", text: "No characters yet." })); return; }
    list.sort(function (a, b) { var sa = seat(a.seat_id), sb = seat(b.seat_id); return (sa ? sa.position : 99) - (sb ? sb.position : 99); });
    list.forEach(function (c) {
      var d = c.derived, s = seat(c.seat_id);
      function num(label, value, cls) { return el("div", {}, [el("dt", { text: label }), el("dd", { "class": cls, text: value })]); }
      box.appendChild(el("article", { "class": "gh-member aff-" + c.affinity, "data-character-id": String(c.id), "aria-label": c.name }, [
        el("h3", {}, [el("span", { text: c.name }), el("span", { "class": "gh-badge", text: d.stature }),
          isDefeated(c) ? el("span", { "class": "gh-badge gh-corrupt", text: "Defeated" }) : null,
          d.corrupted ? el("span", { "class": "gh-badge gh-corrupt", text: "Corrupted" }) : null]),
        el("p", { "class": "small muted", text: (s ? s.name + " · " : "") + c.race + " " + c["class"] + " · " + c.affinity + (d.equipment_hand ? " · " + d.equipment_hand.title : "") + (d.set ? " · " + d.set.rarity + " set" : "") }),
        el("dl", { "class": "gh-nums" }, [
          num("LE", c.le + "/" + d.stats.max_le, "party-le"), num("AP", c.ap + "/" + d.stats.max_ap, "party-ap"),
          num("AT", String(d.stats.attack), "party-attack"), num("ST", String(d.stats.strength), "party-strength"),
          num("AG", String(d.stats.agility), "party-agility")
        ])
      ]));
    });
  }

  /* --- activity ------------------------------------------------------------- */
  /* The log line is the server's (the game's rules word it, with the character's
   * name); a change to the table itself is prefixed with the seat that made it. */
  function describe(e) {
    var text = e.text || e.type.replace(/[._]/g, " ");
    if (/^(seat|table)\.|^(undo|redo)$/.test(e.type) && e.type !== "seat.joined" && e.type !== "seat.renamed") {
      var who = (seat(e.seat) || {}).name;
      if (who) text = who + ": " + text;
    }
    return text;
  }
  function renderLog() {
    var log = document.getElementById("log");
    log.textContent = "";
    var undone = state.undone || [];
    events.slice(-60).reverse().forEach(function (e) {
      var li = el("li", { "class": "log-line" + (undone.indexOf(e.seq) >= 0 ? " undone" : "") }, [el("span", { "class": "log-text", text: describe(e) })]);
      var mineEvent = e.seat === me.seatId || me.role === "host";
      if (mineEvent && me.role !== "spectator" && /^(character|quest|modifier|homebrew|settings)\./.test(e.type) && undone.indexOf(e.seq) < 0) {
        li.appendChild(el("button", { "class": "btn btn-small", type: "button", text: "Undo", "aria-label": "Undo: " + describe(e),
          onclick: function () { send("undo", { seq: e.seq }); } }));
      }
      log.appendChild(li);
    });
  }

  function render() {
    var ended = document.getElementById("table-ended");
    if (ended) ended.hidden = table.status !== "ended";
    renderMine(); renderParty(); renderLog();
  }

  /* The shared host panel (static/js/host.js): rename, seats, code, policy, end. */
  host = window.GrimHost({
    send: function (type, payload) {
      showError(document.getElementById("command-error"), "");
      return sync.send(type, payload).catch(function (e) { showError(document.getElementById("command-error"), e.message); throw e; });
    },
    showError: function (msg) { showError(document.getElementById("command-error"), msg); }
  });
  host.render(table);
  var printed = document.getElementById("printed-rarity");
  if (printed) {
    printed.checked = !!(state.settings || {}).printed_rarity;
    printed.addEventListener("change", function () {
      send("settings.set", { key: "printed_rarity", value: printed.checked }, document.getElementById("host-error"));
    });
  }

  render();
  sync.start();
})();
