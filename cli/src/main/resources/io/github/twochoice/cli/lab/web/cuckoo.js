/* Copyright 2026 The twochoice Authors. SPDX-License-Identifier: Apache-2.0 */
/* The cuckoo page: the library's CuckooTable, insert by insert, on the table and the graph. */
'use strict';

(() => {
  const WIDTH = 1200;
  const HEIGHT = 760;
  const PER_ROW = 16;
  const TABLE_TOP = 110;
  const ROW_GAP = 26;
  const SLOT_H = 36;
  const C = Lab.COLOURS;

  const PSEUDOCODE = [
    'insert(key):',
    '  if one of its d buckets has a free slot:',
    '    put key into the least loaded (earliest on ties)',
    '  else: breadth-first search from its d buckets,',
    '    over the other buckets of the keys they hold,',
    '    to the first bucket with a free slot',
    '  if found: move each key on the path, last first,',
    '            then put key into the first bucket',
    '  else: fail: its component is full; nothing moved',
  ];

  function tableAt(data, step) {
    return step > 0 ? data.inserts[step - 1].table : new Array(data.buckets).fill([]);
  }

  function layout(data) {
    const bucketW = (WIDTH - 40) / PER_ROW;
    const slotH = data.b === 4 ? 30 : SLOT_H;
    const rowH = ROW_GAP + data.b * slotH;
    const rows = Math.ceil(data.buckets / PER_ROW);
    return {
      x: (u) => 20 + (u % PER_ROW) * bucketW,
      y: (u) => TABLE_TOP + Math.floor(u / PER_ROW) * rowH + 20,
      bucketW, slotH,
      graphTop: TABLE_TOP + rows * rowH + 50,
    };
  }

  function drawTable(figure, data, table, insert, preview, step) {
    const at = layout(data);
    const candidates = insert ? insert.candidates : [];
    const component = !preview && insert && insert.component ? insert.component.buckets : [];
    for (let u = 0; u < data.buckets; u++) {
      const x = at.x(u);
      const y = at.y(u);
      const isCandidate = candidates.includes(u);
      Lab.svg(figure, 'text', {x: x + 5, y: y - 4, 'font-size': 16, fill: '#555555',
        class: 'bucket-label'}, u);
      const box = Lab.svg(figure, 'rect', {x: x + 3, y, width: at.bucketW - 6,
        height: at.slotH * data.b, rx: 4,
        fill: component.includes(u) ? '#fbe3d3' : isCandidate ? '#dcecf8' : '#ffffff',
        stroke: component.includes(u) ? C.vermillion : isCandidate ? C.blue : '#777777',
        'stroke-width': isCandidate || component.includes(u) ? 4 : 1.5, 'data-bucket': u});
      if (preview && isCandidate) {
        box.setAttribute('data-choice', 'bucket-' + u);
      }
      table[u].forEach((key, j) => {
        const moved = !preview && insert && insert.path.some((m) => m[0] === key);
        const isNew = !preview && insert && insert.placed && key === insert.key;
        if (isNew || moved) {
          Lab.svg(figure, 'rect', {x: x + 6, y: y + j * at.slotH + 2, width: at.bucketW - 12,
            height: at.slotH - 4, rx: 3, fill: isNew ? C.yellow : '#fde5b3'});
        }
        const label = Lab.svg(figure, 'text', {x: x + at.bucketW / 2,
          y: y + j * at.slotH + at.slotH / 2 + 6, 'font-size': Math.min(20, at.slotH - 6),
          'text-anchor': 'middle', 'font-weight': isNew || moved ? 'bold' : 'normal',
          class: 'key', 'data-key': key}, key);
        if (preview && candidates.includes(u)) {
          label.setAttribute('data-choice', 'evict-' + key);
        }
      });
    }
    if (!preview && insert && insert.placed) {
      drawPath(figure, data, insert, at);
    }
    Lab.svg(figure, 'text', {x: 20, y: 34, 'font-size': 28, 'font-weight': 'bold'},
      headline(data, insert, preview, step));
  }

  function headline(data, insert, preview, step) {
    if (!insert) {
      return 'An empty table of ' + data.buckets + ' buckets × ' + data.b + ' slots.';
    }
    const key = 'Key ' + insert.key + ' (buckets ' + insert.candidates.join(', ') + ')';
    if (preview) {
      return key + ': where does it go?';
    }
    if (!insert.placed) {
      return key + ' cannot be placed: the insert fails at load ' + Lab.number(
        (step - 1) / data.cells, 3) + '.';
    }
    if (insert.path.length === 0) {
      return key + ' → bucket ' + insert.bucket + ', a free slot.';
    }
    return key + ' → bucket ' + insert.bucket + ', moving ' + insert.path.length
      + (insert.path.length === 1 ? ' key.' : ' keys.');
  }

  /** The eviction path on the table: the new key in, then each moved key to its next bucket. */
  function drawPath(figure, data, insert, at) {
    /* Arrows land on the right of a bucket's top: its number stands on the left, uncovered. */
    const top = (u) => [at.x(u) + 0.75 * at.bucketW, at.y(u) - 2];
    const defs = Lab.svg(figure, 'defs', {});
    const marker = Lab.svg(defs, 'marker', {id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5,
      markerWidth: 4, markerHeight: 4, orient: 'auto-start-reverse'});
    Lab.svg(marker, 'path', {d: 'M0,0 L10,5 L0,10 z', fill: C.orange});
    insert.path.forEach((move, i) => {
      const [x1, y1] = top(move[1]);
      const [x2, y2] = top(move[2]);
      const high = Math.min(y1, y2) - 30 - 16 * i;
      Lab.svg(figure, 'path', {d: 'M' + x1 + ',' + y1 + ' C' + x1 + ',' + high + ' '
        + x2 + ',' + high + ' ' + x2 + ',' + y2, fill: 'none', stroke: C.orange,
      'stroke-width': 5, 'marker-end': 'url(#arrow)', class: 'path-move',
      'data-key': move[0], 'data-from': move[1], 'data-to': move[2]});
      badge(figure, (x1 + x2) / 2, high + 0.25 * (Math.max(y1, y2) - high), i + 1, C.orange);
    });
    const steps = insert.path.map((m, i) => (i + 1) + ': key ' + m[0] + ' ' + m[1] + ' → ' + m[2]);
    Lab.svg(figure, 'text', {x: 20, y: 68, 'font-size': 20, class: 'path-list'},
      'Moves, last first: ' + steps.join(';  '));
  }

  /** The colour of the label of an edge drawn in `colour`: its hue, dark enough to read. */
  function ink(colour) {
    const inks = {[C.vermillion]: Lab.INK.vermillion, [C.orange]: Lab.INK.orange,
      [C.blue]: Lab.INK.blue};
    return inks[colour] || '#555555';
  }

  /** A numbered disc: a move's place in the path, drawn on its arrow instead of a long label. */
  function badge(figure, x, y, number, colour) {
    Lab.svg(figure, 'circle', {cx: x, cy: y, r: 13, fill: '#ffffff', stroke: colour,
      'stroke-width': 3});
    Lab.svg(figure, 'text', {x, y: y + 6, 'font-size': 17, 'font-weight': 'bold',
      'text-anchor': 'middle'}, number);
  }

  /**
   * For each key of d = 2, its rank among the keys with the same two buckets and their number:
   * parallel edges are drawn as separate curves, never one line for two keys.
   */
  function parallels(keys, candidatesOf) {
    const groups = new Map();
    for (const key of keys) {
      const pair = [...candidatesOf.get(key)].sort((a, b) => a - b).join(' ');
      groups.set(pair, (groups.get(pair) || []).concat([key]));
    }
    const result = new Map();
    for (const group of groups.values()) {
      group.forEach((key, rank) => result.set(key, [rank, group.length]));
    }
    return result;
  }

  /** An edge from p to q bent sideways by `offset` lanes; returns where its label goes. */
  function curve(figure, p, q, offset, style) {
    const [dx, dy] = [q[0] - p[0], q[1] - p[1]];
    const length = Math.hypot(dx, dy) || 1;
    const bend = 2 * 26 * offset;
    const [mx, my] = [(p[0] + q[0]) / 2 - dy / length * bend, (p[1] + q[1]) / 2 + dx / length * bend];
    Lab.svg(figure, 'path', Object.assign({d: 'M' + p[0] + ',' + p[1] + ' Q' + mx + ',' + my + ' '
      + q[0] + ',' + q[1]}, style));
    return [(p[0] + q[0]) / 4 + mx / 2, (p[1] + q[1]) / 4 + my / 2];
  }

  /** A self-loop (both choices the same bucket) inside the circle, larger for each further one. */
  function loop(figure, p, centre, rank, style) {
    const [dx, dy] = [centre[0] - p[0], centre[1] - p[1]];
    const length = Math.hypot(dx, dy) || 1;
    const r = 16 + 10 * rank;
    const [ox, oy] = [p[0] + dx / length * r, p[1] + dy / length * r];
    Lab.svg(figure, 'circle', Object.assign({cx: ox, cy: oy, r}, style));
    return [p[0] + dx / length * (2 * r + 10), p[1] + dy / length * (2 * r + 10)];
  }

  /** The cuckoo graph: buckets on a circle, each key an edge (d = 2) or a star (d > 2). */
  function drawGraph(figure, data, table, insert, preview) {
    const GRAPH_TOP = layout(data).graphTop;
    const cx = 330;
    const cy = GRAPH_TOP + 230;
    const radius = 200;
    const point = (u) => [cx + radius * Math.cos(2 * Math.PI * u / data.buckets - Math.PI / 2),
      cy + radius * Math.sin(2 * Math.PI * u / data.buckets - Math.PI / 2)];
    Lab.svg(figure, 'text', {x: 20, y: GRAPH_TOP, 'font-size': 22, 'font-weight': 'bold'},
      'Cuckoo graph: buckets are vertices, keys are edges');
    const edges = [];
    const candidatesOf = new Map();
    for (const i of data.inserts) {
      candidatesOf.set(i.key, i.candidates);
    }
    table.forEach((keys) => keys.forEach((key) => edges.push(key)));
    const moved = !preview && insert ? new Set(insert.path.map((m) => m[0])) : new Set();
    const component = !preview && insert && insert.component
      ? new Set(insert.component.keys) : new Set();
    const drawn = insert && !edges.includes(insert.key) ? edges.concat([insert.key]) : edges;
    const twin = parallels(drawn, candidatesOf);
    const drawEdge = (key, colour, widthPx, dash, cls) => {
      const buckets = candidatesOf.get(key);
      const points = buckets.map(point);
      const style = {fill: 'none', stroke: colour, 'stroke-width': widthPx,
        'stroke-dasharray': dash, class: cls + ' graph-edge', 'data-key': key,
        'data-buckets': buckets.join(' ')};
      if (buckets.length === 2) {
        const [rank, count] = twin.get(key);
        const label = buckets[0] === buckets[1]
          ? loop(figure, points[0], [cx, cy], rank, style)
          : curve(figure, points[0], points[1], rank - (count - 1) / 2, style);
        Lab.svg(figure, 'text', {x: label[0], y: label[1] + 5, 'font-size': 15,
          'text-anchor': 'middle', fill: ink(colour),
          'font-weight': 'bold', stroke: '#ffffff', 'stroke-width': 4, 'paint-order': 'stroke',
          class: 'edge-label', 'data-key': key}, key);
      } else {
        const mx = points.reduce((a, p) => a + p[0], 0) / points.length;
        const my = points.reduce((a, p) => a + p[1], 0) / points.length;
        for (const p of points) {
          Lab.svg(figure, 'line', {x1: mx, y1: my, x2: p[0], y2: p[1], stroke: colour,
            'stroke-width': widthPx, 'stroke-dasharray': dash, class: cls, 'data-key': key});
        }
        Lab.svg(figure, 'circle', {cx: mx, cy: my, r: 3, fill: colour});
      }
    };
    for (const key of edges) {
      if (!moved.has(key) && !component.has(key) && !(insert && key === insert.key)) {
        drawEdge(key, '#b5b5b5', 1.5, 'none', 'edge');
      }
    }
    for (const key of component) {
      drawEdge(key, C.vermillion, 4, 'none', 'component-edge');
    }
    for (const key of moved) {
      drawEdge(key, C.orange, 5, 'none', 'path-edge');
    }
    if (insert) {
      drawEdge(insert.key, insert.placed || preview ? C.blue : C.vermillion, 5, '9 6',
        'new-edge');
    }
    const full = new Set();
    table.forEach((keys, u) => {
      if (keys.length === data.b) {
        full.add(u);
      }
    });
    for (let u = 0; u < data.buckets; u++) {
      const [x, y] = point(u);
      Lab.svg(figure, 'circle', {cx: x, cy: y, r: data.buckets > 64 ? 4 : 7,
        fill: full.has(u) ? C.black : '#ffffff', stroke: C.black, 'stroke-width': 2});
      if (data.buckets <= 32) {
        const [lx, ly] = [cx + (radius + 20) * Math.cos(2 * Math.PI * u / data.buckets
          - Math.PI / 2), cy + (radius + 20) * Math.sin(2 * Math.PI * u / data.buckets
          - Math.PI / 2)];
        Lab.svg(figure, 'text', {x: lx, y: ly + 6, 'font-size': 18, 'text-anchor': 'middle'}, u);
      }
    }
    const legend = [
      [C.blue, 'dashed: the key being inserted'],
      [C.orange, 'the keys it moved (the path)'],
      [C.vermillion, 'a failed insert: its component, all full'],
      [C.black, 'filled vertex: a full bucket'],
    ];
    legend.forEach(([colour, text], i) => {
      Lab.svg(figure, 'rect', {x: 640, y: GRAPH_TOP + 40 + i * 38, width: 28, height: 8,
        fill: colour});
      Lab.svg(figure, 'text', {x: 680, y: GRAPH_TOP + 50 + i * 38, 'font-size': 22}, text);
    });
    if (!preview && insert && insert.component) {
      const keys = insert.component.keys.length;
      const slots = insert.component.buckets.length * data.b;
      Lab.svg(figure, 'text', {x: 640, y: GRAPH_TOP + 220, 'font-size': 22, 'font-weight': 'bold',
        fill: Lab.INK.vermillion, id: 'failure-note'},
      'Component: ' + insert.component.buckets.length + ' buckets, ' + slots + ' slots, '
        + keys + ' keys');
      Lab.svg(figure, 'text', {x: 640, y: GRAPH_TOP + 252, 'font-size': 22,
        fill: Lab.INK.vermillion},
        '+ key ' + insert.key + ' = ' + (keys + 1) + ' keys for ' + slots + ' slots'
        + (data.d === 2 && data.b === 1 ? ': a second cycle' : ''));
    }
  }

  function render(data, step, view) {
    const figure = view.figure;
    const table = tableAt(data, step);
    const insert = view.preview ? data.inserts[step] : step > 0 ? data.inserts[step - 1] : null;
    drawTable(figure, data, table, insert, view.preview, step);
    drawGraph(figure, data, table, insert, view.preview);
    let line = 0;
    if (view.preview) {
      line = 1;
    } else if (insert) {
      line = !insert.placed ? 8 : insert.path.length === 0 ? 2 : 6;
    }
    const keys = table.reduce((a, k) => a + k.length, 0);
    return {line, height: layout(data).graphTop + 480, status: [
      ['keys placed', String(keys)],
      ['load (keys / cells)', Lab.number(keys / data.cells, 3)],
      ['keys moved by this insert', insert && !view.preview ? String(insert.path.length) : '–'],
      ['path', insert && !view.preview && insert.path.length
        ? insert.path.map((m) => m[0] + ': ' + m[1] + '→' + m[2]).join(', ') : '–'],
      ['threshold of large tables', Lab.number(data.threshold, 3)],
      ['this table failed at load', data.failed ? Lab.number(data.load, 3) : 'never (full)'],
    ]};
  }

  function question(data, step) {
    const insert = data.inserts[step];
    const table = tableAt(data, step);
    const buckets = [...new Set(insert.candidates)];
    const room = buckets.filter((u) => table[u].length < data.b);
    if (room.length > 0) {
      if (buckets.length < 2) {
        return null;
      }
      return {
        text: 'Key ' + insert.key + ': which of its buckets does it go into?',
        options: buckets.map((u) => ({id: 'bucket-' + u,
          label: 'bucket ' + u + ' (' + table[u].length + ' of ' + data.b + ' full)'})),
        answer: 'bucket-' + insert.bucket,
        explain: 'The least loaded bucket with room; the earliest choice on ties.',
      };
    }
    const residents = buckets.flatMap((u) => table[u]);
    return {
      text: 'Key ' + insert.key + ' finds its buckets full. Which key moves out, or does it fail?',
      options: residents.map((key) => ({id: 'evict-' + key, label: 'key ' + key + ' moves'}))
        .concat([{id: 'fail', label: 'the insert fails'}]),
      answer: insert.placed ? 'evict-' + insert.path[0][0] : 'fail',
      explain: 'The search takes the shortest path to a free slot, if there is one.',
    };
  }

  function csv(data, step) {
    const table = tableAt(data, step);
    let text = Lab.csvLine(['bucket', 'slot', 'key']);
    table.forEach((keys, u) => keys.forEach((key, j) => {
      text += Lab.csvLine([u, j, key]);
    }));
    return text;
  }

  Lab.start({api: '/api/cuckoo', name: 'cuckoo', width: WIDTH, height: HEIGHT,
    figureLabel: 'The cuckoo table and its graph', pseudocode: () => PSEUDOCODE, render,
    question, csv});

  Lab.oneClick('sweep-form', '/api/cuckoo/sweep', (data, box) => {
    Lab.html(box, 'p', {id: 'sweep-summary'}, data.trials + ' tables of ' + data.cells
      + ' cells, (d, b) = (' + data.d + ', ' + data.b + '): median load at the first failure '
      + Lab.number(data.median, 4) + ', a tenth of the tables failed by '
      + Lab.number(data.low, 4) + ' and nine tenths by ' + Lab.number(data.high, 4)
      + ' (the drop is ' + Lab.number(data.high - data.low, 2) + ' wide); threshold of large tables '
      + Lab.number(data.threshold, 4) + '.');
  });
})();
