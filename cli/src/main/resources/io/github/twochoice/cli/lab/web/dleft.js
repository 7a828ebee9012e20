/* Copyright 2026 The twochoice Authors. SPDX-License-Identifier: Apache-2.0 */
/* The d-left page: one rule of two choices, ball by ball, every tie flagged. */
'use strict';

(() => {
  const WIDTH = 1200;
  const HEIGHT = 520;

  const PSEUDOCODE = {
    left: [
      'for each ball:',
      '  a = a random bin of the left half',
      '  b = a random bin of the right half',
      '  if load(a) <= load(b): put it into a',
      '    a tie goes left, to a',
      '  else: put it into b',
    ],
    random: [
      'for each ball:',
      '  a = a random bin of the left half',
      '  b = a random bin of the right half',
      '  if load(a) < load(b): put it into a',
      '  on a tie: flip a coin',
      '  else: put it into b',
    ],
    single: [
      'for each ball:',
      '  a = a random bin',
      '  b = another random bin',
      '  if load(a) < load(b): put it into a',
      '  on a tie: flip a coin',
      '  else: put it into b',
    ],
  };

  const RULE_LABELS = {left: 'ties go left', random: 'random ties', single: 'two random bins'};

  function tieCounts(data, step) {
    let ties = 0;
    let left = 0;
    for (let ball = 0; ball < step; ball++) {
      if (data.ties[ball]) {
        ties++;
        left += data.chosen[ball] === 0 ? 1 : 0;
      }
    }
    return {ties, left};
  }

  function render(data, step, view) {
    const figure = view.figure;
    const loads = Lab.loads(data, step, data.n);
    const maxLoad = loads.reduce((a, b) => Math.max(a, b), 0);
    const last = step - 1;
    const shown = view.preview && step < data.steps ? step : last;
    const candidates = shown >= 0 ? data.candidates[shown] : [];
    const half = data.groups === 2 ? Math.floor(data.n / 2) : data.n;
    const gap = data.groups === 2 ? 40 : 0;
    const width = (WIDTH - 40 - gap) / data.n;
    const base = HEIGHT - 60;
    const top = 120;
    const tallest = Math.max(4, ...Lab.loads(data, data.steps, data.n));
    const unit = Math.min(width - 2, (base - top) / tallest);
    const xOf = (bin) => 20 + bin * width + (bin >= half ? gap : 0);
    if (data.groups === 2) {
      Lab.svg(figure, 'text', {x: xOf(0), y: top - 12, 'font-size': 20, fill: '#555555'},
        'left half: first choice');
      Lab.svg(figure, 'text', {x: xOf(half), y: top - 12, 'font-size': 20, fill: '#555555'},
        'right half: second choice');
    }
    for (let bin = 0; bin < data.n; bin++) {
      const x = xOf(bin);
      const c = candidates.indexOf(bin);
      const column = Lab.svg(figure, 'rect', {x: x + 1, y: top, width: width - 2,
        height: base - top, fill: c >= 0 ? '#dcecf8' : '#ffffff',
        stroke: c >= 0 ? Lab.COLOURS.blue : Lab.COLOURS.grey, 'stroke-width': c >= 0 ? 4 : 1,
        'data-bin': bin});
      if (view.preview && c >= 0) {
        column.setAttribute('data-choice', 'c' + c);
      }
      for (let k = 0; k < loads[bin]; k++) {
        const newest = !view.preview && last >= 0 && k === loads[bin] - 1
          && data.candidates[last][data.chosen[last]] === bin;
        Lab.svg(figure, 'rect', {x: x + 3, y: base - (k + 1) * unit + 1, width: width - 6,
          height: unit - 2, rx: 3, fill: newest ? Lab.COLOURS.yellow : Lab.COLOURS.blue,
          stroke: newest ? Lab.COLOURS.black : 'none', 'stroke-width': 3,
          class: newest ? 'newest' : 'ball'});
      }
      Lab.svg(figure, 'text', {x: x + width / 2, y: base + 24, 'font-size': 16,
        'text-anchor': 'middle', fill: '#555555'}, bin);
      if (c >= 0) {
        Lab.svg(figure, 'text', {x: x + width / 2, y: top + 22, 'font-size': 20,
          'font-weight': 'bold', 'text-anchor': 'middle', fill: Lab.INK.blue},
        c === 0 ? 'a' : 'b');
      }
    }
    Lab.svg(figure, 'line', {x1: 10, x2: WIDTH - 10, y1: base, y2: base,
      stroke: Lab.COLOURS.black, 'stroke-width': 2});
    const tie = !view.preview && last >= 0 && data.ties[last];
    let headline = step === 0 ? 'No ball yet.' : 'Ball ' + step + ' joined bin '
      + data.candidates[last][data.chosen[last]] + '.';
    if (view.preview) {
      headline = 'Ball ' + (step + 1) + ': candidates a and b. Where does it go?';
    }
    Lab.svg(figure, 'text', {x: 20, y: 40, 'font-size': 26, 'font-weight': 'bold'}, headline);
    if (tie) {
      const winner = data.chosen[last] === 0 ? 'a' : 'b';
      const badge = Lab.svg(figure, 'g', {id: 'tie-badge'});
      Lab.svg(badge, 'rect', {x: WIDTH - 470, y: 12, width: 450, height: 44, rx: 8,
        fill: Lab.INK.vermillion});
      Lab.svg(badge, 'text', {x: WIDTH - 245, y: 43, 'font-size': 24, 'font-weight': 'bold',
        'text-anchor': 'middle', fill: '#ffffff'},
      'TIE at load ' + (loads[data.candidates[last][data.chosen[last]]] - 1) + ' → ' + winner
        + (data.ruleName === 'left' ? ' (left)' : ' (coin toss)'));
    }
    const counts = tieCounts(data, step);
    Lab.svg(figure, 'text', {x: 20, y: 76, 'font-size': 20},
      data.label + ' · max load ' + maxLoad + ' · ties so far ' + counts.ties
      + (data.groups === 2 ? ', ' + counts.left + ' went left' : ''));
    const lines = PSEUDOCODE[data.ruleName];
    let line = 0;
    if (view.preview) {
      line = 2;
    } else if (step > 0) {
      line = tie ? 4 : data.chosen[last] === 0 ? 3 : 5;
    }
    return {line: Math.min(line, lines.length - 1), status: [
      ['rule', data.label],
      ['max load', String(maxLoad)],
      ['ties so far', String(counts.ties)],
      ['ties won by the left half', data.groups === 2 ? String(counts.left) : 'n/a'],
      ['balls in the left half', data.groups === 2
        ? String(loads.slice(0, half).reduce((a, b) => a + b, 0)) : 'n/a'],
    ]};
  }

  function question(data, step) {
    const candidates = data.candidates[step];
    if (candidates[0] === candidates[1]) {
      return null;
    }
    const loads = Lab.loads(data, step, data.n);
    return {
      text: 'Ball ' + (step + 1) + ': which candidate does it join?',
      options: candidates.map((bin, c) => ({id: 'c' + c,
        label: (c === 0 ? 'a' : 'b') + ' = bin ' + bin + ', load ' + loads[bin]})),
      answer: 'c' + data.chosen[step],
      accepted: data.ruleName !== 'left' && loads[candidates[0]] === loads[candidates[1]]
        ? ['c0', 'c1'] : ['c' + data.chosen[step]],
      explain: data.ruleName === 'left' ? 'Less loaded wins; a tie goes left.'
        : 'Less loaded wins; a tie is a coin toss.',
    };
  }

  function csv(data, step) {
    let text = Lab.csvLine(['ball', 'candidate a', 'candidate b', 'joined', 'tie']);
    for (let ball = 0; ball < step; ball++) {
      text += Lab.csvLine([ball + 1, data.candidates[ball][0], data.candidates[ball][1],
        data.candidates[ball][data.chosen[ball]], data.ties[ball]]);
    }
    return text;
  }

  Lab.start({api: '/api/dleft', name: 'dleft', width: WIDTH, height: HEIGHT,
    figureLabel: 'The bins, the current ball and its candidates',
    pseudocode: (data) => PSEUDOCODE[data.ruleName], render, question,
    rule: (data) => RULE_LABELS[data.ruleName], csv});

  Lab.oneClick('histogram-form', '/api/dleft/histogram', (data, box) => {
    const rows = [['rule', 'mean maximum', 'formula', 'runs per maximum load']];
    for (const rule of data.rules) {
      const counts = rule.counts.map((count, load) => (count > 0 ? load + ': ' + count : ''))
        .filter((text) => text).join(', ');
      rows.push([rule.label, Lab.number(rule.mean, 3), Lab.number(rule.formula, 3), counts]);
    }
    Lab.html(box, 'p', {}, data.seeds + ' runs of ' + data.n + ' balls into ' + data.n
      + ' bins per rule, seed ' + data.seed + ':');
    Lab.table(box, rows).id = 'histogram-table';
  });
})();
