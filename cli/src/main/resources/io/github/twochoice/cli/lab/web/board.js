/* Copyright 2026 The twochoice Authors. SPDX-License-Identifier: Apache-2.0 */
/* The stale-board page: the queues at each arrival of a run of the library's simulation. */
'use strict';

(() => {
  const WIDTH = 1200;
  const HEIGHT = 560;
  const C = Lab.COLOURS;
  const CHOICE = {
    least: '  pick the server the board shows least loaded',
    best2: '  sample 2 servers; pick the one the board shows least loaded',
    best3: '  sample 3 servers; pick the one the board shows least loaded',
    random: '  pick a server at random (the board is ignored)',
  };

  function pseudocode(data) {
    return [
      'every T: the board copies every queue length',
      'on each arrival:',
      '  read the board (it may be up to T old)',
      CHOICE[data.policy],
      '    (ties at random)',
      '  send the request there; it joins the queue',
    ];
  }

  function updated(data, step) {
    if (data.period === 0 || step < 2) {
      return false;
    }
    return Math.floor(data.arrival[step - 1] / data.period)
      !== Math.floor(data.arrival[step - 2] / data.period);
  }

  function render(data, step, view) {
    const figure = view.figure;
    const k = view.preview ? step : step - 1;
    const live = step > 0 ? data.queues[step - 1] : new Array(data.servers).fill(0);
    const board = k >= 0 ? data.board[k] : new Array(data.servers).fill(0);
    const tallest = Math.max(6, ...data.queues.map((q) => Math.max(...q)));
    const left = 20;
    const width = 600 / data.servers;
    const base = HEIGHT - 50;
    const top = 90;
    const unit = (base - top) / tallest;
    const time = k >= 0 ? data.arrival[k] : 0;
    const update = data.period === 0 ? time : Math.floor(time / data.period) * data.period;
    Lab.svg(figure, 'text', {x: left, y: 34, 'font-size': 28, 'font-weight': 'bold'},
      step === 0 ? 'No request yet' : view.preview ? 'Request ' + (step + 1) + ' arrives at t = '
        + Lab.number(time, 4) : 'Request ' + step + ' → server ' + data.server[step - 1]
        + ' at t = ' + Lab.number(time, 4));
    Lab.svg(figure, 'text', {x: left, y: 64, 'font-size': 22, fill: '#555555'},
      data.period === 0 ? 'The board is live.' : 'Board last updated at t = '
        + Lab.number(update, 4) + ' (every ' + data.period + ')');
    for (let s = 0; s < data.servers; s++) {
      const x = left + s * width;
      const chosen = !view.preview && step > 0 && data.server[step - 1] === s;
      Lab.svg(figure, 'rect', {x: x + 4, y: base - live[s] * unit, width: width - 8,
        height: live[s] * unit, fill: chosen ? C.yellow : C.blue, stroke: C.black,
        'stroke-width': chosen ? 3 : 1, class: 'queue', 'data-server': s,
        'data-length': live[s]});
      if (view.preview) {
        Lab.svg(figure, 'rect', {x: x + 2, y: top, width: width - 4, height: base - top,
          fill: 'transparent', stroke: C.grey, 'data-choice': 'server-' + s});
      }
      Lab.svg(figure, 'line', {x1: x + 2, x2: x + width - 2, y1: base - board[s] * unit,
        y2: base - board[s] * unit, stroke: C.orange, 'stroke-width': 6, class: 'board',
        'data-server': s, 'data-board': board[s]});
      Lab.svg(figure, 'text', {x: x + width / 2, y: base + 26, 'font-size': 20,
        'text-anchor': 'middle'}, s);
    }
    Lab.svg(figure, 'line', {x1: left, x2: left + 600, y1: base, y2: base, stroke: C.black,
      'stroke-width': 2});
    Lab.legendLine(figure, {x: left, y: HEIGHT - 7, 'font-size': 20, class: 'legend'},
      [[C.blue, '■', 'queue now'], [C.orange, '▬', 'what the board says']]);
    drawHistory(figure, data, step);
    const longest = Math.max(...live);
    return {line: view.preview ? 3 : step === 0 ? 1 : updated(data, step) ? 0 : 5, status: [
      ['policy', data.policyName],
      ['time t', Lab.number(time, 4)],
      ['longest queue now', String(longest)],
      ['requests held now', String(live.reduce((a, b) => a + b, 0))],
      ['longest queue of the run', String(data.longestQueue)],
      ['mean time in system (run)', Lab.number(data.meanTime, 3)],
    ]};
  }

  /** The longest and the shortest queue at every arrival so far: the herd as a sawtooth. */
  function drawHistory(figure, data, step) {
    const left = 700;
    const right = WIDTH - 20;
    const top = 90;
    const bottom = HEIGHT - 50;
    const tallest = Math.max(6, ...data.queues.map((q) => Math.max(...q)));
    const x = (i) => left + i * (right - left) / Math.max(1, data.steps - 1);
    const y = (v) => bottom - v * (bottom - top) / tallest;
    Lab.svg(figure, 'text', {x: left, y: 64, 'font-size': 22, 'font-weight': 'bold'},
      'Longest and shortest queue so far');
    for (let v = 0; v <= tallest; v += Math.max(1, Math.round(tallest / 6))) {
      Lab.svg(figure, 'line', {x1: left, x2: right, y1: y(v), y2: y(v), stroke: C.light});
      Lab.svg(figure, 'text', {x: left - 6, y: y(v) + 5, 'font-size': 18, 'text-anchor': 'end'},
        v);
    }
    for (let i = 1; i < step; i++) {
      if (updated(data, i + 1)) {
        Lab.svg(figure, 'line', {x1: x(i), x2: x(i), y1: top, y2: bottom, stroke: C.orange,
          'stroke-width': 1.5, 'stroke-opacity': 0.6, class: 'board-update'});
      }
    }
    const longest = [];
    const shortest = [];
    for (let i = 0; i < step; i++) {
      longest.push(x(i) + ',' + y(Math.max(...data.queues[i])));
      shortest.push(x(i) + ',' + y(Math.min(...data.queues[i])));
    }
    if (step > 1) {
      Lab.svg(figure, 'polyline', {points: longest.join(' '), fill: 'none', stroke: C.vermillion,
        'stroke-width': 2.5});
      Lab.svg(figure, 'polyline', {points: shortest.join(' '), fill: 'none', stroke: C.blue,
        'stroke-width': 2.5, 'stroke-dasharray': '6 4'});
    }
    Lab.svg(figure, 'text', {x: right, y: bottom + 20, 'font-size': 16, 'text-anchor': 'end'},
      'arrival →');
    Lab.legendLine(figure, {x: left - 40, y: HEIGHT - 7, 'font-size': 20, class: 'legend'},
      [[Lab.INK.vermillion, '—', 'longest'], [Lab.INK.blue, '- -', 'shortest'],
        [Lab.INK.orange, '|', 'board update']]);
  }

  /** How many candidates a policy samples: every server for least loaded, none for random. */
  function sampled(data) {
    return {least: data.servers, best2: 2, best3: 3, random: 0}[data.policy];
  }

  /**
   * The servers the policy may pick from this board: those with at least d - 1 other servers
   * showing as many requests or more (a sample of d distinct servers, ties at random). For least
   * loaded that is the servers tied at the minimum; random gives nothing to predict.
   */
  function allowed(data, board) {
    const d = sampled(data);
    const servers = [...board.keys()];
    return servers.filter((s) => servers.filter((t) => t !== s && board[t] >= board[s]).length
      >= d - 1);
  }

  function question(data, step) {
    if (sampled(data) === 0) {
      return null;
    }
    const board = data.board[step];
    const options = [];
    for (let s = 0; s < data.servers; s++) {
      options.push({id: 'server-' + s, label: 'server ' + s + ' (board ' + board[s] + ')'});
    }
    return {
      text: 'Request ' + (step + 1) + ' arrives. Which server does the balancer send it to?',
      options,
      answer: 'server-' + data.server[step],
      accepted: allowed(data, board).map((s) => 'server-' + s),
      explain: 'It trusts the board, not the queues'
        + (data.policy === 'least' ? '.' : ', and its sample decides among them.'),
    };
  }

  function csv(data, step) {
    let text = Lab.csvLine(['request', 'time', 'server']
      .concat([...Array(data.servers).keys()].map((s) => 'queue ' + s))
      .concat([...Array(data.servers).keys()].map((s) => 'board ' + s)));
    for (let i = 0; i < step; i++) {
      text += Lab.csvLine([i + 1, data.arrival[i], data.server[i]].concat(data.queues[i])
        .concat(data.board[i]));
    }
    return text;
  }

  Lab.start({api: '/api/board', name: 'board', width: WIDTH, height: HEIGHT,
    figureLabel: 'The queues, the board and the longest queue over time', pseudocode, render,
    question, rule: (data) => data.policyName, csv});

  Lab.oneClick('sweep-form', '/api/board/sweep', (data, box) => {
    const rows = [['policy'].concat(data.periods.map((p) => 'T = ' + p))];
    for (const policy of data.policies) {
      rows.push([policy.label].concat(policy.means.map((m) => Lab.number(m, 3))));
    }
    Lab.html(box, 'p', {}, 'Mean time in system, ' + data.servers + ' servers at λ = '
      + data.lambda + ', ' + data.requests + ' requests per run:');
    Lab.table(box, rows).id = 'sweep-table';
  });
})();
