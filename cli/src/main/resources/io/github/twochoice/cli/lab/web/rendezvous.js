/* Copyright 2026 The twochoice Authors. SPDX-License-Identifier: Apache-2.0 */
/* The rendezvous page: the key x server score matrix, before and after one change. */
'use strict';

(() => {
  const WIDTH = 1200;
  const HEIGHT = 900;
  const KEY_W = 330;
  const MOVED_W = 130;
  const TOP = 100;
  const C = Lab.COLOURS;

  const PSEUDOCODE = [
    'owner(key):',
    '  for each server s:',
    '    u = hash(key, s), in (0, 1)',
    '    score(s) = −weight(s) / ln u',
    '  return the server of highest score',
    'change: add, remove or reweight one server',
    'a key moves iff the changed server wins it now or won it before',
  ];

  /** Every server that appears before or after, in order: the union of the two lists. */
  function columns(data) {
    const all = [...data.before.servers];
    for (const s of data.after.servers) {
      if (!all.includes(s)) {
        all.push(s);
      }
    }
    return all;
  }

  function render(data, step, view) {
    const figure = view.figure;
    const k = data.keys.length;
    const servers = columns(data);
    const phase2 = step > k || (view.preview && step >= k);
    const doneAfter = Math.max(0, step - k);
    const rowH = Math.min(36, (HEIGHT - TOP - 150) / k);
    const colW = (WIDTH - KEY_W - MOVED_W - 20) / servers.length;
    const title = phase2
      ? 'After the change: ' + describe(data) + ', every key placed again'
      : 'Each key goes to the server of highest score';
    Lab.svg(figure, 'text', {x: 10, y: 34, 'font-size': 26, 'font-weight': 'bold'}, title);
    servers.forEach((server, c) => {
      const x = KEY_W + c * colW;
      const before = data.before.servers.indexOf(server);
      const after = data.after.servers.indexOf(server);
      const changed = server === data.changed;
      Lab.svg(figure, 'text', {x: x + colW / 2, y: TOP - 40, 'font-size': 17,
        'text-anchor': 'middle', 'font-weight': changed ? 'bold' : 'normal',
        fill: changed ? Lab.INK.vermillion : C.black}, server);
      const weight = phase2 ? (after >= 0 ? data.after.weights[after] : null)
        : (before >= 0 ? data.before.weights[before] : null);
      Lab.svg(figure, 'text', {x: x + colW / 2, y: TOP - 16, 'font-size': 15,
        'text-anchor': 'middle', fill: '#555555'},
      weight === null ? (phase2 ? 'removed' : 'not yet') : 'w = ' + Lab.number(weight, 3));
    });
    Lab.svg(figure, 'text', {x: 10, y: TOP - 16, 'font-size': 17, 'font-weight': 'bold'}, 'key (URL)');
    Lab.svg(figure, 'text', {x: WIDTH - MOVED_W, y: TOP - 16, 'font-size': 17,
      'font-weight': 'bold'}, 'moved?');
    let moved = 0;
    data.keys.forEach((key, r) => {
      const y = TOP + r * rowH;
      const placedAfter = r < doneAfter;
      const placedBefore = r < step;
      const asking = view.preview && (phase2 ? r === doneAfter : r === step);
      Lab.svg(figure, 'rect', {x: 4, y, width: WIDTH - 8, height: rowH - 2,
        fill: asking ? '#e8f3fb' : r % 2 ? '#f6f6f6' : '#ffffff'});
      Lab.svg(figure, 'text', {x: 10, y: y + rowH / 2 + 6, 'font-size': Math.min(17, rowH - 6),
        'font-family': 'monospace', 'data-max-width': KEY_W - 16}, key);
      const ownerBefore = data.before.servers[data.before.owners[r]];
      const ownerAfter = data.after.servers[data.after.owners[r]];
      servers.forEach((server, c) => {
        const x = KEY_W + c * colW;
        const matrix = placedAfter || (asking && phase2) ? data.after : data.before;
        const index = matrix.servers.indexOf(server);
        const cell = Lab.svg(figure, 'rect', {x: x + 2, y: y + 1, width: colW - 4, height: rowH - 4,
          rx: 3, fill: 'none', stroke: 'none', 'data-server': server});
        if (asking && (phase2 ? data.after : data.before).servers.includes(server)) {
          cell.setAttribute('data-choice', 'server-' + server);
          cell.setAttribute('fill', '#ffffff');
          cell.setAttribute('stroke', C.blue);
        }
        if ((!placedBefore && !asking) || index < 0) {
          return;
        }
        const wins = !asking && (placedAfter ? server === ownerAfter : server === ownerBefore);
        if (wins) {
          cell.setAttribute('fill', placedAfter ? C.orange : C.sky);
          cell.setAttribute('stroke', C.black);
          cell.setAttribute('stroke-width', '2');
          cell.setAttribute('class', placedAfter ? 'owner-after' : 'owner');
        }
        Lab.svg(figure, 'text', {x: x + colW / 2, y: y + rowH / 2 + 6,
          'font-size': Math.min(16, rowH - 8), 'text-anchor': 'middle',
          'font-weight': wins ? 'bold' : 'normal', class: 'score', 'data-row': r,
          'data-server': server}, Lab.number(matrix.scores[r][index], 3));
      });
      if (placedAfter) {
        const didMove = ownerBefore !== ownerAfter;
        moved += didMove ? 1 : 0;
        Lab.svg(figure, 'text', {x: WIDTH - MOVED_W, y: y + rowH / 2 + 6,
          'font-size': Math.min(17, rowH - 6), 'font-weight': didMove ? 'bold' : 'normal',
          fill: didMove ? Lab.INK.vermillion : '#555555', class: didMove ? 'moved' : 'stayed'},
        didMove ? '→ ' + ownerAfter : 'stays');
      }
    });
    const legendY = TOP + k * rowH + 16;
    for (const [i, [fill, text]] of [[C.sky, 'owner before the change'],
      [C.orange, 'owner after the change']].entries()) {
      Lab.svg(figure, 'rect', {x: 10 + i * 360, y: legendY, width: 28, height: 20, rx: 3, fill,
        stroke: C.black, 'stroke-width': 2, class: 'legend'});
      Lab.svg(figure, 'text', {x: 48 + i * 360, y: legendY + 17, 'font-size': 20}, text);
    }
    const m = data.moves;
    const bottom = legendY + 60;
    const lines = [
      'Over all ' + m.urls + ' URLs of the log, keys that move: rendezvous '
        + Lab.percent(m.rendezvous) + ' (expected ' + Lab.percent(m.expected) + ')',
      m.modN === null ? 'mod N and the ring cannot weight a server'
        : 'mod N ' + Lab.percent(m.modN) + ', ring of 100 tokens ' + Lab.percent(m.ring),
    ];
    lines.forEach((text, i) => Lab.svg(figure, 'text', {x: 10, y: bottom + i * 28,
      'font-size': 20, class: 'moves'}, text));
    let line = 0;
    if (view.preview) {
      line = 3;
    } else if (step > k) {
      const r = step - k - 1;
      line = data.before.servers[data.before.owners[r]] !== data.after.servers[data.after.owners[r]]
        ? 6 : 4;
    } else if (step > 0) {
      line = 4;
    }
    return {line, height: bottom + 50, status: [
      ['phase', phase2 ? 'after: ' + describe(data) : 'placing the keys'],
      ['keys moved so far', phase2 ? moved + ' of ' + doneAfter : '–'],
      ['expected share that moves', Lab.percent(m.expected)],
      ['rendezvous, whole log', Lab.percent(m.rendezvous)],
      ['mod N, whole log', m.modN === null ? 'n/a' : Lab.percent(m.modN)],
      ['ring, whole log', m.ring === null ? 'n/a' : Lab.percent(m.ring)],
    ]};
  }

  function describe(data) {
    if (data.change === 'add') {
      return data.changed + ' added';
    }
    if (data.change === 'remove') {
      return data.changed + ' removed';
    }
    const i = data.after.servers.indexOf(data.changed);
    return data.changed + ' now weighs ' + Lab.number(data.after.weights[i], 3);
  }

  function question(data, step) {
    const k = data.keys.length;
    const phase2 = step >= k;
    const r = phase2 ? step - k : step;
    const matrix = phase2 ? data.after : data.before;
    return {
      text: (phase2 ? 'After the change, where does ' : 'Which server wins ') + data.keys[r]
        + '? Its scores are in its row.',
      options: matrix.servers.map((s) => ({id: 'server-' + s, label: s})),
      answer: 'server-' + matrix.servers[matrix.owners[r]],
      explain: phase2 ? 'Only the changed server\'s scores changed.' : 'The highest score wins.',
    };
  }

  function csv(data, step) {
    const servers = columns(data);
    let text = Lab.csvLine(['key', 'phase'].concat(servers).concat(['owner']));
    const k = data.keys.length;
    data.keys.forEach((key, r) => {
      for (const [phase, matrix, shown] of [['before', data.before, r < step],
        ['after', data.after, r < step - k]]) {
        if (shown) {
          const scores = servers.map((s) => {
            const i = matrix.servers.indexOf(s);
            return i < 0 ? '' : matrix.scores[r][i];
          });
          text += Lab.csvLine([key, phase].concat(scores)
            .concat([matrix.servers[matrix.owners[r]]]));
        }
      }
    });
    return text;
  }

  Lab.start({api: '/api/rendezvous', name: 'rendezvous', width: WIDTH, height: HEIGHT,
    figureLabel: 'The key by server score matrix', pseudocode: () => PSEUDOCODE, render,
    question, csv});
})();
