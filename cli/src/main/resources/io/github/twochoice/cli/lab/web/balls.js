/* Copyright 2026 The twochoice Authors. SPDX-License-Identifier: Apache-2.0 */
/* The balls-into-bins page: four rules side by side, replayed from the library's traces. */
'use strict';

(() => {
  const WIDTH = 1200;
  const PANEL_W = 590;
  const PANEL_H = 250;
  const LAYERS_TOP = 2 * PANEL_H + 20;
  const LAYERS_H = 250;
  const ASKED = 3; // predictions are about 2-left, whose ties are no coin toss

  const PSEUDOCODE = [
    'for each ball:',
    '  draw d candidate bins',
    '    (2-left: one from each half)',
    '  least = the least loaded candidate',
    '  on a tie: d choices pick at random',
    '  on a tie: 2-left picks the left one',
    '  put the ball into least',
    '  max load = max(max load, its load)',
  ];

  function max(values) {
    return values.reduce((a, b) => Math.max(a, b), 0);
  }

  function drawPanel(figure, data, s, step, preview) {
    const scheme = data.schemes[s];
    const x0 = (s % 2) * (PANEL_W + 20);
    const y0 = Math.floor(s / 2) * PANEL_H;
    const loads = Lab.loads(scheme, step, data.n);
    const g = Lab.svg(figure, 'g', {class: 'panel', 'data-scheme': scheme.label});
    const last = step - 1;
    const tie = last >= 0 && scheme.ties[last];
    const title = Lab.svg(g, 'text', {x: x0 + 6, y: y0 + 26, 'font-size': 22, 'font-weight': 'bold'},
      scheme.label + ': max load ' + max(loads));
    Lab.svg(title, 'tspan', {'font-weight': 'normal', fill: '#555555', class: 'predicted'},
      ' (theory ' + scheme.predicted[step] + ')');
    if (tie) {
      Lab.svg(g, 'text', {x: x0 + PANEL_W - 6, y: y0 + 26, 'font-size': 20, 'text-anchor': 'end',
        fill: Lab.INK.vermillion, 'font-weight': 'bold', class: 'tie'},
      scheme.rule === 'D_LEFT' ? 'tie → left' : 'tie → random');
    }
    const base = y0 + PANEL_H - 30;
    const width = (PANEL_W - 20) / data.n;
    const unit = Math.min(width - 1, (PANEL_H - 75) / Math.max(data.maxLayer, 1));
    if (scheme.rule === 'D_LEFT') {
      const half = x0 + 10 + width * Math.floor(data.n / 2);
      Lab.svg(g, 'line', {x1: half, x2: half, y1: y0 + 38, y2: base + 4, stroke: '#555555',
        'stroke-width': 2, 'stroke-dasharray': '6 4'});
    }
    const candidates = preview && step < data.steps ? scheme.candidates[step]
      : last >= 0 ? scheme.candidates[last] : [];
    for (let bin = 0; bin < data.n; bin++) {
      const x = x0 + 10 + bin * width;
      const isCandidate = candidates.includes(bin);
      const column = Lab.svg(g, 'rect', {x: x + 0.5, y: y0 + 40, width: width - 1,
        height: base - y0 - 40, fill: isCandidate ? '#dcecf8' : '#ffffff',
        stroke: isCandidate ? Lab.COLOURS.blue : Lab.COLOURS.grey,
        'stroke-width': isCandidate ? 3 : 1, 'data-bin': bin});
      if (preview && s === ASKED && isCandidate) {
        column.setAttribute('data-choice', 'bin-' + bin);
      }
      for (let k = 0; k < loads[bin]; k++) {
        const newest = !preview && last >= 0 && k === loads[bin] - 1
          && scheme.candidates[last][scheme.chosen[last]] === bin;
        Lab.svg(g, 'rect', {x: x + 1.5, y: base - (k + 1) * unit + 0.5, width: width - 3,
          height: unit - 1, rx: 2,
          fill: newest ? Lab.COLOURS.yellow : Lab.SERIES[s],
          stroke: newest ? Lab.COLOURS.black : 'none', 'stroke-width': 3,
          class: newest ? 'newest' : 'ball'});
      }
      if (data.n <= 32 || bin % 4 === 0) {
        Lab.svg(g, 'text', {x: x + width / 2, y: base + 22, 'font-size': 17,
          'text-anchor': 'middle', fill: '#555555'}, bin);
      }
    }
    Lab.svg(g, 'line', {x1: x0 + 10, x2: x0 + PANEL_W - 10, y1: base, y2: base,
      stroke: Lab.COLOURS.black, 'stroke-width': 2});
  }

  /** The layers now, measured (dots) and predicted (lines), on a log scale. */
  function drawLayers(figure, data, step) {
    const g = Lab.svg(figure, 'g', {class: 'layers'});
    const left = 90;
    const right = WIDTH - 260;
    const top = LAYERS_TOP + 30;
    const bottom = LAYERS_TOP + LAYERS_H - 40;
    const lowest = Math.floor(Math.log10(0.5 / data.n));
    const x = (i) => left + (i - 1) * (right - left) / Math.max(1, data.maxLayer - 1);
    const y = (f) => top + (0 - Math.log10(f)) / (0 - lowest) * (bottom - top);
    Lab.svg(g, 'text', {x: left, y: LAYERS_TOP + 18, 'font-size': 20, 'font-weight': 'bold'},
      'Layers after ' + step + ' balls: fraction of bins with at least i balls');
    for (let e = 0; e >= lowest; e--) {
      Lab.svg(g, 'line', {x1: left, x2: right, y1: y(10 ** e), y2: y(10 ** e),
        stroke: Lab.COLOURS.light});
      Lab.svg(g, 'text', {x: left - 8, y: y(10 ** e) + 6, 'font-size': 18, 'text-anchor': 'end'},
        e === 0 ? '1' : '1e' + e);
    }
    for (let i = 1; i <= data.maxLayer; i++) {
      Lab.svg(g, 'text', {x: x(i), y: bottom + 26, 'font-size': 18, 'text-anchor': 'middle'},
        'i = ' + i);
    }
    data.schemes.forEach((scheme, s) => {
      const colour = Lab.SERIES[s];
      const theory = scheme.theory[step];
      const points = [];
      for (let i = 1; i <= data.maxLayer; i++) {
        if (theory[i] >= 10 ** lowest) {
          points.push(x(i) + ',' + y(theory[i]));
        }
      }
      if (points.length > 1) {
        Lab.svg(g, 'polyline', {points: points.join(' '), fill: 'none', stroke: colour,
          'stroke-width': 3, 'stroke-dasharray': s === 0 ? 'none' : '8 5'});
      }
      const loads = Lab.loads(scheme, step, data.n);
      for (let i = 1; i <= data.maxLayer; i++) {
        const fraction = loads.filter((l) => l >= i).length / data.n;
        if (fraction > 0) {
          Lab.svg(g, 'circle', {cx: x(i) + (s - 1.5) * 6, cy: y(fraction), r: 7, fill: colour,
            stroke: Lab.COLOURS.black, 'stroke-width': 1.5, class: 'measured',
            'data-layer': i, 'data-scheme': scheme.label});
        }
      }
      Lab.svg(g, 'rect', {x: right + 30, y: top + s * 34 - 12, width: 26, height: 16,
        fill: colour});
      Lab.svg(g, 'text', {x: right + 64, y: top + s * 34 + 2, 'font-size': 18}, scheme.label);
    });
    ['dots: measured', 'lines: Poisson tail', 'and fluid limits'].forEach((text, i) =>
      Lab.svg(g, 'text', {x: right + 30, y: top + 4 * 34 + 4 + 24 * i, 'font-size': 18,
        fill: '#555555'}, text));
  }

  function render(data, step, view) {
    data.schemes.forEach((_, s) => drawPanel(view.figure, data, s, step, view.preview));
    drawLayers(view.figure, data, step);
    let line = 0;
    if (view.preview) {
      line = 3;
    } else if (step > 0) {
      const ties = data.schemes.map((scheme) => scheme.ties[step - 1]);
      line = ties[ASKED] ? 5 : ties.some((t) => t) ? 4 : 6;
    }
    const status = data.schemes.map((scheme) =>
      [scheme.label + ' max load', String(max(Lab.loads(scheme, step, data.n)))]);
    for (const bound of data.bounds) {
      status.push([bound.formula + ' (' + bound.meaning + ', n balls)',
        Lab.number(bound.value, 3)]);
    }
    return {line, status};
  }

  function question(data, step) {
    const scheme = data.schemes[ASKED];
    const candidates = scheme.candidates[step];
    const loads = Lab.loads(scheme, step, data.n);
    return {
      text: 'Ball ' + (step + 1) + ', 2-left: its candidates are outlined. Which bin does it join?',
      options: candidates.map((bin, c) => ({id: 'bin-' + bin,
        label: 'bin ' + bin + ' (' + (c === 0 ? 'left' : 'right') + ', load ' + loads[bin] + ')'})),
      answer: 'bin-' + candidates[scheme.chosen[step]],
      explain: 'The least loaded candidate wins; on a tie, the left one.',
    };
  }

  function csv(data, step) {
    let text = Lab.csvLine(['scheme', 'bin', 'load after ' + step + ' balls']);
    for (const scheme of data.schemes) {
      Lab.loads(scheme, step, data.n).forEach((load, bin) => {
        text += Lab.csvLine([scheme.label, bin, load]);
      });
    }
    return text;
  }

  Lab.start({api: '/api/balls', name: 'balls', width: WIDTH, height: LAYERS_TOP + LAYERS_H,
    figureLabel: 'Bins of the four rules and their layers', pseudocode: () => PSEUDOCODE, render,
    question, rule: () => '2-left', csv});

  Lab.oneClick('large-form', '/api/balls/large', (data, box) => {
    const rows = [['rule', 'maximum load', 'formula']];
    for (const scheme of data.schemes) {
      rows.push([scheme.label, String(scheme.maxLoad), Lab.number(scheme.formula, 3)]);
    }
    Lab.html(box, 'p', {}, data.n + ' balls into ' + data.n + ' bins, seed ' + data.seed + ':');
    Lab.table(box, rows).id = 'large-table';
  });
})();
